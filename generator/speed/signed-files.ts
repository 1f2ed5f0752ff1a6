// Files the caches keep for themselves and read back only when they are what was written: opened
// without following a link or waiting on a FIFO, bounded in size, and (for the caches beside the
// page cache: the stylesheet, photos' entries, the cards' sums, the blog list) under a check line
// of SHA-256, or HMAC-SHA256 with SITE_CACHE_SECRET.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** A file as fstat saw it: a link to the same device and inode is that file. */
export interface FileIdentity {
  dev: number;
  ino: number;
}

/** The check line's value for a header: SHA-256, or HMAC-SHA256 with the secret. */
export function checkOf(header: Uint8Array, secret: string | undefined): string {
  return secret ? createHmac('sha256', secret).update(header).digest('hex') : createHash('sha256').update(header).digest('hex');
}

/**
 * `body` under a check line, as the caches beside the pages keep a file (the stylesheet, a
 * photo's entry, the cards' sums, the blog list): `magic`, then checkOf(body, secret), a newline.
 */
export function withCheckLine(magic: string, body: Buffer, secret: string | undefined): Buffer {
  return Buffer.concat([Buffer.from(`${magic}${checkOf(body, secret)}\n`), body]);
}

/**
 * The body of a file `withCheckLine` wrote, read as a cache file is (readEntryFile: no link, no
 * FIFO, a regular file of at most `max` bytes), or undefined when it is missing, unreadable,
 * grew while read, or its first line is not `magic` with its body's check (damaged, another
 * format, not signed with `secret`).
 */
export function readCheckLine(path: string, magic: string, max: number, secret: string | undefined): Buffer | undefined {
  const read = readEntryFile(path, max);
  if (typeof read !== 'object' || !read.bytes || read.bytes.length !== read.file.size) return undefined;
  const data = Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.byteLength);
  const first = data.indexOf(10);
  if (first < 0) return undefined;
  const body = data.subarray(first + 1);
  const given = data.subarray(0, first);
  const expected = Buffer.from(`${magic}${checkOf(body, secret)}`);
  return given.length === expected.length && timingSafeEqual(given, expected) ? body : undefined;
}

/** What the record of a page file holds besides its SHA-256. */
export interface FileStats {
  size: number;
  mtimeMs: number;
  dev: number;
  ino: number;
}

/**
 * A buffer a reader reads page after page into, when only their check is wanted: a buffer of
 * its own for each page is an allocation outside the heap, paid for in garbage collection, and a
 * page that is only linked never uses its bytes.
 */
export class Scratch {
  private buffer = new Uint8Array(0);

  /** `size` bytes, valid until the next call. */
  take(size: number): Uint8Array {
    if (this.buffer.length < size) this.buffer = new Uint8Array(Math.max(size, this.buffer.length * 2));
    return this.buffer.subarray(0, size);
  }
}

/**
 * A cache's file, opened without following a link (nor waiting on a FIFO): its bytes,
 * in an ArrayBuffer of their own or in
 * `scratch`, and which file it is; or why it cannot be used; or 'missing'.
 */
export function readEntryFile(file: string, max: number, skip?: (stats: FileStats) => boolean, scratch?: Scratch): { bytes: Uint8Array | undefined; identity: FileIdentity; file: FileStats } | string | 'missing' {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'missing';
    return code === 'ELOOP' ? 'a symbolic link' : `unreadable (${code ?? String(error)})`;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return 'not a regular file';
    if (stats.size > max) return `larger than ${max} bytes`;
    const file = { size: stats.size, mtimeMs: stats.mtimeMs, dev: stats.dev, ino: stats.ino };
    if (skip?.(file)) return { bytes: undefined, identity: { dev: stats.dev, ino: stats.ino }, file };
    // One byte more than fstat said, to see a file that grew since.
    const bytes = scratch ? scratch.take(stats.size + 1) : new Uint8Array(stats.size + 1);
    let at = 0;
    for (let n; at < bytes.length && (n = readSync(fd, bytes, at, bytes.length - at, at)) > 0; ) at += n;
    return { bytes: bytes.subarray(0, at), identity: { dev: stats.dev, ino: stats.ino }, file };
  } catch (error) {
    return `unreadable (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  } finally {
    closeSync(fd);
  }
}

/** A file whose bytes are known and checked: where it is, and which file it was then (fstat). */
export interface Linkable {
  path: string;
  identity: FileIdentity;
}

/**
 * A file's bytes to be read only when needed: where a link to the file cannot be kept (OutputDir.link),
 * its bytes are read then, and must be the ones the build counted on (else it rejects).
 */
export type ReadBytes = () => Promise<Buffer>;
