// Values that name something else in the site: an image file, a category, a page. Checked
// after every file is read, in every file that parsed (a schema error elsewhere in the file
// does not hide a broken link), each problem with the nearest valid name when there is one.
import { inspectUnder, listUnder, statusProblem, type PathStatus } from './paths.ts';
import { problem, type Place } from './errors.ts';
import type { Problem } from './problems.ts';
import type { Reference } from './schemas.ts';
import type { SourceRecord } from './load.ts';
import { nearestName, nearestPath, nearestRoute } from './suggest.ts';
import { EditMemo } from './edit-memo.ts';

/** What the site holds for references to point at. */
export interface ReferenceContext {
  /** Every path a link may go to. */
  routes: Set<string>;
  /** Category slugs of content/blog-categories.yaml. */
  categories: string[];
  /** What a content-relative path is, without following links (memoised per validation). */
  inspect(rel: string): PathStatus;
  /** Every file under content/images, as images/…; read only when an image is missing. */
  images(): string[];
}

/** A context over `contentDir`: paths are looked up once, the image list is listed once, on demand. */
export function referenceContext(contentDir: string, routes: Set<string>, categories: string[]): ReferenceContext {
  const seen = new Map<string, PathStatus>();
  let images: string[] | undefined;
  return {
    routes,
    categories,
    inspect(rel) {
      let status = seen.get(rel);
      if (status === undefined) seen.set(rel, (status = inspectUnder(contentDir, rel)));
      return status;
    },
    images: () => (images ??= filesUnder(contentDir, 'images')),
  };
}

/** Where a problem is, or how to find it: locating a YAML field re-parses the file, so it waits until there is a problem. */
type Where = Place | (() => Place);
const placeOf = (at: Where): Place => (typeof at === 'function' ? at() : at);

/** The problem with one reference found by the schema (x-check), or undefined when it is fine. */
export function referenceProblem(ref: Reference, cx: ReferenceContext, at: Where): Problem | undefined {
  const value = ref.value;
  switch (ref.kind) {
    case 'image':
      return imageProblem(value, cx, at);
    case 'category':
      if (cx.categories.includes(value)) return undefined;
      return problem('unknown-category', placeOf(at), { value, suggestion: nearestName(value, cx.categories), known: cx.categories });
    case 'route':
    case 'link':
      return linkProblem(value, cx.routes, ref.kind === 'route', at);
  }
}

/** The problem with an image path, or undefined when it names a regular file inside content/. */
export function imageProblem(value: string, cx: ReferenceContext, at: Where): Problem | undefined {
  const status = cx.inspect(value);
  if (status.kind === 'file') return undefined;
  if (status.kind === 'missing') return problem('missing-image', placeOf(at), { value, suggestion: nearestPath(value, cx.images()) });
  return statusProblem(status, placeOf(at), `image "${value}"`);
}

/**
 * The problem with a link: an internal path must be a page of the site; otherwise (unless
 * `internalOnly`) an https:// URL, mailto: or tel: is accepted as it is.
 */
export function linkProblem(value: string, routes: Set<string>, internalOnly: boolean, at: Where): Problem | undefined {
  if (value.startsWith('/')) {
    const path = value.replace(/[?#].*$/, '') || '/';
    return routes.has(path) ? undefined : problem('broken-link', placeOf(at), { target: value, suggestion: nearestRoute(path, routes) });
  }
  if (internalOnly) return problem('not-a-site-path', placeOf(at), { value });
  if (/^(https?:\/\/[^\s/]+\.[^\s]+|mailto:[^\s@]+@[^\s@]+|tel:\+?[0-9]+)$/.test(value)) return undefined;
  return problem('not-a-link', placeOf(at), { value });
}

const MD_LINK = /(!?)\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

interface MarkdownLink { image: boolean; alt: string; target: string; line: number; column: number }

// Per record: the preview re-reads only the files an edit replaced.
const markdownLinks = new EditMemo<SourceRecord, MarkdownLink[]>();

/** Links and images in a Markdown body (not inside fenced code), with their positions. */
function linksOf(record: SourceRecord): MarkdownLink[] {
  let links = markdownLinks.get(record);
  if (links) return links;
  links = [];
  let fenced = false;
  (record.body ?? '').split('\n').forEach((text, i) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    if (fenced || !text.includes('](')) return;
    for (const m of text.matchAll(MD_LINK)) {
      const [, bang, alt, target] = m as unknown as [string, string, string, string];
      links!.push({ image: !!bang, alt, target, line: (record.bodyLine ?? 1) + i, column: (m.index ?? 0) + 1 });
    }
  });
  markdownLinks.set(record, links);
  return links;
}

/** Every link and image of a Markdown body: pages that exist, image files that exist, alt text. */
export function markdownProblems(record: SourceRecord, cx: ReferenceContext): Problem[] {
  const problems: Problem[] = [];
  for (const link of linksOf(record)) {
    const at = { file: record.file, line: link.line, column: link.column, path: 'body' };
    let found: Problem | undefined;
    if (link.image) {
      if (!link.alt.trim()) problems.push(problem('missing-alt', at, { image: link.target, inMarkdown: true }));
      if (!/^https?:/.test(link.target)) found = imageProblem(link.target, cx, at);
    } else found = linkProblem(link.target, cx.routes, false, at);
    if (found) problems.push(found);
  }
  return problems;
}

/** The images of a Markdown body stored with the site (not https:// ones), where each is written. */
export function markdownImages(record: SourceRecord): { value: string; at: () => Place }[] {
  return linksOf(record)
    .filter((link) => link.image && !/^https?:/.test(link.target))
    .map((link) => ({ value: link.target, at: () => ({ file: record.file, line: link.line, column: link.column, path: 'body' }) }));
}

/** Regular files under a folder of content/, as content-relative paths, without following links. */
function filesUnder(contentDir: string, rel: string): string[] {
  const found: string[] = [];
  for (const entry of listUnder(contentDir, rel)) {
    const path = `${rel}/${entry.name}`;
    if (entry.isDirectory()) found.push(...filesUnder(contentDir, path));
    else if (entry.isFile()) found.push(path);
  }
  return found.sort();
}
