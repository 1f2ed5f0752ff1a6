// The thread that writes a big build's rendered pages (OutputDir, from PageWriter.FROM pages).
//
// Through libuv, a page cost the main thread three trips to a file thread (open, writev, close),
// each a thread woken and a callback run back on the main thread, which renders meanwhile; on two
// busy cores that cost more than the system calls themselves. Measured on this machine, 1,000
// posts (2,062 pages), clean build: rendering took 3.2 s writing its pages and 2.2 s writing
// none. Here one thread of its own takes the pages in batches (one message per batch) and writes
// each with plain synchronous calls (mkdir when its folder is new, open, write, close).
//
// The thread also computes each page's SHA-256 (the build manifest's digest) from the bytes it
// writes: on the main thread that was ~0.1 ms a page (3.2 GB of pages at 20,000 posts).
//
// A batch is a few pages copied side by side into one of a handful of 2 MB buffers, moved to the
// thread (transferred, not copied) and moved back once written, to be filled again: the memory
// the writer uses stays those buffers whatever the site's size. (Handing the thread views of the
// pages in shared memory spared the copy, but V8 does not count shared memory towards its
// collections: a 20,000-post build peaked ~260 MB higher.) A page bigger than a buffer goes in a
// buffer of its own, which the thread keeps.
//
// The parts every page shares (the head with its inlined stylesheet, the header, the footer: the
// renderer marks them with sharePiece) cross once: the thread keeps them and a page names them by
// number. They are most of a page (~55 of a post's ~85 KB), so a buffer holds three times as many
// pages, and the main thread copies and posts a third as much.
import { Worker } from 'node:worker_threads';

/** The pieces the renderer shares between pages (its shell parts): sent to the thread once, then named. */
const shared = new WeakSet<Buffer>();

/** Marks `piece` as one many pages share (a cached shell part); returns it. */
export function sharePiece(piece: Buffer): Buffer {
  shared.add(piece);
  return piece;
}

export const isSharedPiece = (piece: Buffer): boolean => shared.has(piece);

/** Hears how a file's write went: its SHA-256 (lowercase hex) and CRC-32 once written, or the error. */
type Done = (error: Error | null, sha256?: string, crc32?: number) => void;

/** What the thread reports for a batch: its number, each page's SHA-256 and CRC-32 in order ('' and 0 where it failed), every failure, and the buffer back. */
interface Written {
  batch: number;
  digests: string[];
  crcs: number[];
  failures: [target: string, error: { message: string; code?: string; errno?: number; syscall?: string; path?: string }][];
  buffer?: ArrayBuffer;
}

// A page in \`pages\`: its target, how many parts, then each part: a length (bytes that follow in
// the batch's buffer) or, below zero, -1 - the number of a shared part (\`define\`d before).
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { mkdirSync, openSync, writeSync, writevSync, closeSync, unlinkSync } = require('node:fs');
const { dirname } = require('node:path');
const { createHash } = require('node:crypto');
const { crc32 } = require('node:zlib');
const withCrc = !!(workerData && workerData.crc);
const made = new Set();
const shared = [];
parentPort.on('message', ({ batch, buffer, pages, pooled, define }) => {
  if (define) for (let i = 0; i < define.length; i += 2) shared[define[i]] = define[i + 1];
  const all = new Uint8Array(buffer);
  const failures = [];
  const digests = [];
  const crcs = [];
  let at = 0;
  for (let i = 0; i < pages.length; ) {
    const target = pages[i];
    const parts = [];
    let size = 0;
    for (let n = pages[i + 1], p = i + 2; n > 0; n--, p++) {
      const ref = pages[p];
      const part = ref < 0 ? shared[-1 - ref] : all.subarray(at, (at += ref));
      parts.push(part);
      size += part.length;
    }
    i += 2 + pages[i + 1];
    try {
      const folder = dirname(target);
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      // A new file: one already there (the spare of an earlier build: write.ts) may be a cache's
      // file linked there, so it is unlinked, never written into.
      let fd;
      try {
        fd = openSync(target, 'wx');
      } catch (e) {
        if (!e || e.code !== 'EEXIST') throw e;
        unlinkSync(target);
        fd = openSync(target, 'wx');
      }
      try {
        // One writev for the page; what a short write left, part by part.
        let written = writevSync(fd, parts);
        if (written < size) {
          for (const part of parts) {
            if (written >= part.length) { written -= part.length; continue; }
            for (; written < part.length; ) written += writeSync(fd, part, written);
            written = 0;
          }
        }
      } finally {
        closeSync(fd);
      }
      const hash = createHash('sha256');
      let crc = 0;
      for (const part of parts) {
        hash.update(part);
        if (withCrc) crc = crc32(part, crc);
      }
      digests.push(hash.digest('hex'));
      crcs.push(crc);
    } catch (e) {
      digests.push('');
      crcs.push(0);
      failures.push([target, { message: String(e && e.message), code: e && e.code, errno: e && e.errno, syscall: e && e.syscall, path: e && e.path }]);
    }
  }
  if (pooled) parentPort.postMessage({ batch, digests, crcs, failures, buffer }, [buffer]);
  else parentPort.postMessage({ batch, digests, crcs, failures });
});
`;

/** A count of pages from an environment variable (a whole number, 0 and up), or `fallback`. */
export function pagesFrom(value: string | undefined, fallback: number): number {
  const count = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(count) && count >= 0 ? count : fallback;
}

/** A page waiting to be copied into a batch. */
interface Waiting {
  target: string;
  pieces: readonly Buffer[];
  /** The bytes of its pieces that are not shared: what it takes of a batch's buffer. */
  size: number;
  done: Done;
}

export class PageWriter {
  /**
   * Builds with fewer pages write them through libuv: starting a thread costs more than it saves.
   * SITE_PAGE_WRITER_FROM sets another count (0: always; tests run the shipped site through it).
   */
  static readonly FROM = pagesFrom(process.env.SITE_PAGE_WRITER_FROM, 1000);
  /**
   * A batch goes when it holds this many pages, when its buffer is full, when it has waited
   * BATCH_WAIT_MS, or on flush(). Each batch wakes the thread, and on two busy cores a woken
   * thread takes the core the renderer was on: profiles counted ~0.24 ms of the main thread per
   * batch, 14 µs when the cores were idle. Sent whenever the event loop turned, batches held
   * 8 pages on average (962 for 8,062 pages); now 32.
   */
  private static readonly BATCH_PAGES = 32;
  private static readonly BATCH_WAIT_MS = 20;
  /** The batch buffers: their size and how many there are at most. */
  private static readonly BUFFER_BYTES = 2 * 1024 * 1024;
  private static readonly BUFFERS = 6;

  private readonly worker: Worker;
  /** Pages not yet in a batch (waiting for a buffer to come back). */
  private readonly waiting: Waiting[] = [];
  private waitingFrom = 0;
  /** Buffers back from the thread, ready to be filled; how many exist. */
  private readonly free: ArrayBuffer[] = [];
  private buffers = 0;
  /** The batch being filled. */
  private filling: { bytes: Uint8Array; used: number; pages: (string | number)[]; dones: [string, Done][] } | undefined;
  /** Shared pieces already given a number, and those numbered since the last message (number, bytes). */
  private readonly numbered = new Map<Buffer, number>();
  private define: (number | Uint8Array)[] = [];
  private scheduled = false;
  private batch = 0;
  private readonly inFlight = new Map<number, [string, Done][]>();
  /** Set once the thread is gone: every write after that fails with it. */
  private broken: Error | undefined;
  private readonly crc: boolean;

  /** `crc`: each page's CRC-32 is computed too (for the page cache), else reported as 0. */
  constructor({ crc = false }: { crc?: boolean } = {}) {
    this.crc = crc;
    this.worker = new Worker(THREAD, { eval: true, workerData: { crc } });
    this.worker.on('message', (written: Written) => this.settle(written));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the page writer thread stopped (exit code ${code})`)));
  }

  /** Writes `pieces` one after the other as the file `target` (made anew); `done` hears how it went, with the file's SHA-256. */
  write(target: string, pieces: readonly Buffer[], done: Done): void {
    if (this.broken) return void queueMicrotask(() => done(this.broken!));
    let size = 0;
    for (const piece of pieces) if (!shared.has(piece)) size += piece.length;
    this.waiting.push({ target, pieces, size, done });
    this.pack();
  }

  /** Stops the thread (call when no write is pending). */
  async close(): Promise<void> {
    this.broken ??= new Error('the page writer was closed');
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }

  /** Copies waiting pages into batches while there are buffers for them. */
  private pack(): void {
    while (this.waitingFrom < this.waiting.length) {
      const page = this.waiting[this.waitingFrom]!;
      if (page.size > PageWriter.BUFFER_BYTES) {
        // A page of its own, in a buffer the thread keeps.
        this.send();
        const bytes = new Uint8Array(page.size);
        const refs: (string | number)[] = [];
        this.place(bytes, 0, page, refs);
        this.post(bytes.buffer, refs, [[page.target, page.done]], false);
      } else {
        if (this.filling && this.filling.used + page.size > this.filling.bytes.length) this.send();
        if (!this.filling) {
          const buffer = this.free.pop() ?? (this.buffers < PageWriter.BUFFERS ? (this.buffers++, new ArrayBuffer(PageWriter.BUFFER_BYTES)) : undefined);
          // Every buffer is out: the rest wait for one to come back (settle).
          if (!buffer) break;
          this.filling = { bytes: new Uint8Array(buffer), used: 0, pages: [], dones: [] };
        }
        const batch = this.filling;
        batch.used = this.place(batch.bytes, batch.used, page, batch.pages);
        batch.dones.push([page.target, page.done]);
        if (batch.dones.length >= PageWriter.BATCH_PAGES) this.send();
      }
      this.waiting[this.waitingFrom++] = undefined as unknown as Waiting;
    }
    if (this.waitingFrom === this.waiting.length) {
      this.waiting.length = 0;
      this.waitingFrom = 0;
    }
    if (this.filling && !this.scheduled) {
      this.scheduled = true;
      setTimeout(() => {
        this.scheduled = false;
        this.send();
      }, PageWriter.BATCH_WAIT_MS);
    }
  }

  /** Sends the pages waiting in a batch now: the caller is about to wait for them. */
  flush(): void {
    this.send();
  }

  /** Sends the batch being filled, if any. */
  private send(): void {
    const batch = this.filling;
    if (!batch) return;
    this.filling = undefined;
    this.post(batch.bytes.buffer as ArrayBuffer, batch.pages, batch.dones, true);
  }

  /**
   * Copies `page`'s own pieces into `bytes` from `at` and lists the page in `refs` (its target,
   * its number of parts, each part's length or shared number); returns where its bytes end.
   */
  private place(bytes: Uint8Array, at: number, page: Waiting, refs: (string | number)[]): number {
    refs.push(page.target, page.pieces.length);
    for (const piece of page.pieces) {
      if (!shared.has(piece)) {
        bytes.set(piece, at);
        at += piece.length;
        refs.push(piece.length);
        continue;
      }
      let number = this.numbered.get(piece);
      if (number === undefined) {
        this.numbered.set(piece, (number = this.numbered.size));
        // A copy crosses (structured clone) with the next message, before any page that names it.
        this.define.push(number, piece);
      }
      refs.push(-1 - number);
    }
    return at;
  }

  private post(buffer: ArrayBuffer, pages: (string | number)[], dones: [string, Done][], pooled: boolean): void {
    const batch = ++this.batch;
    this.inFlight.set(batch, dones);
    const define = this.define.length ? this.define : undefined;
    this.define = [];
    this.worker.postMessage({ batch, buffer, pages, pooled, define }, [buffer]);
  }

  private settle({ batch, digests, crcs, failures, buffer }: Written): void {
    if (buffer) this.free.push(buffer);
    const dones = this.inFlight.get(batch);
    this.inFlight.delete(batch);
    if (dones) {
      const failed = new Map(failures);
      for (const [index, [target, done]] of dones.entries()) {
        const error = failed.get(target);
        if (error) done(Object.assign(new Error(error.message), error));
        else done(null, digests[index], this.crc ? crcs[index] : undefined);
      }
    }
    if (!this.broken) this.pack();
  }

  /** The thread is gone: what it was given and anything given later fails with `error`. */
  private fail(error: Error): void {
    this.broken ??= error;
    const dones = [...this.inFlight.values()].flat();
    this.inFlight.clear();
    if (this.filling) dones.push(...this.filling.dones);
    this.filling = undefined;
    for (const page of this.waiting.slice(this.waitingFrom)) dones.push([page.target, page.done]);
    this.waiting.length = 0;
    this.waitingFrom = 0;
    for (const [, done] of dones) done(this.broken);
  }
}

