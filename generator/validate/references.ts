// Values that name something else in the site: an image file, a category, a page. Checked
// after every file is read, in every file that parsed (a schema error elsewhere in the file
// does not hide a broken link), each problem with the nearest valid name when there is one.
import { inspectUnder, listUnder, statusProblem, type PathStatus } from '../content/paths.ts';
import { problem, type Place } from '../problems/errors.ts';
import type { Problem } from '../problems/problems.ts';
import type { Reference } from '../content/schemas.ts';
import type { SourceRecord } from '../content/load.ts';
import { nearestName, nearestPath, nearestRoute } from '../problems/suggest.ts';
import { remembered } from '../speed/memo.ts';
import { markdownTargets } from '../transform/markdown.ts';
import { translatedLocales } from '../content/locales.ts';

/** A page that is not on the site at the build's moment: why, and where it went if it was redirected. */
export interface NotLive { why: string; scheduled?: boolean; redirect?: string }

/** What the site holds for references to point at. */
export interface ReferenceContext {
  /** Every path a link may go to. */
  routes: Set<string>;
  /** Pages of the site that are not on it at the build's moment, and why: "publishes Mon 7 Dec…", "expired…" (validate/schedule.ts). */
  notLive?: ReadonlyMap<string, NotLive>;
  /** Category slugs of content/blog-categories.yaml. */
  categories: string[];
  /** Job category names of content/pages/career.yaml (jobs.categories). */
  jobCategories: string[];
  /** What a content-relative path is, without following links (memoised per validation). */
  inspect(rel: string): PathStatus;
  /** Every file under content/images, as images/…; read only when an image is missing. */
  images(): string[];
}

/** A context over `contentDir`: paths are looked up once, the image list is listed once, on demand. */
export function referenceContext(contentDir: string, routes: Set<string>, categories: string[], jobCategories: string[] = [], notLive?: ReadonlyMap<string, NotLive>): ReferenceContext {
  const seen = new Map<string, PathStatus>();
  let images: string[] | undefined;
  return {
    routes,
    notLive,
    categories,
    jobCategories,
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
    case 'job-category':
      if (cx.jobCategories.includes(value)) return undefined;
      return problem('unknown-job-category', placeOf(at), { value, suggestion: nearestName(value, cx.jobCategories), known: cx.jobCategories });
    case 'route':
    case 'link':
      return linkProblem(value, cx.routes, ref.kind === 'route', at, cx.notLive);
  }
}

/** Written with a scheme or a host (https:, data:, //cdn…): not a path inside content/. */
const ELSEWHERE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** The problem with an image path, or undefined when it names a regular file inside content/. */
export function imageProblem(value: string, cx: ReferenceContext, at: Where): Problem | undefined {
  if (ELSEWHERE.test(value)) return problem('remote-image', placeOf(at), { value });
  const status = cx.inspect(value);
  if (status.kind === 'file') return undefined;
  if (status.kind === 'missing') return problem('missing-image', placeOf(at), { value, suggestion: nearestPath(value, cx.images()) });
  return statusProblem(status, placeOf(at), `image "${value}"`);
}

/**
 * The problem with a link: an internal path must be a page of the site; otherwise (unless
 * `internalOnly`) an https:// URL, mailto: or tel: is accepted as it is.
 */
export function linkProblem(value: string, routes: Set<string>, internalOnly: boolean, at: Where, notLive?: ReadonlyMap<string, NotLive>): Problem | undefined {
  if (value.startsWith('/')) {
    const path = value.replace(/[?#].*$/, '') || '/';
    if (routes.has(path)) return undefined;
    const gone = notLive?.get(path);
    if (gone) return problem('link-not-live', placeOf(at), { target: value, ...gone });
    // /fr/terms-conditions: the page exists, in French. Content names a page by its English path
    // and each language's pages link to their own language by themselves (transform.ts).
    const [, locale, rest] = /^\/([a-z]{2})(\/.*)?$/.exec(path) ?? [];
    if (locale && (translatedLocales as readonly string[]).includes(locale) && routes.has(rest || '/')) return problem('link-with-language', placeOf(at), { target: value, path: (rest || '/') + value.slice(path.length) });
    return problem('broken-link', placeOf(at), { target: value, suggestion: nearestRoute(path, routes) });
  }
  if (internalOnly) return problem('not-a-site-path', placeOf(at), { value });
  if (/^(https?:\/\/[^\s/]+\.[^\s]+|mailto:[^\s@]+@[^\s@]+|tel:\+?[0-9]+)$/.test(value)) return undefined;
  return problem('not-a-link', placeOf(at), { value });
}

const MD_LINK = /(!?)\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

/** A link or image written in Markdown: `line` counts from 0 in its text, `column` from 1; `written` is it as written. */
interface MarkdownLink { image: boolean; alt: string; target: string; line: number; column: number; written: string }

/**
 * What the line-by-line reading below misses and markdown-it still makes a link or an image of:
 * a reference definition (`[rates]: /pricing`), a `<…>` destination, a destination on the next
 * line. Only text showing one of these is parsed a second time (validation reads every post).
 */
const PARSER_NEEDED = /^ {0,3}\[[^\]\n]+\]:|\]\(\s*<|\]\(\s*$|\]\([ \t]+\S/m;

/**
 * Links and images in Markdown text (not inside fenced code), with their positions in it: each
 * `[text](target)` as written on its line, and, where the text needs it, whatever else markdown-it
 * reads as one, located at the first place its target is written (a reference link at its
 * definition), else at its paragraph's first line.
 */
function linksIn(text: string, inline = false): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  let fenced = false;
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced || !line.includes('](')) return;
    for (const m of line.matchAll(MD_LINK)) {
      const [written, bang, alt, target] = m as unknown as [string, string, string, string];
      links.push({ image: !!bang, alt, target, line: i, column: (m.index ?? 0) + 1, written });
    }
  });
  if (!PARSER_NEEDED.test(text)) return links;
  const key = (image: boolean, target: string) => `${image ? '!' : ''}${target}`;
  const unmatched = new Map<string, number>();
  for (const link of links) unmatched.set(key(link.image, link.target), (unmatched.get(key(link.image, link.target)) ?? 0) + 1);
  for (const target of markdownTargets(text, inline)) {
    const k = key(target.image, target.href);
    const n = unmatched.get(k) ?? 0;
    if (n > 0) {
      unmatched.set(k, n - 1);
      continue;
    }
    const at = firstWritten(lines, target.href, target.line) ?? { line: target.line, column: 1 };
    links.push({ image: target.image, alt: target.alt, target: target.href, ...at, written: target.href });
  }
  return links;
}

/** Where `needle` is first written from line `from` on (then from the top): line from 0, column from 1. */
function firstWritten(lines: readonly string[], needle: string, from: number): { line: number; column: number } | undefined {
  if (!needle) return undefined;
  for (const i of [...lines.keys()].slice(from).concat([...lines.keys()].slice(0, from))) {
    const column = lines[i]!.indexOf(needle);
    if (column >= 0) return { line: i, column: column + 1 };
  }
  return undefined;
}

/** Links and images in a record's Markdown body; remembered per record, so the preview re-reads only the files an edit replaced. */
const linksOf = remembered((record: SourceRecord): MarkdownLink[] => linksIn(record.body ?? ''));

/** The problems with Markdown's links and images (pages that exist, image files that exist, alt text); `inline`: no images at all. */
function linkProblems(links: readonly MarkdownLink[], placeOf: (link: MarkdownLink) => Place, cx: ReferenceContext, inline = false): Problem[] {
  const problems: Problem[] = [];
  for (const link of links) {
    const at = placeOf(link);
    let found: Problem | undefined;
    if (link.image && inline) found = problem('inline-image', at, { value: link.target });
    else if (link.image) {
      if (!link.alt.trim()) problems.push(problem('missing-alt', at, { image: link.target, inMarkdown: true }));
      found = imageProblem(link.target, cx, at);
    } else found = linkProblem(link.target, cx.routes, false, at, cx.notLive);
    if (found) problems.push(found);
  }
  return problems;
}

/** The images Markdown shows that are files of the site (the others are problems), where each is written. */
function imagesOf(links: readonly MarkdownLink[], placeOf: (link: MarkdownLink) => Place): { value: string; at: () => Place }[] {
  return links.filter((link) => link.image && !ELSEWHERE.test(link.target)).map((link) => ({ value: link.target, at: () => placeOf(link) }));
}

const bodyPlace = (record: SourceRecord) => (link: MarkdownLink): Place => ({ file: record.file, line: (record.bodyLine ?? 1) + link.line, column: link.column, path: 'body' });

/** Every link and image of a Markdown body: pages that exist, image files that exist, alt text. */
export function markdownProblems(record: SourceRecord, cx: ReferenceContext): Problem[] {
  return linkProblems(linksOf(record), bodyPlace(record), cx);
}

/** The images of a Markdown body stored with the site, where each is written. */
export function markdownImages(record: SourceRecord): { value: string; at: () => Place }[] {
  return imagesOf(linksOf(record), bodyPlace(record));
}

/**
 * The links and images of a Markdown field of a YAML file or front matter (x-markdown: a FAQ's
 * answer, a team member's bio), checked as a body's; each is located where it is written in the
 * field (`locateIn`), or at the field when the YAML folds or escapes it out of recognition.
 */
export function markdownFieldReferences(
  record: SourceRecord,
  field: { value: string; path: (string | number)[]; inline?: boolean },
  cx: ReferenceContext,
  locateIn: (needle: string, nth: number) => { line: number; column: number },
  path: string,
): { problems: Problem[]; images: { value: string; at: () => Place }[] } {
  const links = linksIn(field.value, field.inline);
  if (!links.length) return { problems: [], images: [] };
  // The nth time the same text is written in the field is the nth link written so.
  const nth = new Map<MarkdownLink, number>();
  const seen = new Map<string, number>();
  for (const link of links) {
    const n = seen.get(link.written) ?? 0;
    seen.set(link.written, n + 1);
    nth.set(link, n);
  }
  const placeOf = (link: MarkdownLink): Place => ({ file: record.file, ...locateIn(link.written, nth.get(link)!), path });
  return { problems: linkProblems(links, placeOf, cx, field.inline), images: field.inline ? [] : imagesOf(links, placeOf) };
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
