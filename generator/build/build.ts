// The build as a list of timed stages, and the state the preview keeps between rebuilds so
// one edit re-renders only the pages that depend on it.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { collectionOf } from '../content/collections.ts';
import { loadFile, loadAll, locate, localeOf, type SourceRecord } from '../content/load.ts';
import { validate, ValidationMemo, type Validated } from '../validate/validate.ts';
import { forgetEditMemos } from '../speed/memo.ts';
import { blogPath, buildRoutes, type Route } from '../render/routes.ts';
import { envFor, pageStylesheet, renderCache, renderRoute, RenderError, standInClient, type RenderInputs, type Templates } from '../render/render.ts';
import { HeldPages } from '../speed/held-pages.ts';
import { both, PageHandOff, type PageSink } from './page-hand-off.ts';
import { MarkdownCache, transform, type TransformOptions } from '../transform/transform.ts';
import { bundleParts, bundleScripts, type BundleResult } from '../assets/bundle.ts';
import { compileStyles, compileStylesCached, type StylesResult } from '../assets/styles.ts';
import { AssetStore } from '../assets/assets.ts';
import { ImageStage } from '../assets/images/stage.ts';
import { pictureHtml } from '../assets/images/html.ts';
import { isRaster } from '../assets/images/problems.ts';
import type { CacheOptions } from '../assets/images/cache.ts';
import { SocialCards, type CardOptions } from '../assets/cards.ts';
import { PageCache, toolFingerprint, type PageCacheOptions, type Session } from '../speed/page-cache.ts';
import { cachedScripts, type Scripts } from '../speed/bundle-cache.ts';
import { PageWeights } from './page-weights.ts';
import { readExpectedPage } from '../speed/page-cache-entry.ts';
import { MANIFEST, type Outputs } from '../output/write.ts';
import { isSitemapPart, manifestFor, manifestPath, robots, sitemaps, webManifest, type FileDigest } from '../output/site-files.ts';
import { displayPath, inspectUnder, readUnder, replaceFile } from '../content/paths.ts';
import { sha256 } from '../hash.ts';
import { ContentError, sortProblems, type Problem } from '../problems/problems.ts';
import { blogListPath, feed, feedPath, searchIndex, searchIndexPath } from '../render/feed.ts';
import { listCachePath, readListCache, writeListCache } from '../speed/list-cache.ts';
import type { Site, SourceSite } from '../content/model.ts';
import { DEFAULT_LOCALE, localePath, translatedLocales, type Locale } from '../content/locales.ts';
import { affectedRoutes, describeChange, mergeChange, noChanges, translationFiles, type Affected, type Changes } from './affected.ts';
import { isEditorTempFile } from '../content/editor-files.ts';
import { loadTemplates, saveTemplatesCode } from '../speed/templates-bundle.ts';
import { scheduledItems, siteClock, type ScheduledItem, type SiteClock } from '../validate/schedule.ts';
import { planUrls, readRecordFile, REDIRECTS_FILE, URL_RECORD, URL_RULE_FILE, URL_RULE_MAX_BYTES, urlRuleCode, urlRuleSource, type UrlPlan } from '../output/urls.ts';
import { problem } from '../problems/errors.ts';

export interface BuildOptions {
  root: string;
  contentDir: string;
  mode: 'production' | 'preview';
  includeDrafts: boolean;
  /** Where encoded photos are kept between builds (default <root>/.site/cache/images), and test hooks. */
  imageCache?: CacheOptions & { dir?: string };
  /** Where social cards are kept between builds (default <root>/.site/cache/cards), and test hooks. */
  cardCache?: Partial<CardOptions>;
  /** Reuse and keep pages in this persistent page cache (generator/speed/page-cache.ts): `site build` only. */
  pageCache?: PageCacheOptions;
  /**
   * SITE_CACHE_SECRET (`site build`): signs what the build keeps in `.site/cache` for itself,
   * the stylesheet's entry here, and only what it signed is read back (the page, photo and card
   * caches take it in their own options).
   */
  cacheSecret?: string;
  /** The sitemap's bounds per file (write.ts, SITEMAP_LIMITS; tests set smaller ones). */
  sitemapLimits?: { urls: number; bytes: number };
  /** How a full build without the page cache makes the island scripts (default: esbuild; tests: a slow one). */
  scripts?: () => Promise<Scripts>;
  /** The moment the site is built for (ms since 1970; `--at`): publishAt and expiresAt are read against it. Now when absent. */
  now?: number;
}

export interface Timing { stage: string; ms: number }

export type { PageSink };

export interface Summary {
  routes: number;
  files: number;
  bytes: number;
  heaviest: { path: string; jsGzip: number; cssGzip: number } | undefined;
}

/** The templates each project's first Builder.loadTemplates got in this process. */
const firstTemplates = new Map<string, Promise<Templates>>();

export const VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

/** What a rebuild after an edit did: for the terminal, the reload message and the admin. */
export interface Update {
  problems: Problem[];
  rerendered: string[];
  /** Routes that no longer exist (their pages were dropped). */
  removed: string[];
  changedFiles: string[];
  timings: Timing[];
}

export class Builder {
  records = new Map<string, SourceRecord>();
  /** The English model (the default language's), when the content is valid. */
  site: Site | undefined;
  /** Every language's model: English and each translation with its English fallbacks. */
  sites: Partial<Record<Locale, Site>> = {};
  /** Per translated language, its items shown in English (collection/slug): their elements say lang="en-CA". */
  untranslated: Partial<Record<Locale, ReadonlySet<string>>> = {};
  routes: Route[] = [];
  /**
   * Every output file. After a `full({ retainPages: false })` the pages are not in it (they
   * went to `onPage`); `digests` lists every file either way, with its size and SHA-256.
   */
  outputs: Outputs = new Map();
  digests = new Map<string, FileDigest>();
  timings: Timing[] = [];
  private templates: Templates | undefined;
  private bundled: BundleResult | undefined;
  private assets: AssetStore;
  /** Photos encoded (or found in the persistent cache) for this builder's content. */
  readonly images: ImageStage;
  /** Each page's social card (generator/assets/cards.ts), drawn while pages render. */
  readonly cards: SocialCards;
  /** Pages a full build reuses from, and stores to, the persistent page cache (when enabled). */
  readonly pageCache: PageCache | undefined;
  /** Pages the last full build rendered before its scripts were bundled, and held until then (Builder.full). */
  heldPages = 0;
  /** Items with a publishAt or an expiresAt, where each stands at the build's moment (validate/schedule.ts). */
  schedule: ScheduledItem[] = [];
  /** The moment and time zone the last validation read the schedule with. */
  clock: SiteClock | undefined;
  /** The URLs this build publishes, retires and redirects, and the record of published URLs (output/urls.ts). */
  urls: UrlPlan | undefined;
  private islandsByRoute = new Map<string, string[]>();
  /** gzip sizes of pages, scripts and stylesheets: the summary, the budgets and the admin read them. */
  private readonly weights = new PageWeights((file) => this.outputs.get(file));
  /** SHA-256 per output buffer: a preview rebuild re-hashes only the files it re-rendered. */
  private digestCache = new WeakMap<Buffer, string>();
  private templateVersion = 0;
  /** Markdown rendered by the last transform: a preview rebuild renders only what changed. */
  private markdown = this.markdownCache();
  /** Changes since the last good build (see `update`). */
  private pending: Changes = noChanges();
  /** Whether the last full build rendered post bodies as pages read them (a `site build`). */
  private lazyPosts = false;
  /** What validation keeps from one edit to the next (validate.ts). */
  private validation = new ValidationMemo();

  constructor(readonly options: BuildOptions) {
    this.assets = new AssetStore(options.contentDir);
    const { dir, ...cache } = options.imageCache ?? {};
    this.images = new ImageStage(options.contentDir, dir ?? join(options.root, '.site/cache/images'), this.assets, cache);
    this.cards = new SocialCards(options.root, options.contentDir, { cacheDir: join(options.root, '.site/cache/cards'), ...options.cardCache });
    this.pageCache = options.pageCache && new PageCache(options.pageCache);
  }

  /** A Markdown cache whose images are the asset store's (a photo in a post's text is a <picture>). */
  private markdownCache(): MarkdownCache {
    return new MarkdownCache(DEFAULT_LOCALE, (src, alt) => (isRaster(src) || src.endsWith('.svg') ? pictureHtml(this.assets.image(src, 'article'), alt) : undefined));
  }

  /** Photos shown narrower than a 2× screen needs, from the last render: warnings for the checks. */
  imageWarnings(): Problem[] {
    return this.images.warnings();
  }

  /** The encoded photos, by content path (the admin and the heavy-image check read them). */
  get rasters() {
    return this.assets.rasters;
  }

  /** The roles each photo was shown in by the last render. */
  get imageUses() {
    return this.assets.uses;
  }

  /**
   * Loads, validates, bundles and renders everything. Throws ContentError on bad content.
   * `onPage` receives each page as soon as it is rendered (so `site build` can write it while
   * the next ones render); the returned map holds every output, pages included. `claim` says
   * where a file of the new build is to be written (OutputDir.claim), for the page cache's links.
   */
  async full(options: { onPage?: PageSink; retainPages?: boolean; claim?: (file: string) => string; inSpare?: (file: string) => boolean; hashesPages?: boolean } = {}): Promise<Outputs> {
    this.timings = [];
    this.validation.treeChanged();
    this.cards.planAll();
    // Until this build succeeds, what the outputs hold is not known to match the records.
    this.pending = { ...noChanges(), unsure: true };
    // Pages handed on and not kept: the cards too (plan() then only makes sure each is cached).
    // Without a sink to hand them to, cards are kept whatever retainPages says.
    this.cards.retain = (options.retainPages ?? true) || !options.onPage;
    // A build that hands its pages on renders each post once: bodies are rendered as pages read
    // them, not kept (transform.ts).
    this.lazyPosts = !!options.onPage && options.retainPages === false;
    const parts = bundleParts({ root: this.options.root, mode: this.options.mode, secret: this.options.cacheSecret }, this.scriptsSource());
    const bundling = this.time('bundle', () => parts.whole);
    let bundled = false;
    bundling.then(() => (bundled = true), () => {});
    const templates = this.time('templates', () => this.loadTemplates());
    this.timeSync('load', () => {
      this.records.clear();
      for (const r of loadAll(this.options.contentDir)) this.records.set(r.relPath, r);
    });
    // Invalid content ends the build here; the bundle's outcome no longer matters then.
    bundling.catch(() => {});
    await this.validateAll();
    // A build that hands its pages on and keeps none (`site build`) is the builder's only one:
    // what validation and the route table keep for the preview's next edit is dropped now, not
    // held through rendering (speed/memo.ts).
    if (options.onPage && options.retainPages === false) {
      this.validation = new ValidationMemo();
      forgetEditMemos();
    }
    this.templates = await templates;
    // Every page names the scripts' files, whose names are their content hashes. A `site build`
    // that renders on this thread and keeps no page cache does not wait for esbuild: its pages
    // render with the stylesheet and stand-ins for those names, and are held (a few dozen at
    // most) until the scripts are in, then completed and handed on (renderAll), so the main
    // thread renders while esbuild runs on the other core. Cached builds take their scripts from
    // the page cache, whose keys name them.
    const early = !bundled && !this.pageCache && !!options.onPage && options.retainPages === false;
    const later = early ? { bundle: bundling, styles: await parts.styles } : undefined;
    if (!later) this.bundled = await bundling;
    await this.time('render', () => this.renderAll(options.onPage, options.retainPages ?? true, options.claim, later, !!options.hashesPages, options.inSpare));
    // The pages have called the templates' functions: V8's code for them is kept for the next process.
    saveTemplatesCode();
    this.pending = noChanges();
    return this.outputs;
  }

  /**
   * `site build`'s update in place (build-update.ts): loads only `records` (every content file
   * but most posts), validates them as a full build would (links to `otherPostIds` are not
   * broken), and renders the pages of the posts named in `slugs`, in every language, and the
   * feeds. Throws ContentError on bad content. Writes nothing; `assets` are the files (photos,
   * icons) the pages asked the asset store for.
   */
  async partial(records: SourceRecord[], options: { otherPostIds: readonly number[]; slugs: ReadonlySet<string> }): Promise<{ pages: Map<string, Buffer>; feeds: Map<string, Buffer>; assets: Map<string, Buffer>; routes: Route[] }> {
    this.timings = [];
    this.cards.retain = false;
    this.cards.useRecord = false;
    const parts = bundleParts({ root: this.options.root, mode: this.options.mode, secret: this.options.cacheSecret }, this.scriptsSource());
    const bundling = this.time('bundle', () => parts.whole);
    bundling.catch(() => {});
    const templates = this.time('templates', () => this.loadTemplates());
    this.records.clear();
    for (const r of records) this.records.set(r.relPath, r);
    await this.validateAll(options.otherPostIds);
    this.templates = await templates;
    this.bundled = await bundling;
    const inputs = this.renderInputs(this.bundled.client);
    const pages = new Map<string, Buffer>();
    const routes: Route[] = [];
    this.timeSync('render', () => {
      for (const route of this.routes) {
        const post = route.props.post as { slug: string } | undefined;
        if (route.template !== 'BlogPost' || !post || !options.slugs.has(post.slug)) continue;
        const page = renderRoute(route, inputs);
        pages.set(route.file, page.bytes);
        this.islandsByRoute.set(route.path, page.islands);
        routes.push(route);
      }
    });
    const feeds = new Map<string, Buffer>();
    for (const [locale, localSite] of Object.entries(this.sites) as [Locale, Site][]) feeds.set(feedPath(locale).slice(1), feed(localSite, locale));
    return { pages, feeds, assets: new Map(this.assets.files), routes };
  }

  /**
   * Applies edits and renders the routes they affect (generator/build/affected.ts). Edits
   * made while the content does not validate are kept, so the build that follows the fix
   * renders every page any of them touched; after a failure of the generator's own, the next
   * good build renders everything.
   */
  async update(changed: string[]): Promise<Update> {
    this.timings = [];
    const pending = this.pending;
    try {
      const { content, templates, styles } = this.classify(changed, pending);
      this.timeSync('load', () => this.reload(content, pending));
      if (templates) await this.reloadTemplates();
      if (styles) {
        const compiled = await this.time('bundle', () => compileStylesCached(this.options.root, { compile: compileStyles, secret: this.options.cacheSecret }));
        this.replaceBundle({ css: compiled.css, fontPreload: compiled.fontPreload }, compiled.files, (f) => f.startsWith('assets/fonts/'));
      }
      // The last good build's table: a failed validation leaves `this.routes` as it was.
      const previousRoutes = this.routes;
      try {
        await this.validateAll();
      } catch (error) {
        if (error instanceof ContentError) return { problems: error.problems, rerendered: [], removed: [], changedFiles: [], timings: this.timings };
        throw error;
      }
      const affected = affectedRoutes(previousRoutes, this.routes, pending);
      let rerendered: string[];
      let changedFiles: string[];
      try {
        ({ rendered: rerendered, changed: changedFiles } = await this.time('render', () => this.renderEdit(affected)));
      } catch (error) {
        // A page its content cannot show (RenderError) is a content problem. Pages rendered from
        // the new content were not kept, so the build after the fix renders every page.
        if (!(error instanceof ContentError)) throw error;
        pending.unsure = true;
        return { problems: error.problems, rerendered: [], removed: [], changedFiles: [], timings: this.timings };
      }
      this.pending = noChanges();
      return { problems: [], rerendered, removed: [...affected.remove], changedFiles, timings: this.timings };
    } catch (error) {
      pending.unsure = true;
      throw error;
    }
  }

  /**
   * Where a full build's island scripts come from: with the page cache, its bundle cache (the
   * tool's fingerprint names it: bundle-cache.ts); otherwise esbuild, as a clean build must.
   */
  private scriptsSource(): (() => Promise<Scripts>) | undefined {
    const cache = this.pageCache;
    if (!cache?.ready()) return this.options.scripts;
    const { root, mode } = this.options;
    return async () => {
      const { scripts, outcome } = await cachedScripts({ dir: cache.options.dir, secret: cache.options.secret, fingerprint: toolFingerprint(root), mode }, () => bundleScripts({ root, mode }));
      cache.stats.scripts = outcome.kind;
      if (outcome.kind === 'ignored' || outcome.kind === 'failed') cache.stats.failed.push(outcome.reason);
      return scripts;
    };
  }

  /** Sorts changed paths into content files, templates and styles; editors' temporaries are dropped. */
  private classify(changed: string[], pending: Changes): { content: string[]; templates: boolean; styles: boolean } {
    const content: string[] = [];
    let templates = false;
    let styles = false;
    for (const abs of changed.filter((p) => !isEditorTempFile(p))) {
      const rel = relative(this.options.contentDir, abs).split(sep).join('/');
      if (!rel.startsWith('..')) {
        // Anything but an edit of a content file (reload) may change what paths name.
        if (!collectionOf(rel)) this.validation.treeChanged();
        if (rel.startsWith('images/')) {
          this.assets.invalidate(rel);
          // Only this photo is read and encoded again (the others stay as they are); Markdown
          // that shows it is rendered again with its new files.
          this.images.invalidate(rel);
          this.markdown = this.markdownCache();
          pending.images = true;
        } else content.push(rel);
      } else if (abs.startsWith(join(this.options.root, 'styles'))) styles = true;
      else templates = true;
    }
    pending.templates ||= templates;
    pending.styles ||= styles;
    return { content, templates, styles };
  }

  /** Re-reads changed content files and records what each change did. */
  private reload(content: string[], pending: Changes): void {
    for (const rel of content) {
      const collection = collectionOf(rel);
      if (!collection) continue;
      const before = this.records.get(rel);
      const after = existsSync(join(this.options.contentDir, rel)) ? loadFile(this.options.contentDir, collection, rel) : undefined;
      if (after) this.records.set(rel, after);
      else this.records.delete(rel);
      const change = describeChange((after ?? before)?.file ?? this.display(join(this.options.contentDir, rel)), before, after, translationFiles(this.records, rel));
      // A file that came, went, or cannot be read as content (a link put in its place, say).
      if (!before || !after || after.problems.length) this.validation.treeChanged();
      if (change) pending.content.set(change.file, mergeChange(pending.content.get(change.file), change));
    }
  }

  private async reloadTemplates(): Promise<void> {
    this.templateVersion += 1;
    (globalThis as { __siteTemplateVersion?: number }).__siteTemplateVersion = this.templateVersion;
    const [templates, scripts] = await Promise.all([
      this.time('templates', () => this.loadTemplates()),
      this.time('bundle', () => bundleScripts({ root: this.options.root, mode: this.options.mode })),
    ]);
    this.templates = templates;
    this.replaceBundle({ shellScript: scripts.shellScript, islands: scripts.islands }, scripts.files, (f) => f.startsWith('assets/js/'));
  }

  summary(): Summary {
    let bytes = 0;
    for (const d of this.digests.values()) bytes += d.bytes;
    let heaviest: Summary['heaviest'];
    for (const route of this.routes) {
      const weight = this.pageWeight(route.path, route);
      if (!heaviest || weight.js > heaviest.jsGzip) heaviest = { path: route.path, jsGzip: weight.js, cssGzip: weight.css };
    }
    return { routes: this.routes.length, files: this.digests.size, bytes, heaviest };
  }

  /**
   * Page weight (HTML, JS, CSS; gzip bytes) for one route: the one function the build summary,
   * the budget warnings (generator/checks/checks.ts) and the admin all use. JS is every script the
   * page may load (the shell, its islands, their imports and lazy chunks). HTML is 0 after a
   * `full({ retainPages: false })`, which hands pages on instead of keeping them.
   */
  pageWeight(path: string, route = this.routes.find((r) => r.path === path)): { html: number; js: number; css: number } {
    if (!route || !this.bundled) return { html: 0, js: 0, css: 0 };
    const client = this.bundled.client;
    return this.weights.of(route, client, this.islandsOf(path), this.templates ? pageStylesheet({ client, templates: this.templates }, route.template) : client.css);
  }

  /** The islands (interactive parts) a page rendered, by name. */
  islandsOf(path: string): string[] {
    return this.islandsByRoute.get(path) ?? [];
  }

  private digest(bytes: Buffer): FileDigest {
    let hex = this.digestCache.get(bytes);
    if (hex === undefined) {
      hex = sha256(bytes);
      this.digestCache.set(bytes, hex);
    }
    return { bytes: bytes.length, sha256: hex };
  }

  /**
   * The validate, images and transform stages, then the route table. Throws ContentError on bad
   * content, a photo that cannot be delivered included. `otherPostIds`: posts that exist besides
   * the records loaded (Builder.partial), whose links are not broken.
   */
  private async validateAll(otherPostIds?: readonly number[]): Promise<void> {
    const now = this.options.now ?? Date.now();
    const { problems, site, translations, images } = this.timeSync('validate', () => validate([...this.records.values()], { contentDir: this.options.contentDir, includeDrafts: this.options.includeDrafts, memo: this.validation, otherPostIds, now }));
    if (problems.length || !site) throw new ContentError(problems);
    const imageProblems = await this.time('images', () => this.images.run(images));
    if (imageProblems.length) throw new ContentError(sortProblems(imageProblems));
    const { sites, routes, untranslated } = this.timeSync('transform', () => languages({ site, translations }, this.markdown, { lazyPosts: this.lazyPosts }));
    this.site = sites.en;
    this.sites = sites;
    this.untranslated = untranslated;
    this.routes = routes;
    // The schedule and the URLs: an update in place loads only some posts, and keeps the last build's.
    if (!otherPostIds) this.planUrls(now);
    // Names every page's card now and starts drawing the missing ones; renderAll collects them,
    // timed as `cards`: a stage of its own name, since a timing list shows each name once.
    this.timeSync('card plan', () => this.cards.plan(routes, sites, (route) => this.socialImagePlace(route)));
  }

  /**
   * What is scheduled and expired at `now`, and the URL plan: redirects checked against the routes,
   * expired pages retired, the record of published URLs brought up to date. A mistake in
   * content/redirects.yaml is a content problem.
   */
  private planUrls(now: number): void {
    const records = [...this.records.values()].filter((r) => localeOf(r) === DEFAULT_LOCALE && !r.problems.length);
    const clock = siteClock(records, now);
    const languages = Object.keys(this.sites) as Locale[];
    const pathsOf = (r: SourceRecord): string[] => {
      const data = r.data as { id?: unknown; path?: unknown; slug?: unknown; draft?: unknown };
      if (data.draft === true && !this.options.includeDrafts) return [];
      const path = r.collection === 'blog' && typeof data.id === 'number' ? blogPath(data.id)
        : r.collection === 'solutions' ? (typeof data.path === 'string' ? data.path : `/solutions/${typeof data.slug === 'string' ? data.slug : r.slug}`)
        : undefined;
      return path ? languages.map((locale) => localePath(path, locale)) : [];
    };
    const visible = records.filter((r) => this.options.includeDrafts || (r.data as { draft?: unknown }).draft !== true);
    this.clock = clock;
    this.schedule = scheduledItems(visible, clock, pathsOf);
    const redirects = records.find((r) => r.collection === 'redirects');
    const recordFile = join(this.options.contentDir, URL_RECORD);
    const drafts = new Set([...this.records.values()].filter((r) => (r.data as { draft?: unknown } | undefined)?.draft === true).map((r) => r.file));
    const plan = planUrls({ routes: this.routes, drafts, redirects, recordText: readRecordFile(this.options.contentDir), recordFile: displayPath(recordFile), scheduled: this.schedule, now });
    const code = urlRuleCode(urlRuleSource, plan.table);
    if (Buffer.byteLength(code) > URL_RULE_MAX_BYTES) plan.problems.push(problem('url-rule-too-big', { file: redirects?.file ?? displayPath(join(this.options.contentDir, 'redirects.yaml')), line: 1, column: 1 }, { bytes: Buffer.byteLength(code), count: Object.keys(plan.table).length }));
    if (plan.problems.length) throw new ContentError(sortProblems(plan.problems));
    this.urls = plan;
  }

  /**
   * Brings content/published-urls.txt up to date, as a lockfile: `site build` and the preview after
   * each good build for the real moment (a build `--at` another moment records nothing). Returns
   * whether it wrote.
   */
  recordUrls(): boolean {
    if (!this.urls?.changed || this.options.now !== undefined) return false;
    replaceFile(join(this.options.contentDir, URL_RECORD), this.urls.record, 'site-build');
    this.urls = { ...this.urls, changed: false };
    return true;
  }

  /** Where a route's `socialImage.image` is written, for a problem with that picture. */
  private socialImagePlace(route: Route): { file: string; line: number; column: number } {
    const file = route.sources[0] ?? route.path;
    const record = [...this.records.values()].find((r) => r.file === file);
    return { file, ...(record ? locate(record, ['socialImage', 'image']) : { line: 1, column: 1 }) };
  }

  /**
   * The templates: once per process from their bundle when it is up to date (templates-bundle.ts);
   * after an edit (the preview), a fresh copy of the source.
   */
  private async loadTemplates(): Promise<Templates> {
    if (!this.templateVersion) {
      // Once per process and project, as an import of the source is: a later Builder here gets
      // what the first one loaded, whatever was bundled since (a bundle made from an edit would
      // otherwise meet a process that still has the source from before it).
      let first = firstTemplates.get(this.options.root);
      if (!first) firstTemplates.set(this.options.root, (first = loadTemplates(this.options.root).then((loaded) => loaded.templates)));
      return await first;
    }
    const url = pathToFileURL(join(this.options.root, 'templates/index.ts')).href;
    return (await import(`${url}?v=${this.templateVersion}`)) as Templates;
  }

  private replaceBundle(client: Partial<BundleResult['client']>, files: Map<string, Buffer>, owns: (file: string) => boolean): void {
    const b = this.bundled!;
    for (const file of [...b.files.keys()]) if (owns(file)) b.files.delete(file);
    for (const [file, bytes] of files) b.files.set(file, bytes);
    this.bundled = { client: { ...b.client, ...client }, files: b.files };
  }

  /**
   * A full build: renders every route and makes the output map anew (a preview edit changes it
   * in place: renderEdit). With `onPage`, it hands over each page and lets the event loop run
   * every few pages, so the writes it started make progress while rendering goes on.
   */
  private async renderAll(onPage?: PageSink, retainPages = true, claim?: (file: string) => string, later?: { bundle: Promise<BundleResult>; styles: StylesResult }, sinkHashes = false, inSpare?: (file: string) => boolean): Promise<string[]> {
    if (!later) this.weights.measureScripts(this.bundled?.files);
    // Pages rendered before the scripts are in (Builder.full): held, with a stand-in client, until then.
    let held = later ? new HeldPages(later.bundle) : undefined;
    const inputs = this.renderInputs(held ? standInClient(later!.styles.css, later!.styles.fontPreload, held.nonce) : this.bundled!.client);
    const outputs: Outputs = new Map();
    const live = new Set<string>();
    // A full build with the page cache: unchanged pages come from it, the others are stored.
    const lazy = !!onPage && !retainPages;
    const cached = this.pageCache?.session({ ...this.options, routes: this.routes, records: this.records, client: this.bundled!.client, inputs, lazy, claim: lazy ? claim : undefined, inSpare: lazy ? inSpare : undefined });
    const handOff = new PageHandOff({ sink: onPage, cached, claim, sinkHashes, islandsByRoute: this.islandsByRoute });
    const { digests } = handOff;
    this.heldPages = 0;
    const renderHere = (route: Route, record: boolean): Promise<void> | undefined => {
      const page = renderRoute(route, record ? (cached?.inputs ?? inputs) : inputs);
      if (held) {
        held.hold({ route, chunks: page.chunks, islands: page.islands });
        this.heldPages += 1;
        return undefined;
      }
      return handOff.hand(route, page.chunks, page.islands, record);
    };
    // The scripts are in: the held pages are completed and handed on in order.
    const complete = async () => {
      const pages = held!;
      held = undefined;
      this.bundled = await later!.bundle;
      inputs.client = this.bundled.client;
      this.weights.measureScripts(this.bundled?.files);
      let wait: Promise<void> | undefined | void;
      for (const page of pages.completed(inputs.client, inputs.cache!.shell)) wait = both(wait, handOff.hand(page.route, page.chunks, page.islands, true));
      await wait;
    };
    // Like pages, cards are handed on and dropped (their digests stay), beside the pages: over a
    // spare (OutputDir) most links are a look at the file there, which interleaves with the page
    // loop's waits.
    const handCards = () => this.time('cards', () => this.cards.each((file, card, source) => {
      digests.set(file, { bytes: card.size, sha256: card.sha256 });
      return onPage!(file, card.bytes, source);
    }));
    const cards = cached && onPage && !retainPages ? handCards() : undefined;
    cards?.catch(() => {});
    try {
      for (const route of this.routes) {
        // Held pages are bounded: past a few dozen, rendering waits for the scripts.
        if (held?.due) await complete();
        live.add(route.path);
        let wait: Promise<void> | undefined | void;
        const hit = await cached?.take(route);
        if (hit) {
          // Without bytes (the record vouched for the file: only a sink that links asks for that),
          // they are read only if the link cannot be kept, and must then be the recorded ones.
          const { bytes, size, sha256: digest, source } = hit;
          if (bytes) this.digestCache.set(bytes, digest);
          if (retainPages) outputs.set(route.file, bytes!);
          else digests.set(route.file, { bytes: size, sha256: digest });
          this.islandsByRoute.set(route.path, hit.islands);
          // Linked into the new build by the page cache's reader already (CacheContext.claim).
          if (hit.linked) continue;
          wait = onPage?.(route.file, bytes ?? (async () => readExpectedPage(source.path, size, digest)), source);
          if (onPage && wait) await wait;
          continue;
        }
        // A page handed to `onPage` and not retained is freed once written, which keeps a big
        // build's memory down.
        if (onPage && !retainPages) wait = renderHere(route, true);
        else {
          const page = renderRoute(route, cached?.inputs ?? inputs);
          outputs.set(route.file, page.bytes);
          wait = onPage?.(route.file, page.bytes);
          if (cached) wait = both(wait, cached.rendered(route, page.chunks, this.digest(page.bytes).sha256, page.islands));
          handOff.accept(route, this.digest(page.bytes), page.islands);
        }
        // Every few pages, let the writes started so far make progress (or wait, when the
        // writer's backlog is full).
        if (onPage && (wait || handOff.rendered.length % 8 === 0)) await (wait ?? new Promise(setImmediate));
      }
      if (held) await complete();
      // The build manifest lists every page's SHA-256: all must be in (a failed write reports too).
      await handOff.allReported();
    } finally {
      // Nothing may still be linking cards or pages into the build's folder when this returns
      // (it may be dropped): the cards beside the pages, then the page cache's reader.
      await cards?.catch(() => {});
      await cached?.finish();
    }
    for (const path of [...this.islandsByRoute.keys()]) if (!live.has(path)) this.islandsByRoute.delete(path);
    for (const [file, bytes] of this.siteFiles(undefined, cached)) outputs.set(file, bytes);
    if (retainPages || !onPage) for (const [file, bytes] of await this.time('cards', () => this.cards.files())) outputs.set(file, bytes);
    else await (cards ?? handCards());
    for (const [file, bytes] of outputs) digests.set(file, this.digest(bytes));
    this.outputs = outputs;
    this.digests = digests;
    this.writeManifest();
    return handOff.rendered;
  }

  /** What pages render with: the models, the asset store, `client`'s scripts. */
  private renderInputs(client: RenderInputs['client']): RenderInputs {
    return {
      templates: this.templates!,
      sites: this.sites,
      untranslated: this.untranslated,
      mode: this.options.mode,
      image: (p, role) => this.assets.image(p, role),
      inlineImage: (p) => this.assets.inlineImage(p),
      icon: (p: string) => this.assets.icon(p),
      client,
      cache: renderCache(),
    };
  }

  /**
   * Every output that is not a page or a card: the sitemap, robots.txt, feeds, search indexes,
   * web manifests, favicons, scripts, styles' files and content images. With `last` (the
   * outputs of the build a preview edit follows), the sitemap and the search indexes, which list
   * every page and post, are the last ones, made when asked for or when edits pause (refresh()),
   * not on every edit. A full build makes them now.
   */
  private siteFiles(last: Outputs | undefined, cached?: Session): Map<string, Buffer> {
    const site = this.site!;
    const files = new Map<string, Buffer>();
    const mark = this.assets.image(site.config.mark);
    this.staleDerived.clear();
    this.staleSitemaps = undefined;
    const derived = (file: string, make: () => Buffer | undefined) => {
      const kept = last?.get(file);
      if (kept) {
        files.set(file, kept);
        this.staleDerived.set(file, make);
      } else {
        const bytes = make();
        if (bytes) files.set(file, bytes);
      }
    };
    const routes = this.routes;
    // The sitemap is one file or an index and its parts (write.ts, sitemaps), made together.
    if (last?.has('sitemap.xml')) {
      for (const [file, bytes] of last) if (file === 'sitemap.xml' || isSitemapPart(file)) files.set(file, bytes);
      this.staleSitemaps = () => sitemaps(site, routes, this.options.sitemapLimits);
    } else for (const [file, bytes] of sitemaps(site, routes, this.options.sitemapLimits)) files.set(file, bytes);
    files.set('robots.txt', robots(site));
    for (const [locale, localSite] of Object.entries(this.sites) as [Locale, Site][]) {
      files.set(feedPath(locale).slice(1), feed(localSite, locale));
      derived(searchIndexPath(locale).slice(1), () => Buffer.from(JSON.stringify(searchIndex(localSite))));
      // A big blog's whole list, for the list island (templates/pages/Blog.tsx, LIST_INLINE), made
      // by the templates from the list page's own view of the model; with the page cache, kept
      // beside it under the list page's key (list-cache.ts).
      const list = routes.find((r) => r.template === 'BlogList' && r.locale === locale);
      const key = list && cached?.keyOf(list.path);
      const kept = key ? listCachePath(this.pageCache!.options.dir, locale) : undefined;
      derived(blogListPath(locale).slice(1), () => {
        const held = kept && readListCache(kept, key!, this.pageCache!.options.secret);
        if (held) return held;
        const data = list && this.templates!.blogListData(envFor(list, this.renderInputs(this.bundled!.client)));
        const bytes = data && Buffer.from(JSON.stringify(data));
        if (bytes && kept) writeListCache(kept, key!, bytes, this.pageCache!.options.secret);
        return bytes;
      });
      files.set(manifestPath(locale).slice(1), webManifest(localSite, mark.src, locale));
    }
    files.set('favicon.svg', readUnder(this.options.contentDir, site.config.mark));
    if (inspectUnder(this.options.contentDir, 'static/favicon.ico').kind === 'file') files.set('favicon.ico', readUnder(this.options.contentDir, 'static/favicon.ico'));
    for (const [file, bytes] of this.bundled!.files) files.set(file, bytes);
    for (const [file, bytes] of this.assets.files) files.set(file, bytes);
    // The URL rule's table, and the rule with it for the deploy (never published: publish/local.ts).
    const table = this.urls?.table ?? {};
    files.set(REDIRECTS_FILE, Buffer.from(`${JSON.stringify(table, null, 1)}\n`));
    files.set(URL_RULE_FILE, Buffer.from(urlRuleCode(urlRuleSource, table)));
    this.lastSiteFiles = new Set(files.keys());
    return files;
  }

  /** The files siteFiles() gave last: one it no longer gives is removed by an edit (renderEdit). */
  private lastSiteFiles = new Set<string>();

  /**
   * A preview edit: renders the routes `affected` names and changes the outputs (and their
   * digests) in place, file by file: the pages rendered and removed, the cards the plan made
   * anew or dropped, and the site's other files. Nothing is changed until every page has
   * rendered (a RenderError leaves the outputs as they were); rebuilding the maps of every
   * output and comparing them again is slow on a big site. Returns the routes rendered and the
   * files whose bytes changed.
   */
  private async renderEdit(affected: Affected): Promise<{ rendered: string[]; changed: string[] }> {
    const inputs = this.renderInputs(this.bundled!.client);
    this.weights.measureScripts(this.bundled?.files);
    const pages = new Map<string, Buffer>();
    const islands = new Map<string, string[]>();
    const rendered: string[] = [];
    for (const next of affected.routes) {
      const route = next as Route;
      const page = renderRoute(route, inputs);
      pages.set(route.file, page.bytes);
      islands.set(route.path, page.islands);
      rendered.push(route.path);
    }
    const removed = affected.gone.map((route) => (route as Route).file);
    const lastSiteFiles = this.lastSiteFiles;
    const files = this.siteFiles(this.outputs);
    const cards = await this.time('cards', () => this.cards.edited());
    // Everything is known: the outputs change now, in one go.
    const outputs = this.outputs;
    const changed: string[] = [];
    const put = (file: string, bytes: Buffer) => {
      const old = outputs.get(file);
      if (old === bytes || old?.equals(bytes)) return;
      outputs.set(file, bytes);
      this.digests.set(file, this.digest(bytes));
      changed.push(file);
    };
    const drop = (file: string) => {
      if (!outputs.delete(file)) return;
      this.digests.delete(file);
      changed.push(file);
    };
    for (const file of removed) if (!pages.has(file)) drop(file);
    for (const file of cards.removed) drop(file);
    for (const file of lastSiteFiles) if (!files.has(file)) drop(file);
    for (const [file, bytes] of pages) put(file, bytes);
    for (const [file, bytes] of cards.made) put(file, bytes);
    for (const [file, bytes] of files) put(file, bytes);
    for (const path of affected.remove) this.islandsByRoute.delete(path);
    for (const [path, names] of islands) this.islandsByRoute.set(path, names);
    // The build manifest waits for a pause in the edits too (refresh()): the preview serves none,
    // and writing its JSON for every page and file on every edit would be most of an edit.
    if (changed.length) this.manifestStale = true;
    return { rendered, changed: changed.sort() };
  }

  /** Whether the build manifest in `outputs` predates the last preview edit (refresh). */
  private manifestStale = false;
  /** Site-wide files a preview edit left as they were, with how to make them now (refresh). */
  private staleDerived = new Map<string, () => Buffer | undefined>();
  /** The sitemap's files, when a preview edit left them as they were: how to make them all now (refresh). */
  private staleSitemaps: (() => Map<string, Buffer>) | undefined;

  private writeManifest(): Buffer {
    this.digests.delete(MANIFEST);
    const manifest = manifestFor(this.routes, this.islandsByRoute, this.digests, this.options.mode, VERSION);
    this.outputs.set(MANIFEST, manifest);
    this.digests.set(MANIFEST, this.digest(manifest));
    this.manifestStale = false;
    return manifest;
  }

  /** Whether `file` (an output path) is one a preview edit left behind: refresh() before serving it. */
  isStale(file: string): boolean {
    return this.staleDerived.has(file) || (!!this.staleSitemaps && (file === 'sitemap.xml' || isSitemapPart(file)));
  }

  /**
   * Makes what preview edits left behind (the sitemap, the search indexes, then the build
   * manifest) for the outputs as they are now, in `outputs`; returns those files with their
   * bytes (nothing when all is up to date). The preview calls it once edits pause, and before
   * serving one of them.
   */
  refresh(): { made: Outputs; removed: string[] } {
    const made: Outputs = new Map();
    const removed: string[] = [];
    const set = (file: string, bytes: Buffer) => {
      this.outputs.set(file, bytes);
      this.digests.set(file, this.digest(bytes));
      made.set(file, bytes);
    };
    for (const [file, make] of this.staleDerived) {
      const bytes = make();
      if (bytes) set(file, bytes);
      else if (this.outputs.delete(file)) {
        // No longer made (a blog back under the list page's bound: no /blog-list.json).
        this.digests.delete(file);
        this.lastSiteFiles.delete(file);
        removed.push(file);
      }
    }
    this.staleDerived.clear();
    if (this.staleSitemaps) {
      // Edits may have moved the sitemap across a part's bounds: parts it no longer has go.
      const now = this.staleSitemaps();
      this.staleSitemaps = undefined;
      for (const file of [...this.outputs.keys()]) {
        if (!isSitemapPart(file) || now.has(file)) continue;
        this.outputs.delete(file);
        this.digests.delete(file);
        this.lastSiteFiles.delete(file);
        removed.push(file);
      }
      for (const [file, bytes] of now) {
        set(file, bytes);
        this.lastSiteFiles.add(file);
      }
    }
    if (this.manifestStale || made.size || removed.length) made.set(MANIFEST, this.writeManifest());
    return { made, removed };
  }

  display(abs: string): string {
    return displayPath(abs);
  }

  /**
   * Stages overlap (the bundle runs beside loading and rendering), so SITE_TIMELINE=1 prints
   * when each one started and ended (ms since the process began) and the memory in use then:
   * the heap's used bytes (garbage included until a collection) of what V8 holds for it, which
   * is what the resident size follows.
   */
  private record(stage: string, start: number): void {
    const end = performance.now();
    this.timings.push({ stage, ms: end - start });
    if (!process.env.SITE_TIMELINE) return;
    const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
    const m = process.memoryUsage();
    console.error(`${stage.padEnd(9)} ${start.toFixed(0).padStart(5)} → ${end.toFixed(0).padStart(5)} ms   rss ${mb(m.rss)}, heap ${mb(m.heapUsed)} of ${mb(m.heapTotal)}, buffers ${mb(m.arrayBuffers)}`);
  }

  private async time<T>(stage: string, fn: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await fn();
    } finally {
      this.record(stage, start);
    }
  }

  private timeSync<T>(stage: string, fn: () => T): T {
    const start = performance.now();
    try {
      return fn();
    } finally {
      this.record(stage, start);
    }
  }
}


/**
 * Every language's model and routes from a valid content set: English, then each translation
 * (its untranslated items in English, named in `untranslated`). One `markdown.start()` covers them all.
 */
export function languages(valid: { site: SourceSite; translations: Validated['translations'] }, markdown = new MarkdownCache(), options: TransformOptions = {}): { sites: Partial<Record<Locale, Site>>; routes: Route[]; untranslated: Partial<Record<Locale, ReadonlySet<string>>> } {
  markdown.start();
  const available: Locale[] = [DEFAULT_LOCALE, ...translatedLocales.filter((l) => valid.translations[l])];
  const en = transform(valid.site, markdown, DEFAULT_LOCALE, options);
  const sites: Partial<Record<Locale, Site>> = { en };
  const untranslated: Partial<Record<Locale, ReadonlySet<string>>> = {};
  const routes = buildRoutes(en, DEFAULT_LOCALE, new Set(), available);
  for (const locale of translatedLocales) {
    const translated = valid.translations[locale];
    if (!translated) continue;
    const localSite = transform(translated.site, markdown, locale, options);
    sites[locale] = localSite;
    untranslated[locale] = translated.fallbackItems;
    // Not push(...): thousands of routes as arguments are slow, and too many past V8's limit.
    for (const route of buildRoutes(localSite, locale, translated.fallbackItems, available)) routes.push(route);
  }
  return { sites, routes, untranslated };
}

