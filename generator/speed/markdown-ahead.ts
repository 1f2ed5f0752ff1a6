// Post bodies rendered ahead of the pages that read them, on a thread of their own
// (markdown-worker.ts), so a big build uses both cores.
//
// A big `site build` renders each post's body when its page reads it (MarkdownCache.lazyBlock),
// on the main thread, which is the build's bottleneck: in a profile of a clean 4,000-post build,
// markdown-it was ~0.6 s of the main thread's ~5.7 s, while the page writer's thread, the only
// other busy one, sat idle ~2 of its 4.5 s. Rendering a body needs nothing of the model but its
// source and language (bodies with an image, which ask the asset store, are rendered up front
// and never come here), so unlike whole pages (render-pool.ts: the model, the templates and
// React on each thread) it moves to another thread cheaply: the source goes over, the HTML and
// headings come back.
//
// The render loop asks for the bodies of the next WINDOW routes as it goes (request, flush); a
// page that reads its body takes the thread's result if it is in (take) and renders it itself
// otherwise, so nothing ever waits for the thread and the bytes are the same either way (the
// same function, on the same source and language). A thread that fails (cannot start, throws,
// stops) answers nothing more: the main thread renders the rest, as it does without one.
import { Worker } from 'node:worker_threads';
import type { Heading } from '../transform/markdown.ts';
import type { Locale } from '../content/locales.ts';
import { pagesFrom } from './page-writer.ts';
import { threadEnv } from './thread-env.ts';

/** A body rendered on the thread: what renderMarkdown gives. */
export interface RenderedBody { html: string; headings: Heading[] }

/** A body to render: its Markdown and the language its links go to. */
export interface BodySource { source: string; locale: Locale }

export class MarkdownAhead {
  /**
   * Builds with fewer pages render bodies on the main thread: below this the thread's start
   * (~0.1 s of the other core: markdown-it and its plugins loaded once more) outweighs what it
   * takes off. SITE_MARKDOWN_THREAD_FROM sets another count (0: always; the tests use it).
   */
  static readonly FROM = pagesFrom(process.env.SITE_MARKDOWN_THREAD_FROM, 1000);
  /** Pages a build with the page cache renders before it starts the thread (a template or the tool changed, and most pages render). */
  static readonly AFTER_RENDERED = 256;
  /** How many routes ahead of the one rendering the loop asks for (a page is ~0.4 ms, a body ~0.08 ms there). */
  static readonly WINDOW = 128;
  /** Bodies sent to the thread in one message at most (flush sends fewer). */
  private static readonly BATCH = 64;
  /** Results kept at most: one asked for and never read (its page came from the page cache) is dropped past this. */
  private static readonly KEEP = 4 * MarkdownAhead.WINDOW;

  private readonly worker: Worker;
  private readonly asked = new WeakSet<object>();
  private readonly keys = new Map<number, object>();
  /** Results in, by key: the HTML still as UTF-8 (a view of its batch's buffer), decoded when taken. */
  private readonly done = new Map<object, { bytes: Buffer; headings: Heading[] }>();
  private batch: { ids: number[]; sources: string[]; locales: Locale[] } = { ids: [], sources: [], locales: [] };
  private next = 0;
  private failed = false;
  /** Bodies taken from the thread, and rendered here instead because the thread's was not in yet. */
  readonly stats = { taken: 0, missed: 0 };

  constructor() {
    // A small heap: the thread holds a batch's sources and results at a time. Its TypeScript
    // comes through Node's compile cache (threadEnv).
    this.worker = new Worker(new URL('./markdown-worker.ts', import.meta.url), { env: threadEnv(), resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 64 } });
    this.worker.on('message', ({ ids, ends, headings, bytes }: { ids: number[]; ends: number[]; headings: (Heading[] | undefined)[]; bytes: ArrayBuffer }) => {
      const all = Buffer.from(bytes);
      ids.forEach((id, i) => {
        const key = this.keys.get(id);
        this.keys.delete(id);
        const found = headings[i];
        if (!key || !found || this.failed) return;
        this.done.set(key, { bytes: all.subarray(i ? ends[i - 1] : 0, ends[i]), headings: found });
        if (this.done.size > MarkdownAhead.KEEP) this.done.delete(this.done.keys().next().value!);
      });
    });
    const fail = () => {
      this.failed = true;
      this.keys.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', fail);
    // The thread must not keep the process alive; the build closes it.
    this.worker.unref();
  }

  /** Asks for `body` (identified by `key`, the Html that will read it) to be rendered; once per key. */
  request(key: object, body: BodySource): void {
    if (this.failed || this.asked.has(key)) return;
    this.asked.add(key);
    const id = this.next++;
    this.keys.set(id, key);
    this.batch.ids.push(id);
    this.batch.sources.push(body.source);
    this.batch.locales.push(body.locale);
    if (this.batch.ids.length >= MarkdownAhead.BATCH) this.flush();
  }

  /** Sends what was asked for and not sent yet. */
  flush(): void {
    if (!this.batch.ids.length || this.failed) return;
    this.worker.postMessage(this.batch);
    this.batch = { ids: [], sources: [], locales: [] };
  }

  /** Resolves once every body asked for so far is in (or the thread has failed). The build never waits on it; tests do. */
  settled(): Promise<void> {
    this.flush();
    return new Promise((resolve) => {
      const check = () => (this.failed || this.keys.size === 0 ? resolve() : setTimeout(check, 5));
      check();
    });
  }

  /** The thread's rendering of the body `key` reads, if it is in (given once). */
  take(key: object): RenderedBody | undefined {
    const body = this.done.get(key);
    if (!body) {
      if (this.asked.has(key)) this.stats.missed++;
      return undefined;
    }
    this.done.delete(key);
    this.stats.taken++;
    return { html: body.bytes.toString('utf8'), headings: body.headings };
  }

  async close(): Promise<void> {
    this.failed = true;
    this.done.clear();
    this.keys.clear();
    await this.worker.terminate();
  }
}
