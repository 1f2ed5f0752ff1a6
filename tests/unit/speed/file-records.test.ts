// What a build hashed, kept for the next one (generator/speed/file-records.ts): read back as written,
// and a record is input from a stranger, so an entry that is not well formed is skipped, and a
// record of another boot is never read.
import { afterEach, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootId, readRecordFile, readRecords, writeRecords, type FileRecord } from '../../../generator/speed/file-records.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'records-'));
  dirs.push(dir);
  return dir;
};
const hex = (n: number) => n.toString(16).padStart(64, '0');

describe('file records', () => {
  test('are read back as written, an extra included, with the shared fields', () => {
    expect(bootId()).toMatch(/^[0-9a-f-]{36}$/);
    const path = join(folder(), 'verified.json');
    const records: [string, FileRecord][] = [
      [hex(1), { size: 10, mtimeMs: 1764000000000.5, dev: 64768, ino: 11, sha256: hex(101) }],
      [hex(2), { size: 0, mtimeMs: 0, dev: 1, ino: 2, sha256: hex(102), extra: { path: '/x', islands: ['A'] } }],
    ];
    writeRecords(path, records, { lists: ['[]'] });
    const read = readRecordFile(path);
    expect([...read.records]).toEqual(records);
    expect('extra' in read.records.get(hex(1))!).toBe(false);
    expect(read.shared).toEqual({ lists: ['[]'] });
  });

  test('skip every entry that is not well formed, and keep the others', () => {
    const path = join(folder(), 'verified.json');
    const good = [5, 6, 7, 8, hex(9)];
    const files: Record<string, unknown> = {
      [hex(1)]: good,
      'not-a-key': good,
      [hex(2).toUpperCase().replace(/0/g, 'A')]: good,
      [hex(3)]: [5, 6, 7, 8],
      [hex(4)]: [5, 6, 7, 8, hex(9), 'extra', 'one too many'],
      [hex(5)]: [5, '6', 7, 8, hex(9)],
      [hex(6)]: [5, 6, null, 8, hex(9)],
      [hex(7)]: [5, 6, 7, 8, 'short'],
      [hex(8)]: { size: 5 },
      [hex(10)]: [5, 6, 7, 8, hex(9), { head: 1 }],
    };
    writeFileSync(path, JSON.stringify({ format: 2, boot: bootId(), files }));
    const read = readRecords(path);
    expect([...read.keys()]).toEqual([hex(1), hex(10)]);
    expect(read.get(hex(10))).toEqual({ size: 5, mtimeMs: 6, dev: 7, ino: 8, sha256: hex(9), extra: { head: 1 } });
    // Numbers JSON cannot write (Infinity is written as null) never pass either.
    writeFileSync(path, JSON.stringify({ format: 2, boot: bootId(), files: { [hex(1)]: [1e999, 6, 7, 8, hex(9)] } }));
    expect(readRecords(path).size).toBe(0);
  });

  test('of another boot, another format, or not JSON, are not read', () => {
    const path = join(folder(), 'verified.json');
    const files = { [hex(1)]: [5, 6, 7, 8, hex(9)] };
    writeFileSync(path, JSON.stringify({ format: 2, boot: '00000000-0000-0000-0000-000000000000', files }));
    expect(readRecords(path).size).toBe(0);
    writeFileSync(path, JSON.stringify({ format: 1, boot: bootId(), files }));
    expect(readRecords(path).size).toBe(0);
    writeFileSync(path, '{"format": 2,');
    expect(readRecords(path).size).toBe(0);
    expect(readRecords(join(folder(), 'missing.json')).size).toBe(0);
  });
});
