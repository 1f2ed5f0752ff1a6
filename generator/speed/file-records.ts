// What a build hashed, kept for the next build on this machine: for each cache file it read and
// checked (a page cache entry's page, a social card), its size, mtime, device, inode and SHA-256,
// as git's index records what it hashed. While a file still has those five values, the next build
// takes the recorded SHA-256 instead of reading the file again (a big site's pages and cards are
// gigabytes a build to read and hash).
//
// The record is input from a stranger, like the rest of .site/cache (CI restores the folder from
// an artifact). A record vouches only for files it saw, so it is bound to this boot of this
// machine (the kernel's random boot id): a restored folder's files are new inodes, but with the
// same image and the same extraction order they could get the very inode numbers a record from
// the saving runner names, with the mtime tar restores; a record from another boot is never read.
// Without a boot id (not Linux) nothing is recorded and every file is read. What it cannot see: a
// tool that writes into a cached file in place and then puts the file's old mtime back (the size
// and mtime then match); the caches themselves never write into a file (they rename new ones in).
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { readEntryFile } from './signed-files.ts';

export interface FileRecord {
  size: number;
  mtimeMs: number;
  dev: number;
  ino: number;
  sha256: string;
  /** What the record's writer keeps beside the file's values (the page cache: its head, page-cache-entry.ts); checked by its reader. */
  extra?: unknown;
}

/** A record file's own fields beside its files (the page cache: the asset lists its extras name, the secret's check). */
export type RecordShared = Record<string, unknown>;

let boot: string | null | undefined;

/** This boot's id (Linux), or undefined where there is none: then records are neither read nor written. */
export function bootId(): string | undefined {
  if (boot === undefined) {
    try {
      const id = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      boot = /^[0-9a-f-]{36}$/.test(id) ? id : null;
    } catch {
      boot = null;
    }
  }
  return boot ?? undefined;
}

const KEY = /^[0-9a-f]{64}$/;
const isNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
const MAX_RECORD = 64 * 1024 * 1024;

/**
 * The records in `path` (format 2, this boot's), by key; empty when the file is missing, another
 * boot's, not what `writeRecords` writes, a link or not a regular file (a FIFO would hang a read).
 * Entries that are not well formed are skipped.
 */
export function readRecords(path: string): Map<string, FileRecord> {
  return readRecordFile(path).records;
}

/** `readRecords`, with the file's shared fields (`shared`: an object, or empty). An extra is kept as it was read, for its reader to check. */
export function readRecordFile(path: string): { records: Map<string, FileRecord>; shared: RecordShared } {
  const found = new Map<string, FileRecord>();
  const none = { records: found, shared: {} };
  const current = bootId();
  if (!current) return none;
  const read = readEntryFile(path, MAX_RECORD);
  if (typeof read !== 'object' || !read.bytes) return none;
  const text = Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.byteLength).toString('utf8');
  try {
    const value = JSON.parse(text) as { format?: unknown; boot?: unknown; files?: unknown; shared?: unknown };
    if (value.format !== 2 || value.boot !== current || typeof value.files !== 'object' || value.files === null) return none;
    // Without a pair array, a destructuring and a spread per entry, which are slow on a big
    // record.
    const files = value.files as Record<string, unknown>;
    for (const key in files) {
      const record = files[key];
      if (!KEY.test(key) || !Array.isArray(record) || (record.length !== 5 && record.length !== 6)) continue;
      const size: unknown = record[0], mtimeMs: unknown = record[1], dev: unknown = record[2], ino: unknown = record[3], digest: unknown = record[4], extra: unknown = record[5];
      if (!isNumber(size) || !isNumber(mtimeMs) || !isNumber(dev) || !isNumber(ino) || typeof digest !== 'string' || !KEY.test(digest)) continue;
      const entry: FileRecord = { size, mtimeMs, dev, ino, sha256: digest };
      if (extra !== undefined) entry.extra = extra;
      found.set(key, entry);
    }
    const shared = typeof value.shared === 'object' && value.shared !== null && !Array.isArray(value.shared) ? (value.shared as RecordShared) : {};
    return { records: found, shared };
  } catch {
    // Not JSON: nothing recorded, every file is read.
    return none;
  }
}

/** The record `path` would be for `records` (this boot's), or undefined without a boot id. */
export function recordsText(records: Iterable<[string, FileRecord]>, shared?: RecordShared): string | undefined {
  const current = bootId();
  if (!current) return undefined;
  const files: Record<string, unknown[]> = {};
  for (const [key, r] of records) files[key] = r.extra === undefined ? [r.size, r.mtimeMs, r.dev, r.ino, r.sha256] : [r.size, r.mtimeMs, r.dev, r.ino, r.sha256, r.extra];
  return JSON.stringify(shared ? { format: 2, boot: current, files, shared } : { format: 2, boot: current, files });
}

/** Writes the records (see `replaceFileSync`); failures are ignored (a record is only a hint). */
export function writeRecords(path: string, records: Iterable<[string, FileRecord]>, shared?: RecordShared): void {
  const text = recordsText(records, shared);
  if (text === undefined) return;
  try {
    replaceFileSync(path, Buffer.from(text));
  } catch {
    // The next build reads the files again.
  }
}

/** Writes `bytes` to a temporary name created exclusively (never through a link), then renames it over `path`. */
export function replaceFileSync(path: string, bytes: Buffer): void {
  const temp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temp, bytes, { flag: 'wx', mode: 0o644 });
    renameSync(temp, path);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // Never made.
    }
    throw error;
  }
}

/** Whether `stats` (of the file as it is now) are the ones `record` names. */
export function vouches(record: FileRecord | undefined, stats: FileValues): record is FileRecord {
  return !!record && sameFile(record, stats);
}

/** What a record compares of a file. */
export interface FileValues {
  size: number;
  mtimeMs: number;
  dev: number;
  ino: number;
}

/** Whether two looks at a file saw the same size, mtime, device and inode. */
export function sameFile(a: FileValues, b: FileValues): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.dev === b.dev && a.ino === b.ino;
}
