// The thread that writes a big build's rendered pages (OutputDir, from PageWriter.FROM pages).
//
// Through libuv, a page cost the main thread three trips to a file thread (open, writev, close),
// each a thread woken and a callback run back on the main thread, which renders meanwhile; on two
// busy cores that cost more than the system calls themselves. Measured on this machine, 1,000
// posts (2,062 pages), clean build: rendering took 3.2 s writing its pages and 2.2 s writing
// none. Here one thread of its own takes the pages in batches (one message per batch) and writes
// each with plain synchronous calls (mkdir when its folder is new, open, writev, close).
//
// The thread also computes each page's SHA-256 (the build manifest's digest) from the bytes it
// writes: on the main thread that was ~0.1 ms a page (3.2 GB of pages at 20,000 posts).
//
// Nothing is copied on the way: a page's own text is encoded into shared slabs (render.ts's
// Arena with `shared`), and a piece that is not in shared memory (a shell part: the header and
// footer every page shares) is copied into it once, the first time a page names it, and named
// by every later page. A batch carries the slabs it uses; the thread drops them once written.
import { Worker } from 'node:worker_threads';

/** Hears how a file's write went: its SHA-256 (lowercase hex) once written, or the error. */
type Done = (error: Error | null, sha256?: string) => void;

/** What the thread reports for a batch: its number, each page's SHA-256 in order ('' where it failed), and every failure. */
interface Written {
  batch: number;
  digests: string[];
  failures: [target: string, error: { message: string; code?: string; errno?: number; syscall?: string; path?: string }][];
}

const THREAD = `
const { parentPort } = require('node:worker_threads');
const { mkdirSync, openSync, writevSync, closeSync } = require('node:fs');
const { dirname } = require('node:path');
const { createHash } = require('node:crypto');
const made = new Set();
function writeAll(fd, pieces) {
  let rest = pieces;
  while (rest.length) {
    let n = writevSync(fd, rest);
    let i = 0;
    while (i < rest.length && n >= rest[i].length) n -= rest[i++].length;
    rest = rest.slice(i);
    if (rest.length && n) rest[0] = rest[0].subarray(n);
  }
}
parentPort.on('message', ({ batch, slabs, pages }) => {
  const views = slabs.map((slab) => new Uint8Array(slab));
  const failures = [];
  const digests = [];
  for (let i = 0; i < pages.length; ) {
    const target = pages[i++];
    const count = pages[i++];
    const pieces = [];
    for (let k = 0; k < count; k++, i += 3) pieces.push(views[pages[i]].subarray(pages[i + 1], pages[i + 1] + pages[i + 2]));
    try {
      const folder = dirname(target);
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      const fd = openSync(target, 'w');
      try {
        writeAll(fd, pieces);
      } finally {
        closeSync(fd);
      }
      const digest = createHash('sha256');
      for (const piece of pieces) digest.update(piece);
      digests.push(digest.digest('hex'));
    } catch (e) {
      digests.push('');
      failures.push([target, { message: String(e && e.message), code: e && e.code, errno: e && e.errno, syscall: e && e.syscall, path: e && e.path }]);
    }
  }
  parentPort.postMessage({ batch, digests, failures });
});
`;

function pagesFrom(value: string | undefined, fallback: number): number {
  const count = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(count) && count >= 0 ? count : fallback;
}

export class PageWriter {
  /**
   * Builds with fewer pages write them through libuv: starting a thread costs more than it saves.
   * SITE_PAGE_WRITER_FROM sets another count (0: always; tests run the shipped site through it).
   */
  static readonly FROM = pagesFrom(process.env.SITE_PAGE_WRITER_FROM, 1000);
  /** A batch goes when it holds this many pages or bytes, or when the event loop next turns. */
  private static readonly BATCH_PAGES = 32;
  private static readonly BATCH_BYTES = 2 * 1024 * 1024;
  /** Shared memory that non-shared pieces are copied into (once each). */
  private static readonly STAGING = 1024 * 1024;

  private readonly worker: Worker;
  private pages: (string | number)[] = [];
  private dones: [string, Done][] = [];
  private bytes = 0;
  private slabs: SharedArrayBuffer[] = [];
  private slabIndex = new Map<SharedArrayBuffer, number>();
  private scheduled = false;
  private batch = 0;
  private readonly inFlight = new Map<number, [string, Done][]>();
  /** Set once the thread is gone: every write after that fails with it. */
  private broken: Error | undefined;
  /** A non-shared piece → its copy in shared memory, made the first time a page names it. */
  private readonly staged = new WeakMap<Buffer, Buffer>();
  private staging: Buffer = Buffer.alloc(0);
  private stagingUsed = 0;

  constructor() {
    this.worker = new Worker(THREAD, { eval: true });
    this.worker.on('message', (written: Written) => this.settle(written));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the page writer thread stopped (exit code ${code})`)));
  }

  /** Writes `pieces` one after the other as the file `target` (made anew); `done` hears how it went, with the file's SHA-256. */
  write(target: string, pieces: readonly Buffer[], done: Done): void {
    if (this.broken) return void queueMicrotask(() => done(this.broken!));
    this.pages.push(target, pieces.length);
    for (const piece of pieces) {
      const shared = this.shared(piece);
      const slab = shared.buffer as SharedArrayBuffer;
      let index = this.slabIndex.get(slab);
      if (index === undefined) {
        index = this.slabs.push(slab) - 1;
        this.slabIndex.set(slab, index);
      }
      this.pages.push(index, shared.byteOffset, shared.length);
      this.bytes += shared.length;
    }
    this.dones.push([target, done]);
    if (this.dones.length >= PageWriter.BATCH_PAGES || this.bytes >= PageWriter.BATCH_BYTES) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Stops the thread once every batch sent has been answered (call when no write is pending). */
  async close(): Promise<void> {
    this.flush();
    this.broken ??= new Error('the page writer was closed');
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }

  /** `piece` itself when it lies in shared memory; else its copy there (made once per piece). */
  private shared(piece: Buffer): Buffer {
    if (piece.buffer instanceof SharedArrayBuffer) return piece;
    let copy = this.staged.get(piece);
    if (copy) return copy;
    if (piece.length > PageWriter.STAGING / 4) {
      copy = Buffer.from(new SharedArrayBuffer(piece.length));
    } else {
      if (this.stagingUsed + piece.length > this.staging.length) {
        this.staging = Buffer.from(new SharedArrayBuffer(PageWriter.STAGING));
        this.stagingUsed = 0;
      }
      copy = this.staging.subarray(this.stagingUsed, this.stagingUsed + piece.length);
      this.stagingUsed += piece.length;
    }
    piece.copy(copy);
    this.staged.set(piece, copy);
    return copy;
  }

  private flush(): void {
    this.scheduled = false;
    if (!this.dones.length) return;
    const batch = ++this.batch;
    this.inFlight.set(batch, this.dones);
    this.worker.postMessage({ batch, slabs: this.slabs, pages: this.pages });
    this.pages = [];
    this.dones = [];
    this.bytes = 0;
    this.slabs = [];
    this.slabIndex = new Map();
  }

  private settle({ batch, digests, failures }: Written): void {
    const dones = this.inFlight.get(batch);
    this.inFlight.delete(batch);
    if (!dones) return;
    const failed = new Map(failures);
    for (const [index, [target, done]] of dones.entries()) {
      const error = failed.get(target);
      if (error) done(Object.assign(new Error(error.message), error));
      else done(null, digests[index]);
    }
  }

  /** The thread is gone: what it was given and anything given later fails with `error`. */
  private fail(error: Error): void {
    this.broken ??= error;
    const pending = [...this.inFlight.values(), this.dones];
    this.inFlight.clear();
    this.dones = [];
    this.pages = [];
    for (const dones of pending) for (const [, done] of dones) done(this.broken);
  }
}
