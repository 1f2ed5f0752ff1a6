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
import { Worker } from 'node:worker_threads';

/** Hears how a file's write went: its SHA-256 (lowercase hex) once written, or the error. */
type Done = (error: Error | null, sha256?: string) => void;

/** What the thread reports for a batch: its number, each page's SHA-256 in order ('' where it failed), every failure, and the buffer back. */
interface Written {
  batch: number;
  digests: string[];
  failures: [target: string, error: { message: string; code?: string; errno?: number; syscall?: string; path?: string }][];
  buffer?: ArrayBuffer;
}

const THREAD = `
const { parentPort } = require('node:worker_threads');
const { mkdirSync, openSync, writeSync, closeSync } = require('node:fs');
const { dirname } = require('node:path');
const { createHash } = require('node:crypto');
const made = new Set();
parentPort.on('message', ({ batch, buffer, pages, pooled }) => {
  const all = new Uint8Array(buffer);
  const failures = [];
  const digests = [];
  let at = 0;
  for (let i = 0; i < pages.length; i += 2) {
    const target = pages[i];
    const bytes = all.subarray(at, at + pages[i + 1]);
    at += pages[i + 1];
    try {
      const folder = dirname(target);
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      const fd = openSync(target, 'w');
      try {
        for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
      } finally {
        closeSync(fd);
      }
      digests.push(createHash('sha256').update(bytes).digest('hex'));
    } catch (e) {
      digests.push('');
      failures.push([target, { message: String(e && e.message), code: e && e.code, errno: e && e.errno, syscall: e && e.syscall, path: e && e.path }]);
    }
  }
  if (pooled) parentPort.postMessage({ batch, digests, failures, buffer }, [buffer]);
  else parentPort.postMessage({ batch, digests, failures });
});
`;

function pagesFrom(value: string | undefined, fallback: number): number {
  const count = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(count) && count >= 0 ? count : fallback;
}

/** A page waiting to be copied into a batch. */
interface Waiting {
  target: string;
  pieces: readonly Buffer[];
  size: number;
  done: Done;
}

export class PageWriter {
  /**
   * Builds with fewer pages write them through libuv: starting a thread costs more than it saves.
   * SITE_PAGE_WRITER_FROM sets another count (0: always; tests run the shipped site through it).
   */
  static readonly FROM = pagesFrom(process.env.SITE_PAGE_WRITER_FROM, 1000);
  /** A batch goes when it holds this many pages, when its buffer is full, or when the event loop next turns. */
  private static readonly BATCH_PAGES = 32;
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
  private scheduled = false;
  private batch = 0;
  private readonly inFlight = new Map<number, [string, Done][]>();
  /** Set once the thread is gone: every write after that fails with it. */
  private broken: Error | undefined;

  constructor() {
    this.worker = new Worker(THREAD, { eval: true });
    this.worker.on('message', (written: Written) => this.settle(written));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the page writer thread stopped (exit code ${code})`)));
  }

  /** Writes `pieces` one after the other as the file `target` (made anew); `done` hears how it went, with the file's SHA-256. */
  write(target: string, pieces: readonly Buffer[], done: Done): void {
    if (this.broken) return void queueMicrotask(() => done(this.broken!));
    let size = 0;
    for (const piece of pieces) size += piece.length;
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
        copyInto(bytes, 0, page.pieces);
        this.post(bytes.buffer, [page.target, page.size], [[page.target, page.done]], false);
      } else {
        if (this.filling && this.filling.used + page.size > this.filling.bytes.length) this.send();
        if (!this.filling) {
          const buffer = this.free.pop() ?? (this.buffers < PageWriter.BUFFERS ? (this.buffers++, new ArrayBuffer(PageWriter.BUFFER_BYTES)) : undefined);
          // Every buffer is out: the rest wait for one to come back (settle).
          if (!buffer) break;
          this.filling = { bytes: new Uint8Array(buffer), used: 0, pages: [], dones: [] };
        }
        const batch = this.filling;
        batch.used = copyInto(batch.bytes, batch.used, page.pieces);
        batch.pages.push(page.target, page.size);
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
      setImmediate(() => {
        this.scheduled = false;
        this.send();
      });
    }
  }

  /** Sends the batch being filled, if any. */
  private send(): void {
    const batch = this.filling;
    if (!batch) return;
    this.filling = undefined;
    this.post(batch.bytes.buffer as ArrayBuffer, batch.pages, batch.dones, true);
  }

  private post(buffer: ArrayBuffer, pages: (string | number)[], dones: [string, Done][], pooled: boolean): void {
    const batch = ++this.batch;
    this.inFlight.set(batch, dones);
    this.worker.postMessage({ batch, buffer, pages, pooled }, [buffer]);
  }

  private settle({ batch, digests, failures, buffer }: Written): void {
    if (buffer) this.free.push(buffer);
    const dones = this.inFlight.get(batch);
    this.inFlight.delete(batch);
    if (dones) {
      const failed = new Map(failures);
      for (const [index, [target, done]] of dones.entries()) {
        const error = failed.get(target);
        if (error) done(Object.assign(new Error(error.message), error));
        else done(null, digests[index]);
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

/** Copies `pieces` one after the other into `bytes` from `at`; returns where they end. */
function copyInto(bytes: Uint8Array, at: number, pieces: readonly Buffer[]): number {
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.length;
  }
  return at;
}
