// Author feedback about a photo (issue #17), located at the field or Markdown that names it,
// in the catalogue's words (generator/errors.ts). Pure: it reads what encode.ts found, never
// the image.
import { problem, type Place } from '../errors.ts';
import type { Problem } from '../problems.ts';
import { ImageSourceError } from './encode.ts';
import { largestUse, type ImageRole } from './roles.ts';

/** Extensions the pipeline encodes; SVGs pass through generator/assets.ts unchanged. */
export const rasterExtensions = ['.jpg', '.jpeg', '.png', '.webp', '.avif'] as const;

const extensionOf = (path: string) => /\.[^./]+$/.exec(path)?.[0]?.toLowerCase() ?? '';

/** Whether the build encodes this path (a photo) rather than copying it (an SVG). */
export const isRaster = (path: string): boolean => (rasterExtensions as readonly string[]).includes(extensionOf(path));

/** An SVG or a photo format the site delivers (by the name's extension). */
export function isSupportedImage(value: string): boolean {
  return extensionOf(value) === '.svg' || isRaster(value);
}

/**
 * A path whose extension is neither a photo's nor an SVG's (a .heic or .gif written in
 * Markdown; schema fields cannot name one): unsupported before any byte is read.
 */
export function extensionProblem(value: string, at: Place): Problem | undefined {
  if (isSupportedImage(value)) return undefined;
  const ext = extensionOf(value);
  return problem('image-unsupported', at, { value, format: ext ? ext.slice(1).toUpperCase() : 'no extension' });
}

/**
 * What encoding `value` threw, as the author's problem: a format sharp reads but the site does
 * not deliver (HEIC, GIF, a text file named .jpg), or a file that does not decode. Anything
 * else is a generator bug, not the author's: undefined, and the caller lets it propagate.
 */
export function encodeProblem(value: string, at: Place, error: unknown): Problem | undefined {
  if (!(error instanceof ImageSourceError)) return undefined;
  return error.kind === 'unsupported'
    ? problem('image-unsupported', at, { value, format: error.detail })
    : problem('image-corrupt', at, { value, detail: error.detail });
}

/** A warning when the source is narrower than the widest of the roles it was shown in (2× screens). */
export function sizeProblem(value: string, at: Place, sourceWidth: number, used: Iterable<ImageRole>): Problem | undefined {
  const widest = Math.max(0, ...[...used].map(largestUse));
  if (sourceWidth >= widest) return undefined;
  return problem('image-too-small', at, { value, width: sourceWidth, largestUse: widest });
}
