// The social cards' sums (generator/speed/card-sums.ts): input from a stranger like the rest of the
// cache folder. What is not ours, damaged, or reached through a link is read as no sums at all.
import { afterAll, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { readSums, sumsPath, writeSums, type CardSum } from '../../../generator/speed/card-sums.ts';

const dir = mkdtempSync(join(tmpdir(), 'card-sums-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const key = (n: number) => createHash('sha256').update(String(n)).digest('hex');
const sums: [string, CardSum][] = [[key(1), [57_000, 'a'.repeat(64)]], [key(2), [61_234, 'b'.repeat(64)]]];

test('sums written are read back; the file sits beside the record it goes with', () => {
  expect(sumsPath(dir, 'verified-0123456789abcdef.json')).toBe(join(dir, 'sums-0123456789abcdef.json'));
  const file = join(dir, 'sums-a.json');
  writeSums(file, sums);
  expect(readSums(file)).toEqual(new Map(sums));
});

test("a damaged file, a link to a good one, another format (an older version's) and malformed entries give nothing for them", () => {
  const good = join(dir, 'sums-good.json');
  writeSums(good, sums);
  const damaged = join(dir, 'sums-damaged.json');
  const bytes = readFileSync(good);
  bytes[bytes.length - 3]! ^= 1;
  writeFileSync(damaged, bytes);
  expect(readSums(damaged).size).toBe(0);
  const linked = join(dir, 'sums-linked.json');
  symlinkSync(good, linked);
  expect(readSums(linked).size).toBe(0);
  const json = JSON.stringify(Object.fromEntries(sums));
  const other = join(dir, 'sums-other.json');
  writeFileSync(other, `site-card-sums 1 ${createHash('sha256').update(json).digest('hex')}\n${json}`);
  expect(readSums(other).size).toBe(0);
  // Well-formed file, one good entry among bad ones: only that one is taken.
  const mixed = join(dir, 'sums-mixed.json');
  writeSums(mixed, [sums[0]!, ['not-a-key', [1, 'a'.repeat(64)]], [key(3), [0, 'a'.repeat(64)]], [key(4), [1, 'A'.repeat(64)]], [key(5), [1, 'a'.repeat(64), 7]]] as unknown as [string, CardSum][]);
  expect(readSums(mixed)).toEqual(new Map([sums[0]!]));
  expect(readSums(join(dir, 'missing.json')).size).toBe(0);
});

test('sums signed with SITE_CACHE_SECRET are read with that secret only; unsigned sums are not read with one', () => {
  const signed = join(dir, 'sums-signed.json');
  writeSums(signed, sums, 'the secret');
  expect(readSums(signed, 'the secret')).toEqual(new Map(sums));
  expect(readSums(signed, 'another').size).toBe(0);
  expect(readSums(signed).size).toBe(0);
  const plain = join(dir, 'sums-plain.json');
  writeSums(plain, sums);
  expect(readSums(plain, 'the secret').size).toBe(0);
});
