// The build as a list of timed stages, and the state the preview keeps between rebuilds so
// one edit re-renders only the pages that depend on it.
import { readFileSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { collectionOf, collections, type CollectionName } from './collections.ts';
import { loadFile, loadAll, type SourceRecord } from './load.ts';
import { validate } from './validate.ts';
import { buildRoutes, type Route } from './routes.ts';
import { renderCache, renderRoute, type RenderInputs, type Templates } from './render.ts';
import { bundle, bundleScripts, type BundleResult } from './bundle.ts';
import { compileStyles } from './styles.ts';
import { AssetStore } from './assets.ts';
import { MANIFEST, manifestFor, robots, sitemap, webManifest, type Outputs } from './write.ts';
import { ContentError, type Problem } from './problems.ts';
import { feed, searchIndex, FEED_PATH, SEARCH_INDEX_PATH } from './feed.ts';
import type { Site } from './model.ts';

export interface BuildOptions {
  root: string;
  contentDir: string;
  mode: 'production' | 'preview';
  includeDrafts: boolean;
}

export interface Timing { stage: string; ms: number }

/** Takes a rendered page (whole, or as pieces); may return a promise to say "wait". */
export type PageSink = (file: string, data: Buffer | Buffer[]) => Promise<void> | undefined | void;

export interface Summary {
  routes: number;
  files: number;
  bytes: number;
  heaviest: { path: string; jsGzip: number; cssGzip: number } | undefined;
}

export const VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/** What a rebuild after an edit did: for the terminal, the reload message and the admin. */
export interface Update {
  problems: Problem[];
  rerendered: string[];
  changedFiles: string[];
  timings: Timing[];
}

export class Builder {
  records = new Map<string, SourceRecord>();
  site: Site | undefined;
  routes: Route[] = [];
  /**
   * Every output file. After a `full({ retainPages: false })` the pages are not in it (they
   * went to `onPage`); `sizes` lists every file either way.
   */
  outputs: Outputs = new Map();
  sizes = new Map<string, number>();
  timings: Timing[] = [];
  private templates: Templates | undefined;
  private bundled: BundleResult | undefined;
  private assets: AssetStore;
  private islandsByRoute = new Map<string, string[]>();
  private gzipCache = new Map<Buffer, number>();
  private templateVersion = 0;

  constructor(readonly options: BuildOptions) {
    this.assets = new AssetStore(options.contentDir);
  }

  /**
   * Loads, validates, bundles and renders everything. Throws ContentError on bad content.
   * `onPage` receives each page as soon as it is rendered (so `site build` can write it while
   * the next ones render); the returned map holds every output, pages included.
   */
  async full(options: { onPage?: PageSink; retainPages?: boolean } = {}): Promise<Outputs> {
    this.timings = [];
    const bundling = this.time('bundle', () => bundle({ root: this.options.root, mode: this.options.mode }));
    const templates = this.time('templates', () => this.loadTemplates());
    this.timeSync('load', () => {
      this.records.clear();
      for (const r of loadAll(this.options.contentDir)) this.records.set(r.relPath, r);
    });
    // Invalid content ends the build here; the bundle's outcome no longer matters then.
    bundling.catch(() => {});
    this.timeSync('validate', () => this.validateAll());
    // Rendering waits for the bundle (its file names are in every page). Starting before it
    // and completing those pages later was tried: on two cores, already busy with esbuild and
    // Sass, it gained no time and held more memory.
    [this.bundled, this.templates] = await Promise.all([bundling, templates]);
    await this.time('render', () => this.renderAll(allRoutes, options.onPage, options.retainPages ?? true));
    return this.outputs;
  }

  /** Applies edits: content re-renders dependants; templates and styles re-render everything. */
  async update(changed: string[]): Promise<Update> {
    this.timings = [];
    const before = this.outputs;
    const contentChanges: string[] = [];
    let templatesChanged = false;
    let stylesChanged = false;
    let imagesChanged = false;
    for (const abs of changed) {
      const rel = relative(this.options.contentDir, abs).split(sep).join('/');
      if (!rel.startsWith('..')) {
        if (rel.startsWith('images/')) {
          this.assets.invalidate(rel);
          imagesChanged = true;
        } else contentChanges.push(rel);
      } else if (abs.startsWith(join(this.options.root, 'styles'))) stylesChanged = true;
      else templatesChanged = true;
    }
    const changedCollections = new Set<CollectionName>();
    this.timeSync('load', () => {
      for (const rel of contentChanges) {
        const collection = collectionOf(rel);
        if (!collection) continue;
        const before = this.records.get(rel);
        const after = existsSync(join(this.options.contentDir, rel)) ? loadFile(this.options.contentDir, collection, rel) : undefined;
        if (after) this.records.set(rel, after);
        else this.records.delete(rel);
        // Pages that list a collection show items' data (front matter), never their bodies:
        // an edit to a post's text re-renders the post, not every list it appears in.
        if (!before || !after || JSON.stringify(before.data) !== JSON.stringify(after.data) || before.problems.length || after.problems.length) {
          changedCollections.add(collection);
        }
      }
    });
    if (templatesChanged) {
      this.templateVersion += 1;
      (globalThis as { __siteTemplateVersion?: number }).__siteTemplateVersion = this.templateVersion;
      const [templates, scripts] = await Promise.all([
        this.time('templates', () => this.loadTemplates()),
        this.time('bundle', () => bundleScripts({ root: this.options.root, mode: this.options.mode })),
      ]);
      this.templates = templates;
      this.replaceBundle({ shellScript: scripts.shellScript, islands: scripts.islands }, scripts.files, (f) => f.startsWith('assets/js/'));
    }
    if (stylesChanged) {
      const styles = await this.time('bundle', () => compileStyles(this.options.root));
      this.replaceBundle({ css: styles.css, fontPreload: styles.fontPreload }, styles.files, (f) => f.startsWith('assets/css/') || f.startsWith('assets/fonts/'));
    }
    const previousRoutes = new Map(this.routes.map((r) => [r.path, r]));
    try {
      this.timeSync('validate', () => this.validateAll());
    } catch (error) {
      if (error instanceof ContentError) return { problems: error.problems, rerendered: [], changedFiles: [], timings: this.timings };
      throw error;
    }
    const everything = templatesChanged || stylesChanged || imagesChanged || [...changedCollections].some((c) => collections[c].kind === 'single');
    const changedFiles = new Set(contentChanges.map((rel) => this.display(join(this.options.contentDir, rel))));
    const affected = (route: Route) =>
      everything || !previousRoutes.has(route.path) || route.sources.some((s) => changedFiles.has(s)) || route.deps.some((d) => changedCollections.has(d));
    const rerendered = await this.time('render', () => this.renderAll(affected));
    return { problems: [], rerendered, changedFiles: diffKeys(before, this.outputs), timings: this.timings };
  }

  summary(): Summary {
    let bytes = 0;
    for (const n of this.sizes.values()) bytes += n;
    let heaviest: Summary['heaviest'];
    const client = this.bundled!.client;
    const cssGzip = client.css.reduce((n, href) => n + this.gz(href), 0);
    for (const route of this.routes) {
      const scripts = new Set([client.shellScript]);
      for (const name of this.islandsByRoute.get(route.path) ?? []) {
        const entry = client.islands[name]!;
        scripts.add(entry.script);
        entry.imports.forEach((i) => scripts.add(i));
        entry.lazy.forEach((i) => scripts.add(i));
      }
      const jsGzip = [...scripts].reduce((n, href) => n + this.gz(href), 0);
      if (!heaviest || jsGzip > heaviest.jsGzip) heaviest = { path: route.path, jsGzip, cssGzip };
    }
    return { routes: this.routes.length, files: this.sizes.size, bytes, heaviest };
  }

  /** Page weight (HTML, JS, CSS; gzip bytes) for one route: the admin and budget checks use it. */
  pageWeight(path: string): { html: number; js: number; css: number } {
    const route = this.routes.find((r) => r.path === path);
    if (!route || !this.bundled) return { html: 0, js: 0, css: 0 };
    const client = this.bundled.client;
    const scripts = new Set([client.shellScript]);
    for (const name of this.islandsByRoute.get(path) ?? []) {
      scripts.add(client.islands[name]!.script);
      client.islands[name]!.imports.forEach((i) => scripts.add(i));
      client.islands[name]!.lazy.forEach((i) => scripts.add(i));
    }
    return {
      html: this.gz(`/${route.file}`),
      js: [...scripts].reduce((n, h) => n + this.gz(h), 0),
      css: client.css.reduce((n, h) => n + this.gz(h), 0),
    };
  }

  private gz(href: string): number {
    const bytes = this.outputs.get(href.replace(/^\//, ''));
    if (!bytes) return 0;
    let size = this.gzipCache.get(bytes);
    if (size === undefined) {
      size = gzipSync(bytes, { level: 9 }).length;
      this.gzipCache.set(bytes, size);
    }
    return size;
  }

  private validateAll(): void {
    const result = validate([...this.records.values()], { contentDir: this.options.contentDir, includeDrafts: this.options.includeDrafts });
    if (result.problems.length || !result.site) throw new ContentError(result.problems);
    this.site = result.site;
    this.routes = buildRoutes(result.site);
  }

  private async loadTemplates(): Promise<Templates> {
    const url = pathToFileURL(join(this.options.root, 'templates/index.ts')).href;
    return (await import(this.templateVersion ? `${url}?v=${this.templateVersion}` : url)) as Templates;
  }

  private replaceBundle(client: Partial<BundleResult['client']>, files: Map<string, Buffer>, owns: (file: string) => boolean): void {
    const b = this.bundled!;
    for (const file of [...b.files.keys()]) if (owns(file)) b.files.delete(file);
    for (const [file, bytes] of files) b.files.set(file, bytes);
    this.bundled = { client: { ...b.client, ...client }, files: b.files };
  }

  /**
   * Renders the routes `which` selects (all by default) and rebuilds the output map. With
   * `onPage`, it hands over each page and lets the event loop run every few pages, so the
   * writes it started make progress while rendering goes on.
   */
  private async renderAll(which: (route: Route) => boolean = allRoutes, onPage?: PageSink, retainPages = true): Promise<string[]> {
    const site = this.site!;
    const inputs: RenderInputs = {
      templates: this.templates!,
      site,
      mode: this.options.mode,
      image: (p: string) => this.assets.image(p),
      icon: (p: string) => this.assets.icon(p),
      client: this.bundled!.client,
      cache: renderCache({ arena: which === allRoutes }),
    };
    const outputs: Outputs = new Map();
    const sizes = new Map<string, number>();
    const rendered: string[] = [];
    const live = new Set<string>();
    for (const route of this.routes) {
      live.add(route.path);
      const previous = this.outputs.get(route.file);
      if (previous && !which(route)) {
        outputs.set(route.file, previous);
        sizes.set(route.file, previous.length);
        continue;
      }
      const page = renderRoute(route, inputs);
      // A page handed to `onPage` and not retained is freed once written (a 4,000-post site's
      // pages are 130 MB), which keeps a big build's memory down.
      let wait: Promise<void> | undefined | void;
      if (retainPages) {
        outputs.set(route.file, page.bytes);
        sizes.set(route.file, page.bytes.length);
        wait = onPage?.(route.file, page.bytes);
      } else {
        sizes.set(route.file, page.chunks.reduce((n, c) => n + c.length, 0));
        wait = onPage?.(route.file, page.chunks);
      }
      this.islandsByRoute.set(route.path, page.islands);
      rendered.push(route.path);
      // Every few pages, let the writes started so far make progress (or wait, when the
      // writer's backlog is full).
      if (onPage && (wait || rendered.length % 8 === 0)) await (wait ?? new Promise(setImmediate));
    }
    for (const path of [...this.islandsByRoute.keys()]) if (!live.has(path)) this.islandsByRoute.delete(path);
    const mark = this.assets.image(site.config.mark);
    outputs.set('sitemap.xml', sitemap(site, this.routes));
    outputs.set('robots.txt', robots(site));
    outputs.set(FEED_PATH.slice(1), feed(site));
    outputs.set(SEARCH_INDEX_PATH.slice(1), Buffer.from(JSON.stringify(searchIndex(site))));
    outputs.set('manifest.webmanifest', webManifest(site, mark.src));
    outputs.set('favicon.svg', readFileSync(join(this.options.contentDir, site.config.mark)));
    const staticDir = join(this.options.contentDir, 'static');
    if (existsSync(join(staticDir, 'favicon.ico'))) outputs.set('favicon.ico', readFileSync(join(staticDir, 'favicon.ico')));
    for (const [file, bytes] of this.bundled!.files) outputs.set(file, bytes);
    for (const [file, bytes] of this.assets.files) outputs.set(file, bytes);
    for (const [file, bytes] of outputs) sizes.set(file, bytes.length);
    const manifest = manifestFor(this.routes, this.islandsByRoute, sizes, this.options.mode, VERSION);
    outputs.set(MANIFEST, manifest);
    sizes.set(MANIFEST, manifest.length);
    this.outputs = outputs;
    this.sizes = sizes;
    return rendered;
  }

  display(abs: string): string {
    return relative(process.cwd(), abs).split(sep).join('/');
  }

  /**
   * Stages overlap (the bundle runs beside loading and rendering), so SITE_TIMELINE=1 prints
   * when each one started and ended (ms since the process began) and the memory in use then.
   */
  private record(stage: string, start: number): void {
    const end = performance.now();
    this.timings.push({ stage, ms: end - start });
    if (!process.env.SITE_TIMELINE) return;
    const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
    const m = process.memoryUsage();
    console.error(`${stage.padEnd(9)} ${start.toFixed(0).padStart(5)} → ${end.toFixed(0).padStart(5)} ms   rss ${mb(m.rss)}, heap ${mb(m.heapUsed)}, buffers ${mb(m.arrayBuffers)}`);
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

const allRoutes = () => true;

function diffKeys(before: Outputs, after: Outputs): string[] {
  const changed: string[] = [];
  for (const [file, bytes] of after) {
    const old = before.get(file);
    if (old !== bytes && !old?.equals(bytes)) changed.push(file);
  }
  for (const file of before.keys()) if (!after.has(file)) changed.push(file);
  return changed.sort();
}
