// The page cache's store thread (page-cache.ts, Session.renderedFile): a page `site build` has
// rendered and written into the new build is filed in the cache as a hard link to that file (or
// a copy where no link can be made) and its header (`<key>.head`), each under a temporary name
// created exclusively, then renamed into place, as page-cache.ts's `writeNew` does for a page
// given as bytes.
//
// Through fs/promises that would be six trips to libuv's threads a page (link, rename; open,
// writev, close, rename), each a promise and a callback on the main thread, which renders
// meanwhile: a build filling the cache would be much slower than a clean build.
// Here one thread of its own takes the pages in batches (one message per batch) and files each
// with plain synchronous calls. A store that fails is a warning, never a failed build (the next
// build renders that page again); a thread that fails makes every store still waiting one.
import { Worker } from 'node:worker_threads';

export interface StoreJob {
  /** The entry's key (its two file names in the cache folder). */
  key: string;
  /** The page's file in the new build, to link (or copy) as the entry's page. */
  file: string;
  /** The entry's header file's text (UTF-8): the check line and the JSON header. A string: a Buffer would cross with the pool it is cut from. */
  head: string;
}

const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { closeSync, constants, copyFileSync, linkSync, openSync, renameSync, unlinkSync, writeSync } = require('node:fs');
const { join } = require('node:path');
const { randomBytes } = require('node:crypto');
const { dir } = workerData;
const prefix = '.tmp-' + process.pid + '-' + randomBytes(6).toString('hex') + '-';
let made = 0;
const temporary = () => join(dir, prefix + (made++).toString(36));
function writeAll(fd, text) {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
}
parentPort.on('message', ({ batch, jobs }) => {
  const failures = [];
  let stored = 0;
  for (const { key, file, head } of jobs) {
    let temp;
    try {
      temp = temporary();
      try {
        linkSync(file, temp);
      } catch {
        copyFileSync(file, temp, constants.COPYFILE_EXCL);
      }
      renameSync(temp, join(dir, key));
      temp = temporary();
      const fd = openSync(temp, 'wx', 0o644);
      try {
        writeAll(fd, head);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, join(dir, key + '.head'));
      temp = undefined;
      stored++;
    } catch (error) {
      if (temp) try { unlinkSync(temp); } catch {}
      failures.push('could not store ' + join(dir, key) + ': ' + (error && error.message));
    }
  }
  parentPort.postMessage({ batch, stored, failures });
});
`;

/** Files rendered pages into the cache folder `dir` on a thread of its own, in batches. */
export class StoreThread {
  /** Pages per batch, and how long a batch not full waits to go. */
  static readonly BATCH = 64;
  static readonly WAIT_MS = 20;
  private readonly worker: Worker;
  private jobs: StoreJob[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sent = 0;
  private answered = 0;
  private stored = 0;
  private readonly failures: string[] = [];
  private failure: string | undefined;
  private stopping = false;
  private done: (() => void) | undefined;

  constructor(dir: string) {
    this.worker = new Worker(THREAD, { eval: true, workerData: { dir }, resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 32 } });
    this.worker.unref();
    this.worker.on('message', ({ stored, failures }: { batch: number; stored: number; failures: string[] }) => {
      this.answered += 1;
      this.stored += stored;
      this.failures.push(...failures);
      this.settle();
    });
    const fail = (reason: string) => {
      if (this.failure || this.stopping) return;
      this.failure = reason;
      this.settle();
    };
    this.worker.on('error', (error) => fail(`the store thread failed (${error.message}): the pages it had not filed are not stored`));
    this.worker.on('exit', (code) => fail(`the store thread stopped (exit code ${code}): the pages it had not filed are not stored`));
  }

  /** Files one page (in the next batch). */
  store(job: StoreJob): void {
    if (this.failure) return;
    this.jobs.push(job);
    if (this.jobs.length >= StoreThread.BATCH) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), StoreThread.WAIT_MS);
  }

  /** Sends what is waiting, waits for every batch, stops the thread: how many were stored, and each failure. */
  async finish(): Promise<{ stored: number; failures: string[] }> {
    this.flush();
    if (!this.failure && this.answered < this.sent) await new Promise<void>((resolve) => (this.done = resolve));
    // Its own stop is no failure.
    this.stopping = true;
    await this.worker.terminate();
    return { stored: this.stored, failures: this.failure ? [...this.failures, this.failure] : this.failures };
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.jobs.length || this.failure) return;
    if (this.answered === this.sent) this.worker.ref();
    this.worker.postMessage({ batch: this.sent++, jobs: this.jobs });
    this.jobs = [];
  }

  private settle(): void {
    if (this.answered < this.sent && !this.failure) return;
    this.worker.unref();
    this.done?.();
    this.done = undefined;
  }
}
