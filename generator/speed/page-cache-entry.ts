// Reading and checking one page cache entry (generator/speed/page-cache.ts explains the format and
// what is checked), for the entry reader (page-cache-reader.ts). Synchronous: a build checks
// thousands of entries one after another, and each read takes microseconds.
import { createHash, timingSafeEqual } from 'node:crypto';
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { sameFile, vouches, type FileRecord } from './file-records.ts';
import { checkOf, readEntryFile, type FileIdentity, type FileStats, type Scratch } from './signed-files.ts';

/** Bump when an entry's layout or what its key covers changes. */
export const PAGE_CACHE_FORMAT = 3;
export const MAGIC = `site-page-cache ${PAGE_CACHE_FORMAT} `;
const MAX_ENTRY = 64 * 1024 * 1024;
const MAX_HEAD = 1024 * 1024;

/** The record of what the entry reader hashed (file-records.ts), in the cache folder; `n` is 0 (other numbers are left by older builds). */
export function recordName(n: number): string {
  return `verified-${n}.json`;
}

/** An asset store request a page made and a hash of the answer: ['image', path, role] or ['icon', path]. */
export type AssetCall = [kind: 'image' | 'icon', path: string, role: string | null, answer: string];

export interface Header {
  key: string;
  path: string;
  bytes: number;
  sha256: string;
  islands: string[];
  assets: AssetCall[];
}

export type EntryResult =
  /**
   * `bytes` is undefined when the caller had no use for them (the page is only linked): either a
   * record of this machine's vouched for the file (file-records.ts) and it was not read, or it was
   * read and checked (`checked`) into a buffer the reader uses again for the next page.
   * `file` is the page file as fstat saw it, for the next build's record. `linked`: the reader
   * linked the page into the new build where it was asked to (page-cache-reader.ts), and
   * `assetsId` numbers the page's list of asset questions (pages share a few).
   */
  | { kind: 'ok'; bytes: Uint8Array | undefined; checked?: true; header: Header; identity: FileIdentity; file: FileStats; headFile?: FileStats; linked?: boolean; assetsId?: number }
  | { kind: 'bad'; reason: string }
  /** A file of the entry is not there (removed since the folder was listed): a plain miss. */
  | { kind: 'missing' };

/**
 * Reads and checks the entry `key` for the page `path`. `islands`: the island names this build
 * knows. With `record` (what this machine recorded of the page file when it hashed it), a page
 * file the record vouches for, with the header's SHA-256, is not read: its bytes are undefined.
 * With `scratch` the page is read into it and checked the same, and its bytes are undefined too
 * (`checked`): for a caller that only links the file. The header is always read and checked here
 * (its check line is what proves where the entry comes from); `recordedEntry` is the way
 * without, for a head this machine checked before and that is still that file.
 */
export function readEntry(dir: string, key: string, path: string, secret: string | undefined, islands: ReadonlySet<string>, record?: FileRecord, scratch?: Scratch): EntryResult {
  const bad = (reason: string): EntryResult => ({ kind: 'bad', reason });
  const head = readEntryFile(join(dir, `${key}.head`), MAX_HEAD);
  if (head === 'missing') return { kind: 'missing' };
  if (typeof head === 'string') return bad(head);
  const data = head.bytes;
  if (!data) return bad('unreadable');
  const first = data.indexOf(10);
  if (first < 0 || first > 200 || data[data.length - 1] !== 10) return bad('not a page cache entry (truncated or another format)');
  const line = Buffer.from(data.buffer, data.byteOffset, first).toString('latin1');
  if (!line.startsWith(MAGIC)) return bad('not a page cache entry of this format');
  const json = data.subarray(first + 1);
  const expected = Buffer.from(checkOf(json, secret));
  const given = Buffer.from(line.slice(MAGIC.length));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return bad(secret ? 'its header is not signed with SITE_CACHE_SECRET (damaged or tampered)' : 'its header does not match its check (damaged or tampered)');
  let header: Header;
  try {
    header = JSON.parse(Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8')) as Header;
  } catch {
    return bad('its header is not JSON');
  }
  if (!isHeader(header, islands)) return bad('its header is malformed');
  if (header.key !== key || header.path !== path) return bad('it is filed under another key');
  const page = readEntryFile(join(dir, key), MAX_ENTRY, (stats) => record?.sha256 === header.sha256 && vouches(record, stats), scratch);
  if (page === 'missing') return { kind: 'missing' };
  if (typeof page === 'string') return bad(page);
  const { bytes, file } = page;
  const headFile = head.file;
  if (!bytes) return { kind: 'ok', bytes, header, identity: page.identity, file, headFile };
  if (bytes.length !== header.bytes) return bad(`${bytes.length < header.bytes ? 'truncated' : 'longer than stored'}: ${bytes.length} of ${header.bytes} bytes`);
  // The page must have the SHA-256 its header names: with SITE_CACHE_SECRET the header is signed,
  // and only a cryptographic hash stops a page forged to match it; without, this finds a damaged
  // page (a cheaper checksum saved nothing measurable: docs/performance.md).
  if (createHash('sha256').update(bytes).digest('hex') !== header.sha256) return bad('the page does not match its SHA-256 (damaged or tampered)');
  if (scratch) return { kind: 'ok', bytes: undefined, checked: true, header, identity: page.identity, file, headFile };
  return { kind: 'ok', bytes, header, identity: page.identity, file, headFile };
}

/**
 * What the reader's record keeps of an entry besides its page file (file-records.ts, the
 * record's `extra`): the head file as it was when its check line and header were checked, and
 * what the build needs of the header. While both files are still those very files (lstat: size,
 * mtime, device, inode), the entry is taken from the record without opening either
 * (`recordedEntry`): reading, checking and parsing a head is a large share of the
 * reader's time per entry. `assets` is the list's place in the
 * record's `shared.lists` (pages share a few).
 */
export interface HeadRecord {
  file: FileStats;
  path: string;
  bytes: number;
  islands: string[];
  assets: number;
}

/** A head record as stored: [size, mtimeMs, dev, ino, path, bytes, islands, assets]. */
export function headRecordValue(head: HeadRecord): unknown[] {
  const { size, mtimeMs, dev, ino } = head.file;
  return [size, mtimeMs, dev, ino, head.path, head.bytes, head.islands, head.assets];
}

/** A head record read back, or undefined when `value` is not one (a record is input from a stranger too). */
export function headRecordOf(value: unknown): HeadRecord | undefined {
  if (!Array.isArray(value) || value.length !== 8) return undefined;
  const [size, mtimeMs, dev, ino, path, bytes, islands, assets] = value as unknown[];
  if (![size, mtimeMs, dev, ino].every((n) => typeof n === 'number' && Number.isFinite(n))) return undefined;
  if (typeof path !== 'string' || !Number.isSafeInteger(bytes) || (bytes as number) < 0 || !Number.isSafeInteger(assets) || (assets as number) < 0) return undefined;
  if (!Array.isArray(islands) || !islands.every((n) => typeof n === 'string')) return undefined;
  return { file: { size: size as number, mtimeMs: mtimeMs as number, dev: dev as number, ino: ino as number }, path, bytes: bytes as number, islands: islands as string[], assets: assets as number };
}

/** One of a record's asset lists (`shared.lists`, JSON text) as the header held it, or undefined when it is not one. */
export function assetListOf(text: unknown): AssetCall[] | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const assets: unknown = JSON.parse(text);
    return isAssetList(assets) ? assets : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A record's check of the secret its heads were checked with (`shared.check`): a record made
 * without SITE_CACHE_SECRET, or with another, vouches for no head (they are read and checked
 * with this build's), only for page files, whose SHA-256 every header names.
 */
export function recordCheck(secret: string | undefined): string {
  return checkOf(Buffer.from('site-page-cache-record'), secret);
}

/**
 * The entry `key` for the page `path`, from this machine's record alone: both files are the
 * ones `record` (the page) and `head` name, `head` is for this path with islands this build
 * knows, and the page is the size its header said. Undefined when anything differs: the entry
 * is then read and checked (`readEntry`). `assets`: the list `head.assets` names.
 */
export function recordedEntry(dir: string, key: string, path: string, islands: ReadonlySet<string>, record: FileRecord, head: HeadRecord, assets: AssetCall[]): EntryResult | undefined {
  if (head.path !== path || head.bytes !== record.size || !head.islands.every((n) => islands.has(n))) return undefined;
  const headFile = fileStats(join(dir, `${key}.head`));
  if (!headFile || !sameFile(head.file, headFile)) return undefined;
  const file = fileStats(join(dir, key));
  if (!file || file.size > MAX_ENTRY || !vouches(record, file)) return undefined;
  const header: Header = { key, path, bytes: head.bytes, sha256: record.sha256, islands: head.islands, assets };
  return { kind: 'ok', bytes: undefined, header, identity: { dev: file.dev, ino: file.ino }, file, headFile };
}

/**
 * The entry `key` for the page `path` from this machine's record, where the build being written
 * over (the spare, write.ts) has the page at `target` already: `target` is the very file the
 * record names (device and inode) with the size and mtime it had when it was hashed, so it holds
 * the recorded bytes, and it is where the page goes. The head is the record's (`recordedEntry`'s
 * conditions on it), the head file unlooked at: its values are what this build uses, whatever
 * the file holds now, and a page changed in place behind the record is caught as it is anywhere
 * else. One lstat where `recordedEntry` and the link's check make three.
 * Undefined when anything differs: the entry is then taken the usual way.
 */
export function spareEntry(key: string, path: string, islands: ReadonlySet<string>, record: FileRecord, head: HeadRecord, assets: AssetCall[], target: string): EntryResult | undefined {
  if (head.path !== path || head.bytes !== record.size || record.size > MAX_ENTRY || !head.islands.every((n) => islands.has(n))) return undefined;
  const file = fileStats(target);
  if (!file || !vouches(record, file)) return undefined;
  const header: Header = { key, path, bytes: head.bytes, sha256: record.sha256, islands: head.islands, assets };
  return { kind: 'ok', bytes: undefined, header, identity: { dev: file.dev, ino: file.ino }, file, headFile: head.file, linked: true };
}

/** A regular file's stats, without following a link (lstat); undefined for anything else or nothing. */
function fileStats(path: string): FileStats | undefined {
  try {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    return stats?.isFile() ? { size: stats.size, mtimeMs: stats.mtimeMs, dev: stats.dev, ino: stats.ino } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A page cache entry's page read again, where a link to it cannot be kept (OutputDir.link): it
 * must still have the size and SHA-256 the build counted on.
 */
export function readExpectedPage(file: string, size: number, sha256: string): Buffer {
  const page = readEntryFile(file, MAX_ENTRY);
  if (typeof page !== 'object' || !page.bytes || page.bytes.length !== size || createHash('sha256').update(page.bytes).digest('hex') !== sha256) {
    throw new Error(`the page cache entry ${file} changed while the build was using it; build again`);
  }
  return Buffer.from(page.bytes.buffer, page.bytes.byteOffset, page.bytes.byteLength);
}

export function isHeader(h: Header, islands: ReadonlySet<string>): boolean {
  return !!h && typeof h === 'object' && typeof h.key === 'string' && typeof h.path === 'string'
    && Number.isSafeInteger(h.bytes) && h.bytes >= 0 && typeof h.sha256 === 'string' && /^[0-9a-f]{64}$/.test(h.sha256)
    && Array.isArray(h.islands) && h.islands.every((n) => typeof n === 'string' && islands.has(n))
    && isAssetList(h.assets);
}

/** Whether `assets` is a header's list of asset store requests (AssetCall). */
function isAssetList(assets: unknown): assets is AssetCall[] {
  return Array.isArray(assets) && assets.every((c) => Array.isArray(c) && c.length === 4 && (c[0] === 'image' || c[0] === 'icon')
    && typeof c[1] === 'string' && (c[2] === null || typeof c[2] === 'string') && typeof c[3] === 'string');
}
