// A photo the author drops into the admin, judged before it is kept: its format by its bytes (a
// text file named .png is refused), its size and its pixels as the photo pipeline takes them, and
// the widths the build will derive from it. Only a new file under content/images/ is written.
import { loadSharp } from '../../assets/images/sharp.ts';
import { SOURCE_BYTES_WARNED } from '../../assets/images/problems.ts';
import { WIDTH_LADDER } from '../../assets/images/roles.ts';
import { inspectUnder, pathFormProblem } from '../../content/paths.ts';
import { createFile } from '../../content/writes.ts';
import { UsageError } from '../../problems/errors.ts';
import { PHOTO_PATH } from './files.ts';

/** The largest upload: twice the size a source photo is warned at, so an export fits and a camera original does not. */
export const MAX_PHOTO_BYTES = 2 * SOURCE_BYTES_WARNED;

/** What the bytes of each format the site delivers start with. */
const SIGNATURES: { format: string; test: (b: Buffer) => boolean }[] = [
  { format: 'jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { format: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { format: 'webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  { format: 'avif', test: (b) => b.subarray(4, 8).toString('latin1') === 'ftyp' && /^avi[fs]$/.test(b.subarray(8, 12).toString('latin1')) },
];
const EXTENSION_FORMAT: Record<string, string> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'avif' };

export interface UploadedPhoto {
  path: string;
  format: string;
  width: number;
  height: number;
  bytes: number;
  /** The widths the build derives (never wider than the source). */
  widths: number[];
  warnings: string[];
}

/** Checks `bytes` as a photo for `rel` (images/…), then creates it; throws UsageError with the reason to tell the author. */
export async function addPhoto(contentDir: string, rel: string, bytes: Buffer): Promise<UploadedPhoto> {
  const form = pathFormProblem(rel);
  if (form || !PHOTO_PATH.test(rel)) throw new UsageError(`${rel} is not a photo's path: use images/<folder>/<name>.jpg (or .png, .webp, .avif), lowercase letters, digits, dots and hyphens`);
  if (inspectUnder(contentDir, rel).kind !== 'missing') throw new UsageError(`content/${rel} already exists: choose another name (a photo is never replaced from the admin)`);
  if (bytes.length > MAX_PHOTO_BYTES) throw new UsageError(`the file is ${mb(bytes.length)}; the limit is ${mb(MAX_PHOTO_BYTES)}: export it smaller (2400 px wide is plenty)`);
  const sniffed = SIGNATURES.find((s) => s.test(bytes))?.format;
  const named = EXTENSION_FORMAT[rel.split('.').pop()!]!;
  if (!sniffed) throw new UsageError(`the file is not a JPEG, PNG, WebP or AVIF photo, whatever its name says`);
  if (sniffed !== named) throw new UsageError(`the file is a ${sniffed.toUpperCase()} named .${rel.split('.').pop()}: rename it .${sniffed === 'jpeg' ? 'jpg' : sniffed}`);
  let meta;
  try {
    meta = await loadSharp()(bytes, { failOn: 'error' }).metadata();
  } catch (error) {
    const detail = (error as Error).message;
    throw new UsageError(/pixel limit/i.test(detail) ? 'the photo has more pixels than the pipeline decodes (268 million): resize it' : `the photo does not decode (${detail}): export it again`);
  }
  // EXIF orientations 5–8 turn the picture a quarter: the visitor sees it with width and height swapped.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  if (!width || !height) throw new UsageError('the photo has no width or height');
  const warnings: string[] = [];
  if (bytes.length > SOURCE_BYTES_WARNED) warnings.push(`it is ${mb(bytes.length)}: the repository keeps every version, so an export under ${mb(SOURCE_BYTES_WARNED)} is kinder`);
  if (width < 1280) warnings.push(`it is ${width} px wide: a hero is shown up to 1920 px on a 2× screen, so it will look soft there`);
  createFile(contentDir, rel, bytes, () => new UsageError(`content/${rel} already exists: choose another name`));
  const widths: number[] = WIDTH_LADDER.filter((w) => w <= width);
  return { path: rel, format: sniffed, width, height, bytes: bytes.length, widths: widths.length ? widths : [width], warnings };
}

const mb = (n: number) => `${(n / 1048576).toFixed(1).replace(/\.0$/, '')} MB`;
