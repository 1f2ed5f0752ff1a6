// Author feedback about a raster source (issue #17), as data: the build adds the file, line
// and column of the reference and the catalogue's words (generator/errors.ts) when it wires
// this in. Pure: it reads what encode.ts found, never the image.
import { ImageSourceError, type Encoded } from './encode.ts';

/** Extensions the pipeline encodes; SVGs pass through generator/assets.ts unchanged. */
export const rasterExtensions = ['.jpg', '.jpeg', '.png', '.webp', '.avif'] as const;

/** One thing wrong with a source image, with what to do about it. */
export type ImageFinding =
  | { kind: 'image-unsupported'; severity: 'error'; format: string; message: string; hint: string }
  | { kind: 'image-corrupt'; severity: 'error'; detail: string; message: string; hint: string }
  | { kind: 'image-too-small'; severity: 'warning'; sourceWidth: number; largestUse: number; message: string; hint: string };

/** What is known about one source: the encode's result or what it threw, and its widest use. */
export interface ImageCheck {
  /** The source file name or path, for the extension check and the message. */
  path: string;
  result?: Encoded;
  error?: unknown;
  /** The widest the image is ever shown, in device pixels (the role's largest width). */
  largestUse?: number;
}

/** Findings for one source: unsupported format, corrupt file, or smaller than its largest use. */
export function imageFindings(check: ImageCheck): ImageFinding[] {
  const ext = /\.[^./]+$/.exec(check.path)?.[0]?.toLowerCase() ?? '';
  if (ext !== '.svg' && !(rasterExtensions as readonly string[]).includes(ext)) return [unsupported(ext ? ext.slice(1).toUpperCase() : 'no extension')];
  if (check.error !== undefined) {
    if (check.error instanceof ImageSourceError) {
      return [check.error.kind === 'unsupported' ? unsupported(check.error.detail) : corrupt(check.error.detail)];
    }
    // Anything else is a generator bug, not the author's: the caller lets it propagate.
    return [];
  }
  const source = check.result?.source;
  if (source && check.largestUse !== undefined && source.width < check.largestUse) {
    return [{
      kind: 'image-too-small', severity: 'warning', sourceWidth: source.width, largestUse: check.largestUse,
      message: `is ${source.width} px wide but is shown up to ${check.largestUse} px wide, so it looks blurry on sharp screens`,
      hint: `use a source at least ${check.largestUse} px wide (the camera's original, not a thumbnail)`,
    }];
  }
  return [];
}

function unsupported(format: string): ImageFinding {
  return {
    kind: 'image-unsupported', severity: 'error', format,
    message: `is in a format the site cannot deliver (${format})`,
    hint: `save it as JPEG (photos), PNG (screenshots, transparency), WebP or AVIF, or as SVG for drawings`,
  };
}

function corrupt(detail: string): ImageFinding {
  return {
    kind: 'image-corrupt', severity: 'error', detail,
    message: `cannot be decoded (${detail.trim().split('\n')[0]})`,
    hint: 'the file is damaged or incomplete: export or copy it again from the original',
  };
}
