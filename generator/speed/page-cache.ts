// The page cache of `site build`: each page's output is kept in .site/cache/pages
// under a key naming everything it was rendered from, so a build after one edit renders only
// the pages that edit changes and copies the others, byte for byte as a clean build writes them.
//
// What a page's key covers (a wider key costs speed, a narrower one correctness):
//  - the tool: the package version, every source file of generator/, templates/, styles/,
//    functions/ and bin/, package.json and the lockfile (dependency versions), Node's version
//    and its ICU (dates are formatted with Intl). A change there changes every key: the cache
//    is dropped, and the build sweeps the old entries;
//  - the build: mode, drafts, the bundle (the inlined stylesheet, the scripts' hashed names),
//    the languages;
//  - the site: every content file but the blog posts, in every language (site.yaml, navigation,
//    ui copy, forms, page copy, the small collections, legal text, images, static files):
//    an edit to any of them renders every page again;
//  - the page: its route (path, title, description, alternates, social card name…), the bytes
//    of the files it is built from and of their other-language versions, and for a page that
//    lists posts the front matter of every post in every language (lists show front matter,
//    never a body: the preview's rule, generator/build/affected.ts, relies on the same).
// Feeds, the sitemap, the search index and the manifests are not pages: every build makes them.
// A big blog's whole list is kept beside the entries under its list page's key (list-cache.ts).
//
// An entry is two files: <dir>/<key>.head, a check line and a JSON header, and <dir>/<key>, the
// page's bytes exactly, so that `site build` can hard-link it into dist/ instead of writing the
// page again (OutputDir.link). The header names the key, the page's size, SHA-256 (the build
// manifest's), its islands, and every image and icon the asset store gave it (with a hash of
// each answer). A reused page asks the store again for each, so
// the image files, the sprite and the photo-role warnings are those a render would give, and
// an answer that differs (a photo encoded otherwise) renders the page instead.
//
// The folder is input from a stranger (CI restores it from an artifact). An entry is used only
// when both files are regular files reached without a link (the page under 64 MB), its check
// line matches its header (SHA-256, or HMAC-SHA256 with SITE_CACHE_SECRET set), its header
// names the key it is filed under, and its page matches the header's size and SHA-256; anything
// else is ignored with a warning and the page is rendered. Names in the folder are computed
// here, never read from it; nothing is written through a link, nor anywhere but the folder, and
// an entry is never written into: a store renames a new file over it. A page reaches dist/
// through OutputDir: linked, and only when the link names the very file (device and inode) whose
// bytes were checked, or else written from those bytes.
// Without a secret the check line proves integrity, not origin: CI restores only caches its
// own runs on main saved (.github/workflows/publish.yml).
import { URL_RECORD } from '../output/urls.ts';
import { createHash, randomBytes } from 'node:crypto';
import { PageFiler } from './page-cache-store.ts';
import { EntryReader } from './page-cache-reader.ts';
import { lstatSync, mkdirSync, readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { lstat, open, rename, unlink } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { SourceRecord } from '../content/load.ts';
import type { Route } from '../render/routes.ts';
import type { ClientAssets, RenderInputs } from '../render/render.ts';
import { AssetReplay, Recorder } from './asset-record.ts';
import { inLocale, locales, splitLocale, type Locale } from '../content/locales.ts';
import { stableJson } from '../assets/images/cache.ts';
import { MAGIC, PAGE_CACHE_FORMAT, recordName, type AssetCall, type EntryResult, type Header } from './page-cache-entry.ts';
import { checkOf } from './signed-files.ts';
import { sha256 } from '../hash.ts';
import { under } from '../content/paths.ts';
import type { Linkable } from '../output/write.ts';

const ENTRY_FILE = /^([0-9a-f]{64})(\.head)?$/;
/** Stores in flight. */
const STORE_LIMIT = 8;

const STORE_HIGH_WATER = 32 * 1024 * 1024;

export interface PageCacheOptions {
  /** The folder (git-ignored; CI persists it). */
  dir: string;
  /** Signs and checks each entry's header (HMAC-SHA256); entries not signed with it are ignored. */
  secret?: string;
  /** The folder above which links are the machine's business, not the cache's (default: the folder's parent). */
  trusted?: string;
}

/** What the build knows when its pages are about to render. */
export interface CacheContext {
  root: string;
  contentDir: string;
  mode: string;
  includeDrafts: boolean;
  routes: readonly Route[];
  records: ReadonlyMap<string, SourceRecord>;
  client: ClientAssets;
  inputs: RenderInputs;
  /**
   * The pages' bytes are only linked into the new build (`site build`): a page file this
   * machine's record vouches for is not read, and any other is read and checked into one
   * buffer used again (CachedPage.bytes is undefined either way).
   */
  lazy?: boolean;
  /**
   * With `lazy`: where a route's file goes in the new build (OutputDir.claim). The reader
   * then links there itself each page this machine's record vouches for (a page it had to read
   * is linked by the build), and such a page comes back `linked`.
   */
  claim?: (file: string) => string;
  /**
   * Whether a file is in the build being written over (OutputDir's spare, asked once the file is
   * claimed): the reader then looks at it before linking, since it is most often that very
   * page already (an attempt to link first failed with EEXIST for each such page).
   */
  inSpare?: (file: string) => boolean;
}

/** A page taken from the cache. */
export interface CachedPage {
  /** Undefined where the build only links (CacheContext.lazy): `size` and `sha256` are the checked or recorded ones. */
  bytes: Buffer | undefined;
  size: number;
  sha256: string;
  islands: string[];
  /** The entry's page file, which holds exactly `bytes`, as it was when read (OutputDir.link). */
  source: Linkable;
  /** Already linked into the new build by the reader (CacheContext.claim): nothing left to do. */
  linked?: boolean;
}

export interface PageCacheStats {
  /** The island scripts: taken from the bundle cache, or bundled (and stored), or bundled after ignoring a bad file. */
  scripts?: 'reused' | 'stored' | 'ignored' | 'failed';
  reused: number;
  /** Reused pages whose file this machine's record vouched for: linked without being read again. */
  vouched: number;
  rendered: number;
  /** The routes this build rendered (the others came from the cache). */
  renderedPaths: string[];
  stored: number;
  /** Entries found and not used, each with why (damaged, tampered, stale answers). */
  ignored: { entry: string; reason: string }[];
  /** Stores that failed (the build goes on; the next one renders those pages). */
  failed: string[];
}

/** The persistent page cache of one `site build`. */
export class PageCache {
  readonly stats: PageCacheStats = { reused: 0, vouched: 0, rendered: 0, renderedPaths: [], stored: 0, ignored: [], failed: [] };
  private readonly used = new Set<string>();
  private readonly started = Date.now();
  private usable: boolean | undefined;

  constructor(readonly options: PageCacheOptions) {}

  /** Starts the cache's part in rendering every page (see Session). */
  session(context: CacheContext): Session {
    return new Session(this, context);
  }

  /**
   * True when the folder can be used: each component from `options.trusted` (the project root)
   * down is a plain folder, made if missing, never a link (a restored cache holding `.site` →
   * elsewhere would otherwise send writes there). Checked once.
   */
  ready(): boolean {
    if (this.usable !== undefined) return this.usable;
    try {
      const trusted = this.options.trusted ?? dirname(this.options.dir);
      const below = relative(trusted, this.options.dir);
      const steps = below && !below.startsWith('..') && !isAbsolute(below) ? below.split(sep) : [];
      let dir = steps.length ? trusted : this.options.dir;
      for (const step of steps.length ? steps : ['']) {
        dir = step ? join(dir, step) : dir;
        const stats = lstatSync(dir, { throwIfNoEntry: false });
        if (!stats) mkdirSync(dir, { recursive: !steps.length });
        else if (!stats.isDirectory()) throw new Error(`${dir} is ${stats.isSymbolicLink() ? 'a symbolic link' : 'not a folder'}`);
      }
      this.usable = true;
    } catch (error) {
      this.stats.failed.push(`the cache folder cannot be used (${error instanceof Error ? error.message : String(error)}); every page was rendered`);
      this.usable = false;
    }
    return this.usable;
  }

  /** Entry keys in the folder (an entry with either of its two files), as the build's session found them. */
  private listed: Set<string> | undefined;

  /** Entry keys in the folder (an entry with either of its two files). */
  entries(): Set<string> {
    if (!this.ready()) return new Set();
    return (this.listed = new Set(readdirSync(this.options.dir).map((name) => ENTRY_FILE.exec(name)?.[1]).filter((key): key is string => !!key)));
  }

  /** Marks an entry as this build's (the sweep keeps it). */
  use(key: string): void {
    this.used.add(key);
  }

  ignore(key: string, reason: string): void {
    this.stats.ignored.push({ entry: join(this.options.dir, key), reason });
  }

  /**
   * After a build is swapped in: removes the entries it did not use that are older than it (an
   * entry a concurrent build has just stored is left alone), so the folder holds about one
   * build's pages. Returns how many it removed.
   */
  async sweep(): Promise<number> {
    if (!this.ready()) return 0;
    // Records older builds kept under other names (the reader's is verified-0.json).
    await Promise.all(['verified.json', ...[1, 2, 3, 4, 5, 6, 7].map(recordName)].map((name) => unlink(join(this.options.dir, name)).catch(() => {})));
    let removed = 0;
    // The entries the build's session listed: the folder is not listed again. What this build
    // stored it used; what was stored since the listing is another build's, left alone as below
    // (newer than this build).
    await Promise.all([...(this.listed ?? this.entries())].filter((key) => !this.used.has(key)).map(async (key) => {
      let gone = false;
      for (const file of [join(this.options.dir, key), join(this.options.dir, `${key}.head`)]) {
        const stats = await lstat(file).catch(() => undefined);
        if (!stats || stats.mtimeMs >= this.started) continue;
        await unlink(file).then(() => (gone = true), () => {});
      }
      if (gone) removed++;
    }));
    return removed;
  }

  /** The lines `site build` prints about the cache: what it reused, and every entry it ignored. */
  report(): { summary: string; warnings: string[] } {
    const { reused, vouched, rendered, stored, ignored, failed } = this.stats;
    const unread = vouched ? ` (${vouched} linked unread: this machine hashed them before)` : '';
    const scripts = this.stats.scripts === 'reused' ? '; island scripts reused' : '';
    const summary = `page cache: ${reused} page${reused === 1 ? '' : 's'} reused${unread}, ${rendered} rendered, ${stored} stored${scripts}`;
    const warnings = [
      ...ignored.map((i) => `page cache: ignored ${i.entry}: ${i.reason}; the page was rendered instead`),
      ...failed.map((f) => `page cache: ${f}`),
    ];
    return { summary, warnings };
  }

  /** The check line's value for a header: SHA-256, or HMAC-SHA256 with the secret. */
  check(header: Buffer): string {
    return checkOf(header, this.options.secret);
  }
}

/**
 * One build's use of the cache: a key for every route, each entry read as the render loop
 * reaches its route (memory stays a page, whatever the site's size), and each rendered page
 * stored with what it asked the asset store for. `inputs` are the render inputs to use: the
 * same, with the asset store's answers recorded.
 */
export class Session {
  readonly inputs: RenderInputs;
  private readonly keys = new Map<string, string>();
  /** Each route with an entry: its output file, for the reader to link its page to (CacheContext.claim). */
  private readonly files = new Map<string, string>();
  private readonly recorder = new Recorder();
  private storing = 0;
  private backlog = 0;
  private readonly queue: (() => Promise<void>)[] = [];
  private relief: { promise: Promise<void>; resolve: () => void } | undefined;
  private idle: (() => void) | undefined;
  /** The asset store's answers this build, by request (replay). */
  private readonly answers: AssetReplay;
  /** Whether each list of asset questions (by the reader's number) still gets its recorded answers. */
  private readonly verdicts = new Map<number, string | undefined>();
  private entryReader: EntryReader | undefined;
  private filer: PageFiler | undefined;
  /** The cache folder as join() writes it (an entry's file is under() it). */
  private readonly dir: string;

  constructor(private readonly cache: PageCache, private readonly context: CacheContext) {
    this.dir = join(cache.options.dir);
    this.answers = new AssetReplay(context.inputs);
    this.inputs = this.recorder.wrap(context.inputs);
    if (!cache.ready()) return;
    const keys = routeKeys(context);
    const present = cache.entries();
    for (const route of context.routes) {
      const key = keys.get(route.path)!;
      this.keys.set(route.path, key);
      if (present.has(key)) this.files.set(route.path, route.file);
    }
  }

  /** The key of the route at `path` this build (routeKeys), when the cache is in use. */
  keyOf(path: string): string | undefined {
    return this.keys.get(path);
  }

  /**
   * The route's page from the cache, or undefined: render it (and pass it to `rendered`).
   * Call it for every route, in order, just before rendering.
   */
  take(route: Route): Promise<CachedPage | undefined> | undefined {
    this.recorder.reset();
    if (!this.files.has(route.path)) return undefined;
    const page = this.read(this.keys.get(route.path)!, route.path);
    return Promise.resolve(page && this.replay(route, page));
  }

  /** What the route's render asked the asset store for, as `inputs` recorded it since `take(route)`. */
  assetCalls(): AssetCall[] {
    return this.recorder.calls();
  }

  /**
   * A page just rendered: stored under its key; may return a promise to say "wait". `assets` is
   * what it asked the asset store for; by default what `inputs` recorded since `take(route)`.
   */
  rendered(route: Route, chunks: readonly Buffer[], digest: string, islands: string[], assets: AssetCall[] = this.recorder.calls()): Promise<void> | undefined {
    this.cache.stats.rendered += 1;
    this.cache.stats.renderedPaths.push(route.path);
    const key = this.keys.get(route.path);
    if (!key) return undefined;
    this.cache.use(key);
    const bytes = chunks.reduce((n, c) => n + c.length, 0);
    const header: Header = { key, path: route.path, bytes, sha256: digest, islands, assets };
    const json = Buffer.from(`${JSON.stringify(header)}\n`);
    const head = [Buffer.from(`${MAGIC}${this.cache.check(json)}\n`), json];
    this.backlog += bytes;
    this.queue.push(() => this.store(key, head, chunks).finally(() => (this.backlog -= bytes)));
    this.pump();
    if (this.backlog <= STORE_HIGH_WATER) return undefined;
    if (!this.relief) {
      let resolve!: () => void;
      this.relief = { promise: new Promise<void>((r) => (resolve = r)), resolve };
    }
    return this.relief.promise;
  }

  /**
   * Like `rendered`, for a page already written to `file` (by the page writer, in the new
   * build's folder, where nothing else writes): the entry's page file is a hard link
   * to it (the cache and dist/ then share it, as a reused page does: OutputDir.link), or a copy
   * where no link can be made.
   */
  renderedFile(route: Route, file: string, bytes: number, digest: string, islands: string[], assets: AssetCall[]): void {
    this.cache.stats.rendered += 1;
    this.cache.stats.renderedPaths.push(route.path);
    const key = this.keys.get(route.path);
    if (!key) return;
    this.cache.use(key);
    const header: Header = { key, path: route.path, bytes, sha256: digest, islands, assets };
    const json = `${JSON.stringify(header)}\n`;
    // Filed with the same names and steps as `store` (page-cache-store.ts).
    const failure = (this.filer ??= new PageFiler(this.cache.options.dir)).file({ key, file, head: `${MAGIC}${this.cache.check(Buffer.from(json))}\n${json}` });
    if (failure) this.cache.stats.failed.push(failure);
    else this.cache.stats.stored += 1;
  }

  /** Waits for every store (a failed store is a warning, never a failed build); writes the reader's record. */
  async finish(): Promise<void> {
    this.entryReader?.close();
    if (this.storing || this.queue.length) await new Promise<void>((resolve) => (this.idle = resolve));
  }

  private pump(): void {
    while (this.storing < STORE_LIMIT && this.queue.length) {
      const job = this.queue.shift()!;
      this.storing += 1;
      void job().finally(() => {
        this.storing -= 1;
        if (this.relief && this.backlog <= STORE_HIGH_WATER / 2) {
          this.relief.resolve();
          this.relief = undefined;
        }
        if (!this.storing && !this.queue.length) this.idle?.();
        else this.pump();
      });
    }
  }

  /**
   * The page's bytes, then its header: each to a temporary name (created exclusively: never
   * through a link), then renamed into place. (A page already in a file is filed the same way:
   * renderedFile.)
   */
  private async store(key: string, head: Buffer[], page: readonly Buffer[]): Promise<void> {
    const dir = this.cache.options.dir;
    try {
      await writeNew(dir, key, page);
      await writeNew(dir, `${key}.head`, head);
      this.cache.stats.stored += 1;
    } catch (error) {
      this.cache.stats.failed.push(`could not store ${join(dir, key)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Reads and checks one entry; undefined (with a warning) when it cannot be trusted. */
  private read(key: string, path: string): CachedPage | undefined {
    const { lazy, claim, inSpare } = this.context;
    const file = this.files.get(path)!;
    const target = lazy && claim ? claim(file) : undefined;
    const result = this.reader().read({ key, path, lazy: !!lazy, target, exists: target !== undefined && !!inSpare?.(file) });
    if (result.kind === 'missing') return undefined;
    if (result.kind === 'bad') {
      this.cache.ignore(key, result.reason);
      return undefined;
    }
    const { bytes, header, identity, assetsId } = result;
    if (!bytes && !result.checked) this.cache.stats.vouched += 1;
    return {
      bytes: bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), size: header.bytes, sha256: header.sha256, islands: header.islands, assetsId,
      source: { path: under(this.dir, key), identity },
      linkedAt: result.linked ? target : undefined,
    } as CachedPage & { assetsId: number; linkedAt?: string };
  }

  private reader(): EntryReader {
    return (this.entryReader ??= new EntryReader(this.cache.options.dir, this.cache.options.secret, Object.keys(this.context.client.islands)));
  }

  /**
   * Asks the asset store again for every image and icon the page was rendered with: the files
   * and warnings are a render's, and an answer that changed makes the page render instead.
   */
  private replay(route: Route, page: CachedPage): CachedPage | undefined {
    const key = this.keys.get(route.path)!;
    const { assetsId, linkedAt } = page as CachedPage & { assetsId: number; linkedAt?: string };
    // Asked once per distinct list (the store's answers are the same for every page of a build).
    if (!this.verdicts.has(assetsId)) this.verdicts.set(assetsId, this.answers.mismatch(this.reader().assets(assetsId)));
    const mismatch = this.verdicts.get(assetsId);
    if (mismatch) {
      this.cache.ignore(key, mismatch);
      // The page is rendered and written there instead: never through the link, into the cache's file.
      if (linkedAt) removeLink(linkedAt);
      return undefined;
    }
    this.cache.use(key);
    this.cache.stats.reused += 1;
    return { bytes: page.bytes, size: page.size, sha256: page.sha256, islands: page.islands, source: page.source, linked: !!linkedAt };
  }
}

/** Removes a link the reader made into the new build; one that cannot be removed fails the build. */
function removeLink(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Writes `pieces` to a new temporary file in `dir` (never through a link), then renames it to `name`. */
async function writeNew(dir: string, name: string, pieces: readonly Buffer[]): Promise<void> {
  const temp = join(dir, `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
  try {
    const handle = await open(temp, 'wx', 0o644);
    try {
      let rest = [...pieces];
      while (rest.length) {
        let { bytesWritten } = await handle.writev(rest);
        while (rest.length && bytesWritten >= rest[0]!.length) bytesWritten -= rest.shift()!.length;
        if (rest.length && bytesWritten) rest = [rest[0]!.subarray(bytesWritten), ...rest.slice(1)];
      }
    } finally {
      await handle.close();
    }
    await rename(temp, join(dir, name));
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

/** Every route's key (see the top of this file). */
export function routeKeys(context: CacheContext): Map<string, string> {
  const { records, routes } = context;
  const languages = [...new Set(routes.map((r) => r.locale))].sort();
  const build = sha256(Buffer.from(stableJson([
    PAGE_CACHE_FORMAT, toolFingerprint(context.root), context.mode, context.includeDrafts, context.client, languages,
    siteFingerprint(context.contentDir, records),
  ])));
  const byFile = new Map<string, SourceRecord>();
  for (const record of records.values()) byFile.set(record.file, record);
  const listed = new Map<string, string>();
  const listedHash = (collection: string) => {
    let h = listed.get(collection);
    if (h === undefined) {
      const hasher = createHash('sha256');
      for (const record of [...records.values()].filter((r) => r.collection === collection).sort((a, b) => (a.relPath < b.relPath ? -1 : 1))) {
        hasher.update(`${record.relPath}\0${JSON.stringify(record.data)}\0`);
      }
      listed.set(collection, (h = hasher.digest('hex')));
    }
    return h;
  };
  const keys = new Map<string, string>();
  for (const route of routes) {
    const hasher = createHash('sha256').update(build);
    hasher.update(JSON.stringify({ ...route, props: undefined }));
    for (const source of route.sources) {
      const record = byFile.get(source);
      if (!record) {
        hasher.update(`\0source ${source}`);
        continue;
      }
      // Every language's version of the file: a translation takes its post's id and draft
      // state from the English file, and an English fallback page changes when one appears.
      const { rel } = splitLocale(record.relPath);
      for (const locale of Object.keys(locales) as Locale[]) {
        const version = records.get(inLocale(locale, rel));
        hasher.update(`\0${locale} ${rel} ${version ? (version.digest ?? sha256(Buffer.from(JSON.stringify([version.data, version.body])))) : '-'}`);
      }
    }
    // Other collections are site-wide (siteFingerprint): only blog lists need their own hash.
    for (const dep of route.deps) if (dep === PER_PAGE) hasher.update(`\0lists ${dep} ${listedHash(dep)}`);
    keys.set(route.path, hasher.digest('hex'));
  }
  return keys;
}

/** The one collection whose files are page-specific; every other content file is site-wide. */
const PER_PAGE = 'blog';

/**
 * A hash of every content file but the blog posts, in every language: the records' digests, and
 * the bytes of everything else (images, static files). Hidden files are skipped, as the loader
 * and the asset store skip them.
 */
export function siteFingerprint(contentDir: string, records: ReadonlyMap<string, SourceRecord>): string {
  const hasher = createHash('sha256');
  const walk = (rel: string) => {
    const entries = readdirSync(rel ? join(contentDir, rel) : contentDir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      // The record of published URLs shapes warnings, never a page.
      if (path === URL_RECORD) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const record = records.get(path);
        if (record?.collection === PER_PAGE) continue;
        hasher.update(`${path}\0${record?.digest ?? sha256(readFileSync(join(contentDir, path)))}\0`);
      } else hasher.update(`${path}\0special\0`);
    }
  };
  walk('');
  return hasher.digest('hex');
}

/**
 * A hash of the tool: its version, the sources that make pages (generator/, templates/,
 * styles/, functions/, bin/), package.json and the lockfile, Node's version and ICU. Computed
 * by every build (a few milliseconds), never remembered: a long-lived process may see edits.
 */
export function toolFingerprint(root: string): string {
  const hasher = createHash('sha256').update(`node ${process.versions.node} icu ${process.versions.icu} unicode ${process.versions.unicode}\0`);
  const add = (rel: string) => {
    // The tool's own files, links followed (a test's project copy links generator/ back).
    const stats = statSync(join(root, rel), { throwIfNoEntry: false });
    if (stats?.isFile()) hasher.update(`${rel}\0${sha256(readFileSync(join(root, rel)))}\0`);
    else if (stats?.isDirectory()) {
      for (const name of readdirSync(join(root, rel)).sort()) if (!name.startsWith('.') && name !== 'node_modules') add(`${rel}/${name}`);
    }
  };
  for (const rel of ['package.json', 'package-lock.json', 'tsconfig.json', 'bin', 'common', 'generator', 'templates', 'styles', 'functions']) add(rel);
  return hasher.digest('hex');
}
