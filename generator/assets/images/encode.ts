// Raster images: one source's bytes → AVIF, WebP and a fallback at each width a
// role lays out at, oriented, stripped of every metadata block, with content hashes. Pure in
// the sense that matters here: bytes in, buffers out, no file system (generator/assets/images/cache.ts
// keeps the results); sharp does the pixel work.
//
// Privacy: sharp writes no EXIF, XMP, IPTC or ICC block unless asked (`withMetadata`,
// `keepExif`…), and nothing here asks, so a phone photo's GPS position, camera and owner's
// name never leave the source. tests/unit/assets/images/images-encode.test.ts reads every output back.
import type { Metadata, Sharp } from 'sharp';
import { loadSharp } from './sharp.ts';
import { hash } from '../../hash.ts';

/** Formats a browser picks from a <picture>'s <source>s; the fallback comes on top. */
export type ModernFormat = 'avif' | 'webp';
/** Every format an output can be in. */
export type OutputFormat = ModernFormat | 'jpeg' | 'png';
/** Source formats the pipeline accepts (sharp calls an AVIF file `heif` with av1 compression). */
export type SourceFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** How one image is delivered for one role; part of the cache key, so keep it plain data. */
export interface Transform {
  /** Widths the role lays out at, in device pixels (1× and 2× of its CSS widths), any order. */
  widths: readonly number[];
  /** Formats offered before the fallback, best first. */
  formats: readonly ModernFormat[];
  /** AVIF effort, 0 (fastest) to 9: the main time knob of a cold build. */
  avifEffort: number;
  /** Encoder quality per lossy format, 1–100. */
  quality: { avif: number; webp: number; jpeg: number };
}

/** The transform a role starts from; roles override `widths`. */
export const defaultTransform: Transform = {
  widths: [400, 800, 1600],
  formats: ['avif', 'webp'],
  avifEffort: 1,
  quality: { avif: 50, webp: 75, jpeg: 75 },
};

/** One encoded file. */
export interface EncodedFile {
  format: OutputFormat;
  width: number;
  height: number;
  /** Content hash of `bytes` (generator/hash.ts), for the file name. */
  hash: string;
  bytes: Buffer;
}

/** Everything a template and the admin need about one delivered image. */
export interface Encoded {
  /** The source as a visitor sees it: width and height after EXIF orientation. */
  source: { format: SourceFormat; width: number; height: number; bytes: number; hasAlpha: boolean };
  /** The format of the <img> inside the <picture>, for browsers with neither AVIF nor WebP. */
  fallback: 'jpeg' | 'png';
  /** `#rrggbb`, painted behind the image while it loads. */
  dominant: string;
  /** Widths actually produced, ascending; every format has each. */
  widths: number[];
  /** Ordered by format (as in `formats`, then the fallback), then width. */
  files: EncodedFile[];
}

/** Why a source cannot be encoded; generator/assets/images/problems.ts turns it into author feedback. */
export class ImageSourceError extends Error {
  constructor(readonly kind: 'unsupported' | 'corrupt', readonly detail: string, options?: ErrorOptions) {
    super(kind === 'unsupported' ? `unsupported image format: ${detail}` : `corrupt image: ${detail}`, options);
    this.name = 'ImageSourceError';
  }
}

/** `stem-800-<hash>.avif`: the width keeps names readable, the hash makes them immutable. */
export function fileName(stem: string, file: Pick<EncodedFile, 'format' | 'width' | 'hash'>): string {
  return `${stem}-${file.width}-${file.hash}.${file.format === 'jpeg' ? 'jpg' : file.format}`;
}

/**
 * Widths to produce for a source `sourceWidth` wide: every requested width it can fill, and in
 * place of those it cannot, the source's own width (a 1200 px photo for a 1600 px slot is sent
 * at 1200 rather than capped at 800). Never upscaled: that only adds bytes, not detail.
 */
export function outputWidths(requested: readonly number[], sourceWidth: number): number[] {
  const widths = new Set(requested.map((w) => Math.min(Math.round(w), sourceWidth)).filter((w) => w > 0));
  return [...widths].sort((a, b) => a - b);
}

/**
 * The fallback's format: the source's own for JPEG and PNG; for a WebP or AVIF source, PNG if
 * it has transparency (JPEG would paint it black) and JPEG otherwise (PNG photos are huge).
 */
export function fallbackFormat(format: SourceFormat, hasAlpha: boolean): 'jpeg' | 'png' {
  if (format === 'jpeg' || format === 'png') return format;
  return hasAlpha ? 'png' : 'jpeg';
}

/** Read a source's header: its format and oriented size, or an ImageSourceError. */
export async function readSource(bytes: Buffer): Promise<Encoded['source']> {
  let meta: Metadata;
  try {
    meta = await loadSharp()(bytes).metadata();
  } catch (error) {
    // libvips says "unsupported image format" for bytes it has no loader for (text, a
    // truncated header); anything else failed while reading a format it knows.
    const message = error instanceof Error ? error.message : String(error);
    if (/unsupported image format/i.test(message)) throw new ImageSourceError('unsupported', 'not an image sharp can read', { cause: error });
    throw new ImageSourceError('corrupt', message, { cause: error });
  }
  const format = sourceFormat(meta);
  if (!format) throw new ImageSourceError('unsupported', meta.compression === 'hevc' ? 'HEIC' : String(meta.format).toUpperCase());
  const { width, height } = meta.autoOrient;
  return { format, width, height, bytes: bytes.length, hasAlpha: meta.hasAlpha };
}

function sourceFormat(meta: Metadata): SourceFormat | undefined {
  if (meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp') return meta.format;
  if (meta.format === 'heif' && meta.compression === 'av1') return 'avif';
  return undefined;
}

/**
 * Encode a source for a transform. Throws ImageSourceError when the bytes are not a supported
 * image or do not decode (a truncated download, a half-copied file).
 *
 * The source is decoded once: oriented and shrunk to the widest output into raw pixels (a JPEG
 * decodes at 1/2, 1/4 or 1/8 straight from the file, so a 12 MP photo costs a 3 MP decode), and
 * each narrower width is resized from the one above it. Decoding per format and width would spend
 * most of a cold build re-reading the same file for every output.
 */
export async function encodeImage(bytes: Buffer, transform: Transform): Promise<Encoded> {
  const source = await readSource(bytes);
  const fallback = fallbackFormat(source.format, source.hasAlpha);
  const widths = outputWidths(transform.widths, source.width);
  const formats: OutputFormat[] = [...new Set<OutputFormat>([...transform.formats, fallback])];
  try {
    const files: EncodedFile[] = [];
    // Widest first, each width from the previous raw copy: resizing 1920 → 1280 reads 11 MB of
    // pixels where 12 MP → 1280 would read the whole decode again, and gives files as small. A
    // job holds at most two raw copies of the widest size (1920×1440×3 = 8 MB each), which is
    // what bounds memory when generator/assets/images/cache.ts runs a job per core.
    // Every height from the source's own aspect ratio: derived from the width above, a height
    // would carry that one's rounding (1200×1600 → 800×1067 → 400×534, not 533).
    const size = (width: number) => ({ width, height: Math.max(1, Math.round((width * source.height) / source.width)) });
    let raw = await toRaw(loadSharp()(bytes).rotate(), size(widths[widths.length - 1]!));
    for (const width of [...widths].reverse()) {
      if (raw.info.width !== width) raw = await toRaw(fromRaw(raw), size(width));
      for (const format of formats) files.push(await encodeOne(raw, format, transform));
    }
    // Ordered by format, then width, as Encoded promises.
    files.sort((a, b) => formats.indexOf(a.format) - formats.indexOf(b.format) || a.width - b.width);
    return { source, fallback, dominant: await dominantColour(raw), widths, files };
  } catch (error) {
    // The header read fine but the pixels did not (sharp fails on the first decode warning).
    throw new ImageSourceError('corrupt', error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** Decoded pixels, 8 bits per channel, in sRGB. */
interface Raw { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } }

/**
 * `image` resized to `size` as raw sRGB pixels. rotate() with no angle (on the source) applies
 * the EXIF orientation, and raw pixels carry no metadata at all, so no browser rotates them a
 * second time and no GPS block can follow. toColourspace makes 16-bit PNGs and CMYK JPEGs
 * 8-bit sRGB, which is what every output format gets anyway.
 */
async function toRaw(image: Sharp, size: { width: number; height: number }): Promise<Raw> {
  // fit 'fill': the exact size asked, which is the aspect ratio's to within half a pixel.
  const { data, info } = await image.resize({ ...size, fit: 'fill' }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

function fromRaw(raw: Raw): Sharp {
  return loadSharp()(raw.data, { raw: raw.info });
}

async function encodeOne(raw: Raw, format: OutputFormat, t: Transform): Promise<EncodedFile> {
  const image = fromRaw(raw);
  const encoded =
    format === 'avif' ? image.avif({ quality: t.quality.avif, effort: t.avifEffort }) :
    format === 'webp' ? image.webp({ quality: t.quality.webp }) :
    format === 'jpeg' ? image.jpeg({ quality: t.quality.jpeg, mozjpeg: true }) :
    image.png({ compressionLevel: 9 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { format, width: info.width, height: info.height, hash: hash(data), bytes: data };
}

/** The most common colour of a small copy: the placeholder behind the image while it loads. */
async function dominantColour(raw: Raw): Promise<string> {
  const small = await fromRaw(raw).resize({ width: 64, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  const { r, g, b } = (await loadSharp()(small.data, { raw: small.info }).stats()).dominant;
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
