// Render threads (#19 item 1), opt-in (SITE_RENDER_THREADS=N): `site build` renders its pages on
// worker threads (render-worker.ts) while the main thread links the cached ones, reads the
// social cards and keeps the manifest. Each thread gets the build's model and routes once
// (structured clone), the bundle's client assets when the bundle is done, then route indexes;
// it writes each page itself into the new build's folder (OutputDir.claim) and answers with its
// size, SHA-256, islands, and what it asked its own asset store for. The main thread asks its
// store the same (asset-record.ts): the image files, sprite and photo warnings are those of a
// render there, and a page whose answers differ (a generator bug) is rendered on the main
// thread instead. (Handing the bytes back instead cost more than it saved: docs/performance.md.)
//
// Pages come back in any order; every consumer is keyed by file (the manifest sorts), so the
// output is byte-identical to rendering on the main thread (tests/unit/speed/render-pool.test.ts).
// A thread that fails (it cannot start, it crashes) costs only speed: its pages, and every
// later one, are rendered on the main thread.
import { Worker } from 'node:worker_threads';
import { getCompileCacheDir } from 'node:module';
import type { Site } from '../content/model.ts';
import type { Route } from '../render/routes.ts';
import type { ClientAssets } from '../render/render.ts';
import type { Locale } from '../content/locales.ts';
import type { Encoded } from '../assets/images/encode.ts';
import type { AssetCall } from './page-cache-entry.ts';

/** Pages sent to a thread and not yet back: enough to keep it busy between answers. */
const IN_FLIGHT = 6;

/** What a thread starts with (workerData). */
export interface RenderThreadData {
  root: string;
  contentDir: string;
  compileCache?: string;
  mode: 'production' | 'preview';
  sites: Partial<Record<Locale, Site>>;
  untranslated: Partial<Record<Locale, ReadonlySet<string>>>;
  routes: readonly Route[];
  /** Encoded photos by content path, without their bytes (a template needs only names and sizes). */
  rasters: [string, Encoded][];
}

export type ToThread = { client: ClientAssets } | { render: [index: number, target: string][] };
export type ToPool =
  | { ready: true }
  | { index: number; length: number; sha256: string; crc32: number; islands: string[]; assets: AssetCall[] }
  | { index: number; error: { render: boolean; write?: boolean; message: string; stack?: string } };

/** A page a thread rendered and wrote. */
export interface ThreadPage {
  /** Its size in bytes. */
  length: number;
  sha256: string;
  /** Its CRC-32 (hash.ts, crc32Of): what the page cache checks it by without a secret. */
  crc32: number;
  islands: string[];
  /** What it asked the thread's asset store for (ask the build's store the same). */
  assets: AssetCall[];
}

/** A template failed on the route's content (the thread's RenderError): the build reports it as the main thread would. */
export class ThreadRenderError extends Error {
  constructor(message: string, readonly threadStack?: string) {
    super(message);
    this.name = 'ThreadRenderError';
  }
}

/** The thread could not render (it failed, or stopped): render the page on the main thread. */
export class ThreadUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ThreadUnavailable';
  }
}

/**
 * How many render threads a big build uses: SITE_RENDER_THREADS (0, the default, renders on the
 * main thread). Off by default because on the 2-core machines we build on it was slower: the
 * second core is already taken by the kernel's file work (docs/performance.md); it is there to be measured on machines with more cores.
 */
export function renderThreads(): number {
  const n = Number(process.env.SITE_RENDER_THREADS ?? 0);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 16) : 0;
}

interface Waiting {
  thread: Thread;
  resolve: (page: ThreadPage) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  failed?: string;
  inFlight: number;
}

export class RenderPool {
  private readonly threads: Thread[] = [];
  private readonly waiting = new Map<number, Waiting>();
  private client: ClientAssets | undefined;
  private watchers: (() => void)[] = [];
  /** Why a thread failed, for one warning. */
  failure: string | undefined;

  constructor(data: Omit<RenderThreadData, 'compileCache'>, count: number) {
    const workerData: RenderThreadData = { ...data, compileCache: getCompileCacheDir() };
    for (let i = 0; i < count; i++) {
      const worker = new Worker(new URL('./render-worker.ts', import.meta.url), { workerData });
      const thread: Thread = { worker, ready: false, inFlight: 0 };
      worker.on('message', (message: ToPool) => this.receive(thread, message));
      worker.on('error', (error) => this.fail(thread, `a render thread failed (${error.message})`));
      worker.on('exit', (code) => this.fail(thread, `a render thread stopped (exit code ${code})`));
      this.threads.push(thread);
    }
  }

  /** The bundle's client assets: threads render from the moment they have them. */
  start(client: ClientAssets): void {
    this.client = client;
    for (const thread of this.threads) if (!thread.failed) thread.worker.postMessage({ client } satisfies ToThread);
  }

  /** True when a thread that is ready can take one more page now. */
  get open(): boolean {
    return this.client !== undefined && this.threads.some((t) => t.ready && !t.failed && t.inFlight < IN_FLIGHT);
  }

  /** True while a thread is starting or working (so a page will be answered or a thread become open). */
  get alive(): boolean {
    return this.threads.some((t) => !t.failed);
  }

  /** Resolves at the next thread that becomes ready, answers or fails. */
  change(): Promise<void> {
    return new Promise((resolve) => this.watchers.push(resolve));
  }

  /** Renders route `index` on the least busy open thread and writes it to `target` (call only when `open`). */
  render(index: number, target: string): Promise<ThreadPage> {
    let thread: Thread | undefined;
    for (const t of this.threads) if (t.ready && !t.failed && t.inFlight < IN_FLIGHT && (!thread || t.inFlight < thread.inFlight)) thread = t;
    if (!thread) return Promise.reject(new ThreadUnavailable(this.failure ?? 'no render thread is open'));
    thread.inFlight += 1;
    thread.worker.postMessage({ render: [[index, target]] } satisfies ToThread);
    return new Promise((resolve, reject) => this.waiting.set(index, { thread: thread!, resolve, reject }));
  }

  /** Stops every thread (after the last answer). */
  async close(): Promise<void> {
    for (const t of this.threads) t.failed ??= 'closed';
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }

  private changed(): void {
    const watchers = this.watchers;
    this.watchers = [];
    for (const watcher of watchers) watcher();
  }

  private receive(thread: Thread, message: ToPool): void {
    queueMicrotask(() => this.changed());
    if ('ready' in message) {
      thread.ready = true;
      return;
    }
    const waiting = this.waiting.get(message.index);
    if (!waiting) return;
    this.waiting.delete(message.index);
    thread.inFlight -= 1;
    if ('error' in message) {
      if (message.error.render) waiting.reject(new ThreadRenderError(message.error.message, message.error.stack));
      else if (message.error.write) waiting.reject(new Error(`could not write ${message.error.message}`));
      else waiting.reject(new ThreadUnavailable(`a render thread failed on a page (${message.error.message})`));
      return;
    }
    waiting.resolve({ length: message.length, sha256: message.sha256, crc32: message.crc32, islands: message.islands, assets: message.assets });
  }

  private fail(thread: Thread, reason: string): void {
    if (thread.failed) return;
    queueMicrotask(() => this.changed());
    thread.failed = reason;
    this.failure ??= reason;
    for (const [index, waiting] of [...this.waiting]) {
      if (waiting.thread !== thread) continue;
      this.waiting.delete(index);
      waiting.reject(new ThreadUnavailable(reason));
    }
  }
}
