// The raster pipeline with real sharp: a phone photo comes out upright, in AVIF, WebP and
// its own format, at widths it can fill, with no trace of where it was taken or by whom.
import { beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { encodeImage, fallbackFormat, fileName, ImageSourceError, outputWidths, type Encoded, type Transform } from '../../../../generator/assets/images/encode.ts';
import { encodeProblem, extensionProblem, sizeProblem } from '../../../../generator/assets/images/problems.ts';

/** Effort 0 keeps the suite fast; the build's default is generator/assets/images/encode.ts's. */
const transform: Transform = { widths: [1600, 400, 800], formats: ['avif', 'webp'], avifEffort: 0, quality: { avif: 50, webp: 75, jpeg: 75 } };
const RED = { r: 220, g: 30, b: 30 };
const GREY = { r: 90, g: 120, b: 140 };

/**
 * A 1600×1200 JPEG as a phone stores a portrait shot: pixels landscape, EXIF orientation 6
 * (rotate 90° clockwise to view), camera and owner's name, and a GPS block. A red square marks
 * the stored top-left corner, which an upright image shows top-right.
 */
export async function phonePhoto(): Promise<Buffer> {
  const mark = await sharp({ create: { width: 200, height: 200, channels: 3, background: RED } }).png().toBuffer();
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: GREY } })
    .composite([{ input: mark, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Phone', Model: 'Pocket 12', Artist: 'Jane Driver' }, IFD3: { GPSLatitude: '43/1 39/1 0/1', GPSLatitudeRef: 'N', GPSLongitude: '79/1 23/1 0/1', GPSLongitudeRef: 'W' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const magic = {
  jpeg: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  png: (b: Buffer) => b.readUInt32BE(0) === 0x89504e47,
  webp: (b: Buffer) => b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP',
  avif: (b: Buffer) => b.toString('ascii', 4, 8) === 'ftyp' && b.toString('ascii', 8, 12) === 'avif',
};

describe('a phone JPEG with GPS, camera data and orientation 6', () => {
  let source: Buffer;
  let result: Encoded;
  beforeAll(async () => {
    source = await phonePhoto();
    result = await encodeImage(source, transform);
  });

  test('the fixture really carries orientation 6 and EXIF with GPS, or the tests below prove nothing', async () => {
    const meta = await sharp(source).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.exif?.toString('latin1')).toContain('Jane Driver');
    // The GPS IFD pointer (tag 0x8825), big- or little-endian.
    expect(meta.exif?.includes(Buffer.from([0x88, 0x25])) || meta.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
  });

  test('comes out as AVIF, WebP and JPEG at 400, 800 and its own 1200 px, ordered by format then width', () => {
    expect(result.source).toEqual({ format: 'jpeg', width: 1200, height: 1600, bytes: source.length, hasAlpha: false });
    expect(result.fallback).toBe('jpeg');
    expect(result.widths).toEqual([400, 800, 1200]);
    expect(result.files.map((f) => `${f.format}-${f.width}`)).toEqual(['avif-400', 'avif-800', 'avif-1200', 'webp-400', 'webp-800', 'webp-1200', 'jpeg-400', 'jpeg-800', 'jpeg-1200']);
    for (const file of result.files) expect(magic[file.format](file.bytes), `${file.format}-${file.width}`).toBe(true);
  });

  test('every output is upright: portrait dimensions and the marked corner top-right', async () => {
    for (const file of result.files) {
      expect(file.height).toBe(Math.round((file.width * 1600) / 1200));
      const meta = await sharp(file.bytes).metadata();
      expect([meta.width, meta.height]).toEqual([file.width, file.height]);
    }
    const jpeg = result.files.find((f) => f.format === 'jpeg' && f.width === 400)!;
    const { data, info } = await sharp(jpeg.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(pixel(info.width - 10, 10)[0]).toBeGreaterThan(180);
    expect(pixel(10, 10)[0]).toBeLessThan(130);
  });

  test('no output carries EXIF, GPS, XMP, IPTC or an orientation tag, nor the camera or owner in its bytes', async () => {
    for (const file of result.files) {
      const meta = await sharp(file.bytes).metadata();
      expect(meta.exif, `${file.format}-${file.width}`).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      const text = file.bytes.toString('latin1');
      for (const secret of ['Jane Driver', 'Pocket 12', 'Exif\0']) expect(text).not.toContain(secret);
    }
  });

  test('names carry the width and the content hash; the placeholder is the photo\'s dominant colour', () => {
    const avif = result.files[0]!;
    expect(avif.hash).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(fileName('team/jane', avif)).toBe(`team/jane-400-${avif.hash}.avif`);
    expect(fileName('x', { format: 'jpeg', width: 800, hash: 'abc' })).toBe('x-800-abc.jpg');
    expect(new Set(result.files.map((f) => f.hash)).size).toBe(result.files.length);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(result.dominant.slice(i, i + 2), 16));
    for (const [got, want] of [[r, GREY.r], [g, GREY.g], [b, GREY.b]] as const) expect(Math.abs(got! - want)).toBeLessThan(24);
  });
});

describe('widths and fallbacks', () => {
  test('widths never exceed the source: oversized ones become the source width, a narrow source gets its own', () => {
    expect(outputWidths([400, 800, 1600], 1200)).toEqual([400, 800, 1200]);
    expect(outputWidths([400, 800], 300)).toEqual([300]);
    expect(outputWidths([800, 400, 800], 4000)).toEqual([400, 800]);
  });

  test('a small PNG is never upscaled and falls back to PNG', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
    const result = await encodeImage(png, transform);
    expect(result.fallback).toBe('png');
    expect(result.files.map((f) => `${f.format}-${f.width}x${f.height}`)).toEqual(['avif-300x200', 'webp-300x200', 'png-300x200']);
    expect(magic.png(result.files[2]!.bytes)).toBe(true);
  });

  test('a WebP or AVIF source falls back to PNG when transparent, JPEG when opaque', async () => {
    expect(fallbackFormat('webp', true)).toBe('png');
    expect(fallbackFormat('avif', false)).toBe('jpeg');
    const webp = await sharp({ create: { width: 500, height: 300, channels: 3, background: GREY } }).webp().toBuffer();
    const result = await encodeImage(webp, { ...transform, formats: ['avif'] });
    expect(result.source.format).toBe('webp');
    expect(result.files.map((f) => `${f.format}-${f.width}`)).toEqual(['avif-400', 'avif-500', 'jpeg-400', 'jpeg-500']);
  });
});

describe('author feedback', () => {
  const at = { file: 'content/blog/yard.md', line: 7, column: 1, path: 'image' };
  async function problemFor(path: string, bytes: Buffer) {
    try {
      await encodeImage(bytes, transform);
      return undefined;
    } catch (error) {
      return encodeProblem(path, at, error);
    }
  }

  test('a truncated JPEG is a corrupt file located at its reference, not a crash', async () => {
    const truncated = (await phonePhoto()).subarray(0, 4000);
    await expect(encodeImage(truncated, transform)).rejects.toBeInstanceOf(ImageSourceError);
    const found = await problemFor('images/blog/yard.jpg', truncated);
    expect(found).toMatchObject({ code: 'image-corrupt', severity: 'error', file: 'content/blog/yard.md', line: 7, path: 'image' });
    expect(found!.message).toMatch(/images\/blog\/yard\.jpg.*premature end/i);
  });

  test('a 20,000 × 20,000 PNG (1.2 MB on disk, 1.2 GB decoded) is refused before decoding, as too many pixels to resize, not as a damaged file', async () => {
    const huge = await sharp({ create: { width: 20_000, height: 20_000, channels: 3, background: GREY }, limitInputPixels: false }).png({ compressionLevel: 9 }).toBuffer();
    const found = await problemFor('images/blog/pano.png', huge);
    expect(found).toMatchObject({ code: 'image-too-many-pixels', severity: 'error', file: 'content/blog/yard.md', line: 7, path: 'image' });
    expect(found!.hint).toContain('resize it to at most 4,000 px');
  }, 60_000);

  test('a text file named .jpg, a GIF and a HEIC or TIFF name are unsupported formats', async () => {
    expect(await problemFor('images/a.jpg', Buffer.from('not an image'))).toMatchObject({ code: 'image-unsupported' });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: GREY } }).gif().toBuffer();
    expect((await problemFor('images/a.png', gif))!.message).toMatch(/\(GIF\)/);
    expect(extensionProblem('images/scan.tiff', at)!.message).toMatch(/\(TIFF\)/);
    expect(extensionProblem('images/IMG_0001.HEIC', at)).toMatchObject({ code: 'image-unsupported', severity: 'error' });
    expect(extensionProblem('images/ok.JPG', at)).toBeUndefined();
    expect(extensionProblem('images/ok.svg', at)).toBeUndefined();
  });

  test('a source narrower than its widest role at 2× is a blurry-image warning; a wide enough one is fine', () => {
    // A hero is 1020 CSS px wide at most: 2× is 2040, capped at the ladder's top, 1920.
    expect(sizeProblem('images/blog/yard.jpg', at, 600, ['card', 'hero'])).toMatchObject({ code: 'image-too-small', severity: 'warning' });
    expect(sizeProblem('images/blog/yard.jpg', at, 600, ['card', 'hero'])!.hint).toMatch(/1920 px/);
    expect(sizeProblem('images/team/jane.jpg', at, 600, ['portrait'])).toBeUndefined();
    expect(sizeProblem('images/blog/yard.jpg', at, 1920, ['hero'])).toBeUndefined();
  });
});
