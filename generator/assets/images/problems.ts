// Author feedback about a photo, located at the field or Markdown that names it,
// in the catalogue's words (generator/problems/errors.ts). Pure: it reads what encode.ts found, never
// the image.
import { placeAt, problem, type Place } from '../../problems/errors.ts';
import type { Problem } from '../../problems/problems.ts';
import { ImageSourceError } from './encode.ts';
import { largestUse, type ImageRole } from './roles.ts';

/** Extensions the pipeline encodes; SVGs pass through generator/assets/assets.ts unchanged. */
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
  // sharp refuses more than 268 MP before decoding (limitInputPixels): a panorama or a 20,000 px
  // export is whole, not damaged, and the author's fix is to resize it.
  if (error.kind === 'corrupt' && /exceeds pixel limit/i.test(error.detail)) return problem('image-too-many-pixels', at, { value });
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

/** A source photo above this many bytes is a warning: the repository keeps every version of it. */
export const SOURCE_BYTES_WARNED = 5 * 1024 * 1024;

/** A warning when a source photo is larger than SOURCE_BYTES_WARNED (a camera original, not an export). */
export function sourceBytesProblem(value: string, at: Place, bytes: number): Problem | undefined {
  if (bytes <= SOURCE_BYTES_WARNED) return undefined;
  const mb = (n: number) => `${(n / 1048576).toFixed(1).replace(/\.0$/, '')} MB`;
  return problem('heavy-source-image', at, { value, size: mb(bytes), limit: mb(SOURCE_BYTES_WARNED) });
}

/**
 * What an SVG drawing may not hold: anything that runs, embeds a document or fetches from
 * elsewhere. The site publishes an SVG as it is; opened on its own (its address, or the icon
 * sprite) it is a document of the site's origin. The CSP blocks its scripts in production, and
 * this keeps them out of the files altogether. Handlers, links and addresses are looked for
 * inside tags (a drawing's text has its "<" escaped).
 */
const ACTIVE_SVG: [RegExp, string][] = [
  [/<script\b/i, 'a script (<script>)'],
  [/<[^>]*\son[a-z]+\s*=/i, 'an event handler (an on… attribute)'],
  [/<[^>]*=\s*["']\s*(?:java|vb)script\s*:/i, 'a javascript: link'],
  [/<foreignObject\b/i, 'embedded HTML (<foreignObject>)'],
  [/<(?:iframe|embed|object)\b/i, 'an embedded document'],
  [/<[^>]*href\s*=\s*["']\s*(?!data:image\/)(?:[a-z][a-z0-9+.-]*:|\/\/)|url\(\s*["']?\s*(?!data:image\/)(?:[a-z][a-z0-9+.-]*:|\/\/)|@import\b/i, 'a file from another server'],
];

/** The problem with an SVG's text (`file`: its display path), located at the tag holding what it may not; undefined for a plain drawing. */
export function activeSvgProblem(svg: string, file: string): Problem | undefined {
  let first: { index: number; what: string } | undefined;
  for (const [pattern, what] of ACTIVE_SVG) {
    const found = pattern.exec(svg);
    if (found && (!first || found.index < first.index)) first = { index: found.index, what };
  }
  if (!first) return undefined;
  return problem('svg-active', { file, ...placeAt(svg, first.index) }, { what: first.what });
}
