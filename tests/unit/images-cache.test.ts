// The persistent image cache (#17) with real sharp: a second build encodes nothing and gets the
// same bytes; a damaged entry is encoded again, never served and never a crash.
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { cacheKey, encoderVersion, ImageCache, stableJson } from '../../generator/images/cache.ts';
import { encodeImage, type Encoded, type Transform } from '../../generator/images/encode.ts';

const transform: Transform = { widths: [200, 400], formats: ['avif', 'webp'], avifEffort: 0, quality: { avif: 50, webp: 75, jpeg: 75 } };

let dir: string;
let photo: Buffer;
let calls: number;
/** The real encoder, counted: the proof that a cache hit encodes nothing. */
const countingEncode = (bytes: Buffer, t: Transform): Promise<Encoded> => {
  calls++;
  return encodeImage(bytes, t);
};
const newCache = () => new ImageCache(dir, { encode: countingEncode });
const summary = (e: Encoded) => e.files.map((f) => [f.format, f.width, f.height, f.hash, f.bytes.toString('base64')]);

beforeAll(async () => {
  photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 90, b: 60 } } }).jpeg().toBuffer();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'images-cache-'));
  calls = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('keys', () => {
  test('the key depends on the source bytes, the transform and the encoder version, not on key order', () => {
    const key = cacheKey(photo, transform);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const reordered = { quality: { jpeg: 75, webp: 75, avif: 50 }, avifEffort: 0, formats: ['avif', 'webp'], widths: [200, 400] } as Transform;
    expect(cacheKey(photo, reordered)).toBe(key);
    expect(stableJson(reordered)).toBe(stableJson(transform));
    expect(cacheKey(photo, { ...transform, widths: [200, 800] })).not.toBe(key);
    expect(cacheKey(Buffer.concat([photo, Buffer.from([0])]), transform)).not.toBe(key);
    expect(cacheKey(photo, transform, `${encoderVersion()}x`)).not.toBe(key);
  });
});

describe('a second build', () => {
  test('with the same source and transform encodes nothing and returns byte-identical files', async () => {
    const first = await newCache().get(photo, transform);
    expect(calls).toBe(1);
    const cache = newCache();
    const second = await cache.get(photo, transform);
    expect(calls).toBe(1);
    expect(cache.stats).toEqual({ hits: 1, encoded: 0 });
    expect(summary(second)).toEqual(summary(first));
    expect({ ...second, files: [] }).toEqual({ ...first, files: [] });
  });

  test('with a changed transform encodes again', async () => {
    await newCache().get(photo, transform);
    await newCache().get(photo, { ...transform, widths: [300] });
    expect(calls).toBe(2);
  });

  test('the same image asked for by several pages at once is encoded once', async () => {
    const cache = newCache();
    const results = await Promise.all([1, 2, 3].map(() => cache.get(photo, transform)));
    expect(calls).toBe(1);
    expect(new Set(results.map((r) => r.files[0]!.hash)).size).toBe(1);
  });

  test('writes leave no temporary files, only the files and their index', async () => {
    const encoded = await newCache().get(photo, transform);
    const [key] = readdirSync(dir);
    expect(key).toBe(cacheKey(photo, transform));
    const names = readdirSync(join(dir, key!)).sort();
    expect(names).toHaveLength(encoded.files.length + 1);
    expect(names).toContain('index.json');
    expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});

describe('a damaged entry is encoded again without a crash', () => {
  async function damage(change: (folder: string, names: string[]) => void): Promise<Encoded> {
    const first = await newCache().get(photo, transform);
    const folder = join(dir, cacheKey(photo, transform));
    change(folder, readdirSync(folder).filter((n) => n !== 'index.json'));
    const again = await newCache().get(photo, transform);
    expect(calls).toBe(2);
    expect(summary(again)).toEqual(summary(first));
    // Repaired: the next build is a hit again.
    await newCache().get(photo, transform);
    expect(calls).toBe(2);
    return again;
  }

  test('a truncated output file', async () => {
    await damage((folder, names) => writeFileSync(join(folder, names[0]!), readFileSync(join(folder, names[0]!)).subarray(0, 10)));
  });

  test('a missing output file', async () => {
    await damage((folder, names) => rmSync(join(folder, names[1]!)));
  });

  test('a half-written index', async () => {
    await damage((folder) => writeFileSync(join(folder, 'index.json'), readFileSync(join(folder, 'index.json')).subarray(0, 40)));
  });

  test('an index from another encoder version', async () => {
    await damage((folder) => {
      const index = JSON.parse(readFileSync(join(folder, 'index.json'), 'utf8'));
      writeFileSync(join(folder, 'index.json'), JSON.stringify({ ...index, version: 'sharp 0.1' }));
    });
  });
});

describe('parallelism', () => {
  test('no more encodes run at once than the concurrency, and every one finishes', async () => {
    let running = 0;
    let peak = 0;
    const slow = async (bytes: Buffer, t: Transform): Promise<Encoded> => {
      running++;
      peak = Math.max(peak, running);
      try {
        return await encodeImage(bytes, t);
      } finally {
        running--;
      }
    };
    const cache = new ImageCache(dir, { encode: slow, concurrency: 2 });
    const sources = await Promise.all([1, 2, 3, 4, 5].map((i) => sharp({ create: { width: 300 + i, height: 200, channels: 3, background: { r: i * 40, g: 0, b: 0 } } }).png().toBuffer()));
    const results = await Promise.all(sources.map((s) => cache.get(s, { ...transform, formats: ['webp'] })));
    expect(peak).toBe(2);
    expect(results.map((r) => r.source.width)).toEqual([301, 302, 303, 304, 305]);
    expect(cache.stats.encoded).toBe(5);
  });
});
