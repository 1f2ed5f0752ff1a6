// The persistent image cache with real sharp: a second build encodes nothing and gets the
// same bytes; a damaged entry is encoded again, never served and never a crash.
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { cacheKey, encoderVersion, ImageCache, stableJson } from '../../../../generator/assets/images/cache.ts';
import { encodeImage, type Encoded, type Transform } from '../../../../generator/assets/images/encode.ts';

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

  test('writes leave no temporary files, only the files and their entry', async () => {
    const encoded = await newCache().get(photo, transform);
    const [key] = readdirSync(dir);
    expect(key).toBe(cacheKey(photo, transform));
    const names = readdirSync(join(dir, key!)).sort();
    expect(names).toHaveLength(encoded.files.length + 1);
    expect(names).toContain('entry');
    expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});

/** An entry's index, and the same written back with `change`d, under a check line as `write` makes it (SHA-256, or HMAC with `secret`): what anyone who can write the folder can do without the secret. */
function rewriteEntry(folder: string, change: (index: Record<string, any>) => void, secret?: string): void {
  const data = readFileSync(join(folder, 'entry'));
  const index = JSON.parse(data.subarray(data.indexOf(10) + 1).toString('utf8'));
  change(index);
  const json = Buffer.from(JSON.stringify(index));
  const check = secret ? createHmac('sha256', secret).update(json).digest('hex') : createHash('sha256').update(json).digest('hex');
  writeFileSync(join(folder, 'entry'), Buffer.concat([Buffer.from(`site-image-cache 1 ${check}\n`), json]));
}

/** Encodes, `change`s the entry on disk, and checks the next build encodes again the same result, and the one after reads it. */
async function damage(change: (folder: string, names: string[]) => void, options: { secret?: string } = {}): Promise<Encoded> {
  const first = await new ImageCache(dir, { encode: countingEncode, ...options }).get(photo, transform);
  const folder = join(dir, cacheKey(photo, transform));
  change(folder, readdirSync(folder).filter((n) => n !== 'entry'));
  const again = await new ImageCache(dir, { encode: countingEncode, ...options }).get(photo, transform);
  expect(calls).toBe(2);
  expect(summary(again)).toEqual(summary(first));
  expect({ ...again, files: [] }).toEqual({ ...first, files: [] });
  // Repaired: the next build is a hit again.
  await new ImageCache(dir, { encode: countingEncode, ...options }).get(photo, transform);
  expect(calls).toBe(2);
  return again;
}

describe('a damaged entry is encoded again without a crash', () => {
  test('a truncated output file', async () => {
    await damage((folder, names) => writeFileSync(join(folder, names[0]!), readFileSync(join(folder, names[0]!)).subarray(0, 10)));
  });

  test('a missing output file', async () => {
    await damage((folder, names) => rmSync(join(folder, names[1]!)));
  });

  test('a half-written entry', async () => {
    await damage((folder) => writeFileSync(join(folder, 'entry'), readFileSync(join(folder, 'entry')).subarray(0, 40)));
  });

  test('an entry whose index does not match its check line', async () => {
    await damage((folder) => {
      const data = readFileSync(join(folder, 'entry'));
      writeFileSync(join(folder, 'entry'), Buffer.from(data.toString('utf8').replace(/"dominant":"#[0-9a-f]{6}"/, '"dominant":"#000000"')));
    });
  });

  test('an entry from another encoder version', async () => {
    await damage((folder) => rewriteEntry(folder, (index) => (index.version = 'sharp 0.1')));
  });

  test('an output file replaced by a file of the same name and size but other bytes', async () => {
    await damage((folder, names) => {
      const bytes = readFileSync(join(folder, names[0]!));
      bytes[bytes.length >> 1] = bytes[bytes.length >> 1]! ^ 0xff;
      writeFileSync(join(folder, names[0]!), bytes);
    });
  });
});

describe('an entry a stranger wrote is never served', () => {
  // The folder is restored on CI from a cache earlier runs wrote: anything in it may be forged.
  // A forged entry can carry a valid check line (SHA-256 of its own text); what it says is still
  // checked for shape, and its files are read only as regular files.
  test('a placeholder colour that is not #rrggbb (it is written into a style attribute)', async () => {
    await damage((folder) => rewriteEntry(folder, (index) => (index.dominant = 'red;background-image:url(https://example.org/x)')));
  });

  test('a format that is not one of ours (it is part of a file name)', async () => {
    await damage((folder) => rewriteEntry(folder, (index) => (index.files[0].format = '../../../etc/x')));
  });

  test('a width that is not a whole number', async () => {
    await damage((folder) => rewriteEntry(folder, (index) => (index.files[0].width = '400" onerror="alert(1)')));
  });

  test('an output file that is a link to the file it names (read without following links)', async () => {
    await damage((folder, names) => {
      renameSync(join(folder, names[0]!), join(dir, 'elsewhere'));
      symlinkSync(join(dir, 'elsewhere'), join(folder, names[0]!));
    });
  });

  test('an output file that is a FIFO: no wait, encoded again', async () => {
    await damage((folder, names) => {
      rmSync(join(folder, names[0]!));
      execFileSync('mkfifo', [join(folder, names[0]!)]);
    });
  }, 20_000);

  test('with SITE_CACHE_SECRET, an entry signed with another secret', async () => {
    await damage((folder) => rewriteEntry(folder, () => undefined, 'another'), { secret: 'the secret' });
  });

  test('with SITE_CACHE_SECRET, an entry written without one (its check line a plain SHA-256) is encoded again, then served', async () => {
    await newCache().get(photo, transform);
    const signed = new ImageCache(dir, { encode: countingEncode, secret: 'the secret' });
    await signed.get(photo, transform);
    expect(signed.stats).toEqual({ hits: 0, encoded: 1 });
    const again = new ImageCache(dir, { encode: countingEncode, secret: 'the secret' });
    await again.get(photo, transform);
    expect(again.stats).toEqual({ hits: 1, encoded: 0 });
  });

  test('with SITE_CACHE_SECRET, an entry signed with it is served', async () => {
    await new ImageCache(dir, { encode: countingEncode, secret: 's' }).get(photo, transform);
    const cache = new ImageCache(dir, { encode: countingEncode, secret: 's' });
    await cache.get(photo, transform);
    expect(cache.stats).toEqual({ hits: 1, encoded: 0 });
    expect(calls).toBe(1);
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
