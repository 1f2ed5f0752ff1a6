// Route → complete HTML document. Pure: everything it needs comes in `inputs`; it reads
// no files itself (images and icons come through the asset functions it is given).
import type { ComponentType, Provider, ReactElement, ReactNode, createElement as CreateElement } from 'react';
import type { renderToStaticMarkup as RenderToStaticMarkup, renderToString as RenderToString } from 'react-dom/server';
import type { Site } from '../content/model.ts';
import type { Route, RouteProps, TemplateName, TemplateProps } from './routes.ts';
import type { ImageInfo } from '../assets/assets.ts';
import type { ImageRole } from '../assets/images/roles.ts';
import { ContentError } from '../problems/problems.ts';
import { problem } from '../problems/errors.ts';
import { escapeHtml } from '../../common/html.ts';
import { blogListPath, feedPath, searchIndexPath } from './feed.ts';
import { DEFAULT_LOCALE, localizeHref, locales, type Locale } from '../content/locales.ts';
import { manifestPath } from '../output/site-files.ts';
import { formatsFor, type LocaleFormat } from '../transform/format.ts';
import type { CollectionName } from '../content/collections.ts';
import { splitStylesheet } from '../assets/style-parts.ts';

/** An island a page uses: its component, props and when it hydrates (templates/islands/Island.tsx). */
export interface IslandUse {
  name: string;
  component: ComponentType<any>;
  props: unknown;
  hydrate: 'load' | 'visible' | 'idle' | 'used';
  loadWhen?: LoadWhen;
}

/** When a `used` island hydrates at once all the same (templates/islands/Island.tsx, loader.ts). */
export interface LoadWhen { media?: string; params?: string[] }

/**
 * What renderIslandMarkup provides to an island's `Runs` (templates/islands/lib/runs.tsx): `add`
 * keeps the items and names their placeholder, or says -1 (render them in place).
 */
export interface RunSlots {
  add(items: readonly ReactElement[]): number;
}

/**
 * A list longer than this many items is rendered a run of this many at a time, each run's markup
 * handed on before the next is rendered (templates/islands/lib/runs.tsx). SITE_LIST_RUN sets
 * another size, RenderInputs.listRun one for a render.
 */
export const LIST_RUN = (() => {
  const value = Number(process.env.SITE_LIST_RUN);
  return Number.isInteger(value) && value > 0 ? value : 256;
})();

/**
 * What every template can reach while a page renders (templates/context.tsx): the site model,
 * the current route, the asset store and the island collector. Data only, ready to show:
 * Markdown is HTML already (transform.ts) and URLs are built.
 */
export interface RenderEnv {
  /** The model in the page's language (an untranslated item is its English version). */
  site: Site;
  route: Route;
  /** The page's language and its BCP 47 tag (en-CA, fr-CA). */
  locale: Locale;
  lang: string;
  /** A link to a page of the site as this page's language shows it: / → /fr on a French page. */
  href(path: string): string;
  /** Dates, numbers and the address as the page's language writes them: `format.date('2024-03-24')` is "24 mars 2024" on a French page. */
  format: LocaleFormat;
  /**
   * The `lang` an item listed on this page needs: the default language's tag ('en-CA') when the
   * item (`collection`, its file's `slug`) is shown untranslated on a page in another language,
   * otherwise undefined (no attribute: it is in the page's language).
   */
  itemLang(collection: CollectionName, slug: string): string | undefined;
  mode: 'production' | 'preview';
  /** A content image; a photo's `sizes` are its role's (generator/assets/images/roles.ts; 'content' when not said). */
  image(path: string, role?: ImageRole): ImageInfo;
  /** A small SVG as a data: URI (no request); `image` when absent or when the file is large. */
  inlineImage?(path: string): ImageInfo;
  icon(path: string): string;
  /** Registers an island on this page; returns its index for the placeholder. */
  addIsland(use: IslandUse): number;
  /**
   * A part of the page that is the same on many pages (header, footer): rendered once per
   * build for each `key` and reused. The key must name everything the part depends on.
   */
  shell(key: string, element: ReactElement): ReactElement;
  /**
   * The page's stylesheet (inlined in the head): the bundle's, with only the parts the route's
   * template needs (style-parts.ts). And the shell script, from the bundle stage.
   */
  css: string;
  shellScript: string;
  fontPreload: string;
  /** Files the build writes that pages link to. */
  links: { feed: string; searchIndex: string; manifest: string; blogList: string };
}

/** What render needs from templates/index.ts (passed in, so the preview can swap in a fresh copy). */
export interface Templates {
  pages: { [T in TemplateName]: ComponentType<TemplateProps[T]> };
  EnvProvider: Provider<RenderEnv | null>;
  IslandBoundary: ComponentType<{ name: string; heading: string; children?: ReactNode }>;
  /** Where an island's long list may leave its items to the renderer (templates/islands/lib/runs.tsx). */
  RunsContext: { Provider: Provider<RunSlots | null> };
  jsonForScript(data: unknown): string;
  /**
   * The whole blog list of `env`'s language for the list island to load (/blog-list.json), or
   * undefined when the list page holds every post itself (templates/pages/Blog.tsx).
   */
  blogListData(env: RenderEnv): object | undefined;
  /** The stylesheet parts each template's pages inline (templates/styles.ts, style-parts.ts). */
  templateStyles: { readonly [T in TemplateName]: readonly string[] };
  /**
   * React and its server renderer, as the templates have them: pages are rendered with the React
   * their components use (one copy, which the templates' bundle holds: templates-bundle.ts).
   */
  createElement: typeof CreateElement;
  renderToStaticMarkup: typeof RenderToStaticMarkup;
  renderToString: typeof RenderToString;
}

/**
 * A template failed on this route's content. Content is validated before rendering, so this is
 * content the schemas let through but a template cannot show (or a template's own mistake): a
 * content problem located at the route's source, never a crash of the tool.
 */
export class RenderError extends ContentError {
  constructor(readonly route: Route, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const at = { file: route.sources[0] || route.path, line: 1, column: 1 };
    super([problem('page-not-rendered', at, { route: route.path, template: route.template, lists: route.deps, reason })], { cause });
    this.name = 'RenderError';
  }
}

export interface ClientAssets {
  /**
   * The compiled stylesheet's text, with its part marks: every page inlines the parts its
   * template names (style-parts.ts), so nothing blocks rendering.
   */
  css: string;
  shellScript: string;
  fontPreload: string;
  /** Island name → its entry script and the chunks it imports (for modulepreload). */
  islands: Record<string, { script: string; imports: string[]; lazy: string[] }>;
  /**
   * Set on a stand-in (standInClient): the scripts are still being bundled, and pages rendered
   * with it hold placeholders named by this nonce until completePage fills them in.
   */
  standIn?: string;
}

/**
 * A client for pages rendered while esbuild is still bundling (`site build`, Builder.full): the
 * stylesheet is known, the scripts' file names (content hashes) are not. Where a page names them
 * (the shell script's URL in the head, the island scripts' data before </head>), it holds a
 * placeholder with this build's random `nonce`, which content cannot know and so cannot write.
 */
export function standInClient(css: string, fontPreload: string, nonce: string): ClientAssets {
  return { css, fontPreload, shellScript: `/__site-scripts-${nonce}__/shell.js`, islands: {}, standIn: nonce };
}

/**
 * A page rendered with standInClient(…, nonce), with `client`'s scripts where its placeholders
 * are: the bytes renderRoute gives with `client` itself. `done` maps a chunk already completed
 * to its result (the shell parts every page shares are completed once).
 */
export function completeChunks(chunks: Buffer[], client: ClientAssets, nonce: string, done: Map<Buffer, Buffer>): Buffer[] {
  const marker = Buffer.from(`site-scripts-${nonce}`);
  const islandsAt = new RegExp(`<!--site-scripts-${nonce}:([A-Za-z0-9_,]+)-->`, 'g');
  return chunks.map((chunk) => {
    let complete = done.get(chunk);
    if (complete) return complete;
    if (!chunk.includes(marker)) return chunk;
    const text = chunk.toString('utf8')
      .replaceAll(`/__site-scripts-${nonce}__/shell.js`, client.shellScript)
      .replace(islandsAt, (_, names: string) => islandScripts(names.split(','), client));
    if (text.includes(marker.toString())) throw new Error('render: a script placeholder was left in a page');
    complete = Buffer.from(text);
    done.set(chunk, complete);
    return complete;
  });
}

export interface RenderInputs {
  templates: Templates;
  /** Each language's model; a route renders with its own language's. */
  sites: Partial<Record<Locale, Site>>;
  /** Per translated language, the items its model shows in English, as collection/slug (TranslatedSite.fallbackItems); none when absent. */
  untranslated?: Partial<Record<Locale, ReadonlySet<string>>>;
  mode: 'production' | 'preview';
  image(path: string, role?: ImageRole): ImageInfo;
  inlineImage?(path: string): ImageInfo;
  icon(path: string): string;
  client: ClientAssets;
  /** Shell parts and islands already rendered in this build (see RenderEnv.shell). */
  cache?: RenderCache;
  /** Items of an island's list rendered at a time (LIST_RUN when absent). */
  listRun?: number;
}

export interface Rendered {
  /**
   * The document as UTF-8 pieces, in order: the page's own parts, and the shell parts, which
   * are the same Buffers on every page (a file can be written from them with writev).
   */
  chunks: Buffer[];
  /** The document as one Buffer (joined on first use). */
  readonly bytes: Buffer;
  /** The same document as text (decoded on demand; the build only needs the bytes). */
  readonly html: string;
  /** Island names used on the page. */
  islands: string[];
}

/** What stays the same across the pages of one build: shell parts and island markup, encoded. */
export interface RenderCache {
  shell: Map<string, Buffer>;
  /** An island's markup, encoded once and shared like a shell part (renderIsland). */
  islands: Map<string, Buffer>;
}

export function renderCache(): RenderCache {
  return { shell: new Map(), islands: new Map() };
}

const PLACEHOLDER = /<site-(shell|island) data-slot="(\d+)"><\/site-(?:shell|island)>/g;
const DOCTYPE = Buffer.from('<!DOCTYPE html>');

/** What templates see while rendering `route`; `uses` and `parts` collect its islands and shell parts. */
export function envFor(route: Route, inputs: RenderInputs, uses: IslandUse[] = [], parts: { key: string; element: ReactElement }[] = []): RenderEnv {
  const { createElement } = inputs.templates;
  const site = inputs.sites[route.locale];
  if (!site) throw new Error(`no ${route.locale} model for ${route.path}`);
  const fallbacks = inputs.untranslated?.[route.locale];
  return {
    site,
    route,
    locale: route.locale,
    lang: locales[route.locale].tag,
    href: (path) => localizeHref(path, route.locale),
    format: formatsFor(locales[route.locale].tag),
    itemLang: (collection, slug) => (fallbacks?.has(`${collection}/${slug}`) ? locales[DEFAULT_LOCALE].tag : undefined),
    mode: inputs.mode,
    image: inputs.image,
    inlineImage: inputs.inlineImage,
    icon: inputs.icon,
    addIsland: (use) => uses.push(use) - 1,
    // Shell parts differ by language: the key says which.
    shell: (key, element) => createElement('site-shell', { 'data-slot': parts.push({ key: `${route.locale}:${key}`, element }) - 1 }),
    css: pageStylesheet(inputs, route.template),
    shellScript: inputs.client.shellScript,
    fontPreload: inputs.client.fontPreload,
    links: { feed: feedPath(route.locale), searchIndex: searchIndexPath(route.locale), manifest: manifestPath(route.locale), blogList: blogListPath(route.locale) },
  };
}

/** The stylesheet a page of `template` inlines: the bundle's, with the template's parts only. */
export function pageStylesheet(inputs: Pick<RenderInputs, 'client' | 'templates'>, template: TemplateName): string {
  return splitStylesheet(inputs.client.css).select(inputs.templates.templateStyles[template]);
}

export function renderRoute(route: Route, inputs: RenderInputs): Rendered {
  const { createElement, renderToStaticMarkup } = inputs.templates;
  const uses: IslandUse[] = [];
  const parts: { key: string; element: ReactElement }[] = [];
  const env = envFor(route, inputs, uses, parts);
  const site = env.site;
  // Template code runs only inside this: whatever it throws becomes this route's RenderError.
  const templated = <T>(run: () => T): T => {
    try {
      return run();
    } catch (error) {
      throw error instanceof RenderError ? error : new RenderError(route, error);
    }
  };
  const { pages, EnvProvider } = inputs.templates;
  // buildRoutes gives each template the props it declares (TemplateProps).
  const Page = pages[route.template] as ComponentType<RouteProps>;
  const html = templated(() => renderToStaticMarkup(createElement(EnvProvider, { value: env }, createElement(Page, route.props))));
  const cache = inputs.cache ?? renderCache();
  const heading = site.ui.islandError;
  const names = [...new Set(uses.map((u) => u.name))].sort();
  // The page as pieces: its own text (islands included) encoded here, and the shell parts,
  // encoded once per build and shared by every page (the header and footer are most of each
  // page). The island scripts go in just before </head>.
  const chunks: Buffer[] = html.startsWith('<!DOCTYPE') ? [] : [DOCTYPE];
  const pending: string[] = [];
  const flush = () => {
    if (!pending.length) return;
    chunks.push(Buffer.from(pending.join('')));
    pending.length = 0;
  };
  let last = 0;
  let scriptsAt = names.length ? html.indexOf('</head>') : -1;
  const upTo = (end: number) => {
    if (scriptsAt >= 0 && scriptsAt <= end) {
      pending.push(html.slice(last, scriptsAt), islandScripts(names, inputs.client));
      last = scriptsAt;
      scriptsAt = -1;
    }
    pending.push(html.slice(last, end));
  };
  PLACEHOLDER.lastIndex = 0;
  for (let match = PLACEHOLDER.exec(html); match; match = PLACEHOLDER.exec(html)) {
    upTo(match.index);
    last = match.index + match[0].length;
    const index = Number(match[2]);
    if (match[1] === 'island') {
      // A long island's markup comes in parts (its list a run at a time): each handed on as it
      // comes, so the page's text is never all alive at once.
      let chars = 0;
      templated(() => renderIsland(inputs.templates, uses[index]!, index, heading, cache, inputs.listRun ?? LIST_RUN, (text) => {
        if (typeof text !== 'string') {
          flush();
          chunks.push(text);
          chars = 0;
          return;
        }
        pending.push(text);
        if ((chars += text.length) < ISLAND_FLUSH) return;
        flush();
        chars = 0;
      }));
      continue;
    }
    const part = parts[index]!;
    let markup = cache.shell.get(part.key);
    if (markup === undefined) {
      markup = Buffer.from(templated(() => renderToStaticMarkup(createElement(EnvProvider, { value: env }, part.element))));
      cache.shell.set(part.key, markup);
    }
    flush();
    chunks.push(markup);
  }
  upTo(html.length);
  flush();
  let bytes: Buffer | undefined;
  return {
    chunks,
    get bytes() {
      return (bytes ??= Buffer.concat(chunks));
    },
    get html() {
      return this.bytes.toString('utf8');
    },
    islands: names,
  };
}

/** Islands whose props' JSON is longer than this are rendered for their page and not cached. */
export const ISLAND_CACHE_PROPS = 64 * 1024;

/** An island's markup handed on in parts is encoded once this many characters wait. */
const ISLAND_FLUSH = 128 * 1024;

/**
 * An island's server markup depends only on its name, props, place on the page and the error
 * heading, so pages that share an island (every post's search box and newsletter form)
 * render it once per build, and encode it once: like a shell part, its bytes are a piece of
 * every page that has it (a good share of a post's own text, which every page would otherwise
 * encode and copy to the page writer again). `out` hears the markup, in parts
 * for a long list (text), or whole (bytes).
 */
function renderIsland(templates: Templates, use: IslandUse, index: number, heading: string, cache: RenderCache, run: number, out: (text: string | Buffer) => void): void {
  const props = templates.jsonForScript(use.props);
  // Props this large belong to one page (the blog list carries every post's card, and its markup
  // as much again). Kept as a key and a value, they would hold a large share of a big build's
  // heap until its end, and no other page could use them.
  if (props.length > ISLAND_CACHE_PROPS) return renderIslandMarkup(templates, use, index, heading, props, run, out);
  const key = `${use.name}\0${index}\0${use.hydrate}\0${JSON.stringify(use.loadWhen ?? null)}\0${heading}\0${props}`;
  let markup = cache.islands.get(key);
  if (markup === undefined) {
    const parts: string[] = [];
    renderIslandMarkup(templates, use, index, heading, props, run, (text) => parts.push(text));
    markup = Buffer.from(parts.join(''));
    cache.islands.set(key, markup);
  }
  out(markup);
}

const RUNS_PLACEHOLDER = /<site-runs data-slot="(\d+)"><\/site-runs>/g;

function renderIslandMarkup({ IslandBoundary, RunsContext, createElement, renderToString }: Templates, use: IslandUse, index: number, heading: string, props: string, run: number, out: (text: string) => void): void {
  const id = `i${index}`;
  // Lists longer than a run leave their items here (templates/islands/lib/runs.tsx).
  const lists: (readonly ReactElement[])[] = [];
  const slots: RunSlots = { add: (items) => (items.length > run ? lists.push(items) - 1 : -1) };
  const island = createElement(IslandBoundary, { name: use.name, heading }, createElement(use.component, use.props as object));
  const inner = renderToString(createElement(RunsContext.Provider, { value: slots }, island), { identifierPrefix: `${id}-` });
  const when = use.loadWhen;
  const attrs = [
    `data-island="${use.name}" data-island-id="${id}" data-hydrate="${use.hydrate}"`,
    when?.media ? ` data-load-media="${escapeHtml(when.media)}"` : '',
    when?.params?.length ? ` data-load-params="${escapeHtml(when.params.join(' '))}"` : '',
    ` data-error-heading="${escapeHtml(heading)}"`,
  ].join('');
  out(`<div ${attrs}>`);
  if (!lists.length) out(inner);
  else {
    let last = 0;
    RUNS_PLACEHOLDER.lastIndex = 0;
    for (let match = RUNS_PLACEHOLDER.exec(inner); match; match = RUNS_PLACEHOLDER.exec(inner)) {
      out(inner.slice(last, match.index));
      last = match.index + match[0].length;
      const items = lists[Number(match[1])]!;
      // The items side by side, as React writes them in their list.
      for (let i = 0; i < items.length; i += run) out(renderToString(items.slice(i, i + run), { identifierPrefix: `${id}-` }));
    }
    out(inner.slice(last));
  }
  out(`</div><script type="application/json" data-island-props="${id}">${props}</script>`);
}

/**
 * The page's island scripts, as data the shell script reads: it adds the <script> and
 * modulepreload elements once the first screen has been painted (templates/shell/shell.ts,
 * startIslands). Written as tags, they would be fetched at once, beside the font and the first
 * screen's images, and every one of them would count before the largest paint: the first screen
 * is the server's HTML and needs none of them to show.
 */
function islandScripts(names: string[], client: ClientAssets): string {
  if (client.standIn) return `<!--site-scripts-${client.standIn}:${names.join(',')}-->`;
  const preload = new Set<string>();
  const scripts: string[] = [];
  for (const name of names) {
    const entry = client.islands[name];
    if (!entry) throw new Error(`island "${name}" has no client bundle; is templates/islands/${name}.tsx missing?`);
    scripts.push(entry.script);
    for (const chunk of entry.imports) preload.add(chunk);
  }
  const data = JSON.stringify({ preload: [...preload].sort(), scripts }).replace(/</g, '\\u003c');
  return `<script type="application/json" data-island-scripts="">${data}</script>`;
}

