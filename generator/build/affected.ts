// The preview's rebuild rule: given what changed since the last good build, which routes must
// be rendered again and which are gone. Pure (route tables and change records in, path sets
// out), so every case is a unit test; `Builder.update` gathers the changes and renders.
// Languages: a French file reaches only French pages; an English file reaches the English pages
// and the French pages that still show it (no translation yet) or what it decides for its
// translation too (a post's id and draft state: validate.ts IDENTITY).
import { collections, sharedCollections, type CollectionName } from '../content/collections.ts';
import { localeOf, type SourceRecord } from '../content/load.ts';
import { DEFAULT_LOCALE, allLocales, inLocale, splitLocale, translatedLocales, type Locale, type TranslatedLocale } from '../content/locales.ts';
import type { Route } from '../render/routes.ts';
import { IDENTITY } from '../validate/validate.ts';

export type ChangeKind = 'added' | 'modified' | 'deleted';

/** One content file changed since the last good build. */
export interface ContentChange {
  /** Display path, as in `Route.sources`. */
  file: string;
  collection: CollectionName;
  /** File name without extension: the page-copy key for `pages/`. */
  slug: string;
  kind: ChangeKind;
  /** What lists show of it changed (its data, its validity), not only a Markdown body. */
  listed: boolean;
  /** The language of its copy (English when absent). */
  locale?: Locale;
  /** For an English file: its translations that exist, by language (display paths). */
  translations?: Partial<Record<TranslatedLocale, string>>;
  /** For an English file: a value its translations take from it changed (a post's id or draft state). */
  identity?: boolean;
}

/** Everything changed since the last good build; kept while the content does not validate. */
export interface Changes {
  /** By display path. */
  content: Map<string, ContentChange>;
  templates: boolean;
  styles: boolean;
  images: boolean;
  /** A rebuild failed half-way (a generator error): what the pages hold is not known. */
  unsure: boolean;
}

/** The part of a route the rule reads (a route without `locale` is English). */
export type RouteDeps = Pick<Route, 'path' | 'template' | 'sources' | 'deps'> & { locale?: Locale };

/** Routes to render again, and routes the new table no longer has (their pages go). */
export interface Affected {
  render: Set<string>;
  /** The next table's routes that `render` names, in its order. */
  routes: RouteDeps[];
  remove: Set<string>;
  /** The previous table's routes at the paths `remove` names. */
  gone: RouteDeps[];
}

/** No change yet: the state right after a good build. */
export function noChanges(): Changes {
  return { content: new Map(), templates: false, styles: false, images: false, unsure: false };
}

/**
 * What an edit did to one content file, from its record before and after (undefined: no file).
 * Lists show items' data, never their Markdown bodies, so a body-only edit is not `listed`.
 * `translations` are the English file's translations (`translationFiles`).
 */
export function describeChange(file: string, before: SourceRecord | undefined, after: SourceRecord | undefined, translations: ContentChange['translations'] = {}): ContentChange | undefined {
  const record = after ?? before;
  if (!record) return undefined;
  const kind: ChangeKind = !before ? 'added' : !after ? 'deleted' : 'modified';
  const listed = kind !== 'modified' || before!.problems.length > 0 || after!.problems.length > 0 || JSON.stringify(before!.data) !== JSON.stringify(after!.data);
  const locale = localeOf(record);
  const identity = locale === DEFAULT_LOCALE && kind === 'modified' && listed && (IDENTITY[record.collection] ?? []).some((key) => JSON.stringify(field(before!, key)) !== JSON.stringify(field(after!, key)));
  return { file, collection: record.collection, slug: record.slug, kind, listed, locale, translations: locale === DEFAULT_LOCALE ? translations : {}, identity };
}

const field = (record: SourceRecord, key: string): unknown => (record.problems.length ? undefined : (record.data as Record<string, unknown> | undefined)?.[key]);

/** The translations of the content file `rel` (content-relative) that `records` holds, by language; none for a translation. */
export function translationFiles(records: ReadonlyMap<string, SourceRecord>, rel: string): NonNullable<ContentChange['translations']> {
  const files: NonNullable<ContentChange['translations']> = {};
  if (splitLocale(rel).locale !== DEFAULT_LOCALE) return files;
  for (const locale of translatedLocales) {
    const translation = records.get(inLocale(locale, rel));
    if (translation) files[locale] = translation.file;
  }
  return files;
}

/** Folds a later change to a file into the earlier one, relative to the last good build. */
export function mergeChange(earlier: ContentChange | undefined, later: ContentChange): ContentChange {
  if (!earlier) return later;
  const kind: ChangeKind =
    earlier.kind === 'added' ? (later.kind === 'deleted' ? 'deleted' : 'added')
    : earlier.kind === 'deleted' && later.kind === 'added' ? 'modified'
    : later.kind;
  return {
    ...later, kind, listed: earlier.listed || later.listed,
    translations: { ...earlier.translations, ...later.translations },
    identity: Boolean(earlier.identity || later.identity),
  };
}

/**
 * The languages whose pages an edit of this file can change: its own; for an English file also
 * every language that shows it for want of a translation, and every language when it joins or
 * leaves the site (a translation without its English item is left out) or changes what its
 * translations take from it.
 */
export function reach(change: ContentChange): Locale[] {
  const own = change.locale ?? DEFAULT_LOCALE;
  if (own !== DEFAULT_LOCALE) return [own];
  if (sharedCollections.includes(change.collection)) return [...allLocales];
  return allLocales.filter((l) => l === DEFAULT_LOCALE || change.kind !== 'modified' || change.identity || !change.translations?.[l as TranslatedLocale]);
}

/**
 * Page copy that templates show outside its own page, and the routes showing it. Keep in
 * step with templates/ (tests/unit/build/affected.test.ts fails on a `site.pages.<key>` read that
 * is not listed here, and tests/unit/render/template-reads.test.ts on any page that shows another
 * page's copy without an entry here).
 */
export const sharedPageCopy: Record<string, (route: RouteDeps) => boolean> = {
  // layout/Document.tsx: the feed link's title, in every page's head; pages/Blog.tsx: the
  // article sidebar's search labels and newsletter.
  blogs: () => true,
  // pages/Solutions.tsx: a solution page's second hero button is the home page's.
  home: (route) => route.template === 'Solution',
};

/** True when no route can be trusted: shared code, styles or images changed, or a rebuild failed half-way. */
export function changesEverything(changes: Changes): boolean {
  return changes.templates || changes.styles || changes.images || changes.unsure;
}

function languagesOf(routes: readonly RouteDeps[]): string {
  const languages = new Set<Locale>();
  // Routes come a language at a time: the set is asked only where the language changes.
  let last: Locale | undefined;
  for (const r of routes) {
    const locale = r.locale ?? DEFAULT_LOCALE;
    if (locale !== last) languages.add((last = locale));
  }
  return [...languages].sort().join();
}

/**
 * The rule. A route is rendered again when it is new, when a file it is (or was) built from
 * changed, when it lists a collection whose listed data changed (an item edited, added,
 * deleted or renamed), when it shows page copy that changed, or when a site-wide file of its
 * language changed (site.yaml, navigation.yaml, ui.yaml, forms.yaml, blog-categories.yaml: every
 * page's shell); each only in the languages the change reaches (`reach`). Every route when
 * `changesEverything`.
 *
 * A route's earlier version is the previous table's route at the same place when it has the same
 * path (an edit leaves nearly every route where it was, often the very same object); only when
 * one is not at its place is the previous table indexed by path: a map of every route made and
 * asked on every edit is slow on a big site (cache misses on a big heap).
 */
export function affectedRoutes(previous: readonly RouteDeps[], next: readonly RouteDeps[], changes: Changes): Affected {
  // A language that appears or goes (its first file, its last) changes every page's language links.
  const everything = changesEverything(changes) || languagesOf(previous) !== languagesOf(next);
  const whole = new Set<Locale>();
  /** Per language, the collections whose lists changed. */
  const listed = new Map<Locale, Set<string>>();
  const copy: { locales: Locale[]; reads: (route: RouteDeps) => boolean }[] = [];
  const files = new Set<string>();
  for (const change of changes.content.values()) {
    const locales = reach(change);
    files.add(change.file);
    // What a translation takes from its English file changed: its own pages change too.
    if (change.identity) for (const t of Object.values(change.translations ?? {})) files.add(t);
    if (collections[change.collection].kind === 'single') locales.forEach((l) => whole.add(l));
    // An added or deleted file (a rename is both) joins or leaves every list of its collection.
    else if (change.listed || change.kind !== 'modified') for (const l of locales) listed.set(l, (listed.get(l) ?? new Set<string>()).add(change.collection));
    const reads = change.collection === 'pages' ? sharedPageCopy[change.slug] : undefined;
    if (reads) copy.push({ locales, reads });
  }
  const touched = (route: RouteDeps) => {
    for (const source of route.sources) if (files.has(source)) return true;
    return false;
  };
  const shows = (route: RouteDeps, locale: Locale) => {
    if (everything || whole.has(locale)) return true;
    const lists = listed.get(locale);
    return (!!lists && route.deps.some((d) => lists.has(d))) || copy.some((c) => c.locales.includes(locale) && c.reads(route));
  };
  let byPath: Map<string, RouteDeps> | undefined;
  const render = new Set<string>();
  const routes: RouteDeps[] = [];
  for (let i = 0; i < next.length; i++) {
    const route = next[i]!;
    const was = previous[i];
    const old = was && (was === route || was.path === route.path) ? was : (byPath ??= new Map(previous.map((r) => [r.path, r]))).get(route.path);
    // An unchanged route (the same object) has the same sources as before.
    if (!old || touched(route) || (old !== route && touched(old)) || shows(route, route.locale ?? DEFAULT_LOCALE)) {
      render.add(route.path);
      routes.push(route);
    }
  }
  // A table's paths are unique (routes.ts): when every route had its place's path, no path went.
  const remove = new Set<string>();
  const gone: RouteDeps[] = [];
  if (byPath || next.length !== previous.length) {
    const live = new Set(next.map((r) => r.path));
    for (const route of previous) {
      if (live.has(route.path)) continue;
      remove.add(route.path);
      gone.push(route);
    }
  }
  return { render, routes, remove, gone };
}
