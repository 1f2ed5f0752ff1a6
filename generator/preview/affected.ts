// The preview's rebuild rule: given what changed since the last good build, which routes must
// be rendered again and which are gone. Pure (route tables and change records in, path sets
// out), so every case is a unit test; `Builder.update` gathers the changes and renders.
import { collections, type CollectionName } from '../collections.ts';
import type { SourceRecord } from '../load.ts';
import type { Route } from '../routes.ts';

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

/** The part of a route the rule reads. */
export type RouteDeps = Pick<Route, 'path' | 'template' | 'sources' | 'deps'>;

/** Routes to render again, and routes the new table no longer has (their pages go). */
export interface Affected {
  render: Set<string>;
  remove: Set<string>;
}

/** No change yet: the state right after a good build. */
export function noChanges(): Changes {
  return { content: new Map(), templates: false, styles: false, images: false, unsure: false };
}

/**
 * What an edit did to one content file, from its record before and after (undefined: no file).
 * Lists show items' data, never their Markdown bodies, so a body-only edit is not `listed`.
 */
export function describeChange(file: string, before: SourceRecord | undefined, after: SourceRecord | undefined): ContentChange | undefined {
  const record = after ?? before;
  if (!record) return undefined;
  const kind: ChangeKind = !before ? 'added' : !after ? 'deleted' : 'modified';
  const listed = kind !== 'modified' || before!.problems.length > 0 || after!.problems.length > 0 || JSON.stringify(before!.data) !== JSON.stringify(after!.data);
  return { file, collection: record.collection, slug: record.slug, kind, listed };
}

/** Folds a later change to a file into the earlier one, relative to the last good build. */
export function mergeChange(earlier: ContentChange | undefined, later: ContentChange): ContentChange {
  if (!earlier) return later;
  const kind: ChangeKind =
    earlier.kind === 'added' ? (later.kind === 'deleted' ? 'deleted' : 'added')
    : earlier.kind === 'deleted' && later.kind === 'added' ? 'modified'
    : later.kind;
  return { ...later, kind, listed: earlier.listed || later.listed };
}

/**
 * Page copy that templates show outside its own page, and the routes showing it. Keep in
 * step with templates/ (tests/unit/affected.test.ts fails on a `site.pages.<key>` read that
 * is not listed here, and tests/unit/template-reads.test.ts on any page that shows another
 * page's copy without an entry here).
 */
export const sharedPageCopy: Record<string, (route: RouteDeps) => boolean> = {
  // layout/Document.tsx: the feed link's title, in every page's head; pages/Blog.tsx: the
  // article sidebar's search labels and newsletter.
  blogs: () => true,
  // pages/Solutions.tsx: a solution page's second hero button is the home page's.
  home: (route) => route.template === 'Solution',
};

/** True when no route can be trusted: shared code, styles, images or site-wide files changed. */
export function changesEverything(changes: Changes): boolean {
  if (changes.templates || changes.styles || changes.images || changes.unsure) return true;
  // site.yaml, navigation.yaml, ui.yaml, forms.yaml, blog-categories.yaml: every page's shell.
  return [...changes.content.values()].some((c) => collections[c.collection].kind === 'single');
}

/**
 * The rule. A route is rendered again when it is new, when a file it is (or was) built from
 * changed, when it lists a collection whose listed data changed (an item edited, added,
 * deleted or renamed), or when it shows page copy that changed; every route when
 * `changesEverything`.
 */
export function affectedRoutes(previous: readonly RouteDeps[], next: readonly RouteDeps[], changes: Changes): Affected {
  const live = new Set(next.map((r) => r.path));
  const remove = new Set(previous.map((r) => r.path).filter((path) => !live.has(path)));
  if (changesEverything(changes)) return { render: live, remove };
  const listed = new Set<CollectionName>();
  const copy: ((route: RouteDeps) => boolean)[] = [];
  for (const change of changes.content.values()) {
    // An added or deleted file (a rename is both) joins or leaves every list of its collection.
    if (change.listed || change.kind !== 'modified') listed.add(change.collection);
    const readers = change.collection === 'pages' ? sharedPageCopy[change.slug] : undefined;
    if (readers) copy.push(readers);
  }
  const before = new Map(previous.map((r) => [r.path, r]));
  const touched = (route: RouteDeps | undefined) => !!route?.sources.some((s) => changes.content.has(s));
  const render = new Set<string>();
  for (const route of next) {
    const old = before.get(route.path);
    if (!old || touched(route) || touched(old) || route.deps.some((d) => listed.has(d)) || copy.some((reads) => reads(route))) render.add(route.path);
  }
  return { render, remove };
}
