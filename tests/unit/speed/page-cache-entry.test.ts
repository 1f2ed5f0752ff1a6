// Reading one page cache entry (generator/speed/page-cache-entry.ts) for a build that only links the
// pages: each page is read into one reused buffer and checked, and no bytes are handed over. The
// check must be the same as with a buffer of its own, whatever the order of page sizes: a page
// is checked by its SHA-256, with a secret or without.
import { afterAll, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { MAGIC, readEntry, type Header } from '../../../generator/speed/page-cache-entry.ts';
import { checkOf, Scratch } from '../../../generator/speed/signed-files.ts';

const dir = mkdtempSync(join(tmpdir(), 'page-cache-entry-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Writes an entry whose header names `page` as it is, checked with `secret` (default none), then
 * writes `stored` (default: the page) as its file.
 */
function entry(key: string, page: Buffer, stored = page, { secret }: { secret?: string } = {}): void {
  const header: Header = { key, path: `/p/${key.slice(0, 4)}`, bytes: page.length, sha256: createHash('sha256').update(page).digest('hex'), islands: [], assets: [] };
  const json = Buffer.from(`${JSON.stringify(header)}\n`);
  writeFileSync(join(dir, `${key}.head`), Buffer.concat([Buffer.from(`${MAGIC}${checkOf(json, secret)}\n`), json]));
  writeFileSync(join(dir, key), stored);
}

const key = (n: number) => createHash('sha256').update(String(n)).digest('hex');
const page = (size: number, fill: number) => Buffer.alloc(size, fill);
const read = (n: number, scratch?: Scratch) => readEntry(dir, key(n), `/p/${key(n).slice(0, 4)}`, undefined, new Set(), undefined, scratch);

describe('a page checked in a reused buffer', () => {
  // Large, small, larger, then two bad ones the size of a page read before.
  entry(key(1), page(200_000, 0x61));
  entry(key(2), page(1_000, 0x62));
  entry(key(3), page(300_000, 0x63));
  const flipped = page(1_000, 0x64);
  entry(key(4), flipped, Buffer.concat([flipped.subarray(0, 999), Buffer.from('e')]));
  entry(key(5), page(1_000, 0x66), page(1_001, 0x66));
  entry(key(6), page(300_000, 0x67), page(299_999, 0x67));

  test('good pages of any size, in any order, are checked and give no bytes', () => {
    const scratch = new Scratch();
    for (const n of [1, 2, 3, 2, 1]) {
      const result = read(n, scratch);
      expect(result).toMatchObject({ kind: 'ok', bytes: undefined, checked: true });
    }
  });

  test('a changed byte, a longer page and a shorter one are caught as with a buffer of their own', () => {
    const scratch = new Scratch();
    read(3, scratch);
    for (const using of [scratch, undefined]) {
      expect(read(4, using)).toEqual({ kind: 'bad', reason: 'the page does not match its SHA-256 (damaged or tampered)' });
      expect(read(5, using)).toEqual({ kind: 'bad', reason: 'longer than stored: 1001 of 1000 bytes' });
      expect(read(6, using)).toEqual({ kind: 'bad', reason: 'truncated: 299999 of 300000 bytes' });
    }
  });

  test('without the buffer, the bytes are handed over', () => {
    const result = read(2);
    expect(result.kind).toBe('ok');
    expect(result.kind === 'ok' && Buffer.from(result.bytes!).equals(page(1_000, 0x62))).toBe(true);
    expect(result.kind === 'ok' && result.checked).toBeUndefined();
  });
});

describe('with SITE_CACHE_SECRET, a page is checked by its SHA-256 against a signed header', () => {
  const secret = 'a secret of the CI runner';
  const real = page(2_000, 0x71);
  const readWith = (n: number, secret: string | undefined, scratch?: Scratch) => readEntry(dir, key(n), `/p/${key(n).slice(0, 4)}`, secret, new Set(), undefined, scratch);

  test('the real page passes; a damaged one is caught; a header not signed with the secret is not taken', () => {
    entry(key(11), real, real, { secret });
    expect(readWith(11, secret)).toMatchObject({ kind: 'ok' });
    const damaged = Buffer.from(real);
    damaged[500]! ^= 1;
    entry(key(12), real, damaged, { secret });
    for (const using of [new Scratch(), undefined]) expect(readWith(12, secret, using)).toEqual({ kind: 'bad', reason: 'the page does not match its SHA-256 (damaged or tampered)' });
    entry(key(13), real, real);
    expect(readWith(13, secret).kind).toBe('bad');
  });
});
