// The admin's Checks: what a content author should fix beyond the schemas, each pointed at
// the file to fix. Pure: the preview gathers pages, images and file texts; this decides.
import type { Problem } from '../../problems.ts';
import type { CheckKind } from './types.ts';

/** Default budgets: issue #3's 130 KB gzip of JS (the home page's), and 300 KB per image. */
export const BUDGETS = { jsGzip: 130 * 1024, imageBytes: 300 * 1024 };

export interface CheckPage {
  path: string;
  html: string;
  /** Content files the page is built from (display paths); the first is the page's own. */
  sources: string[];
  description: string;
  /** false when the description is borrowed (a post without one uses its subheading). */
  ownDescription: boolean;
  /** gzip bytes of every script the page may load. */
  js: number;
  islands: string[];
}

export interface CheckInput {
  pages: CheckPage[];
  siteDescription: string;
  /** Whether an internal path answers with a page or file (after the URL rule's redirects). */
  resolves(path: string): boolean;
  /** Content images: display path, content-relative path (images/…), size in bytes. */
  images: { file: string; rel: string; bytes: number }[];
  /** Text of content files by display path, to find the line a link or image is written on. */
  texts: ReadonlyMap<string, string>;
  /** The validator's current problems (broken links and missing alt text are among them). */
  problems: Problem[];
  budgets?: { jsGzip: number; imageBytes: number };
}

export interface Check {
  kind: CheckKind;
  file: string;
  line: number;
  column: number;
  message: string;
  fix: string;
  pages: string[];
}

const ORDER: CheckKind[] = ['broken-link', 'missing-alt', 'heavy-image', 'js-budget', 'missing-description'];

export function runChecks(input: CheckInput): Check[] {
  const budgets = input.budgets ?? BUDGETS;
  const checks = [
    ...fromProblems(input),
    ...renderedLinks(input),
    ...renderedImages(input),
    ...heavyImages(input, budgets.imageBytes),
    ...jsBudget(input, budgets.jsGzip),
    ...descriptions(input),
  ];
  const seen = new Set<string>();
  return checks
    .filter((c) => {
      const key = `${c.kind}|${c.file}|${c.line}|${c.column}|${c.message}`;
      return seen.has(key) ? false : (seen.add(key), true);
    })
    .sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind) || a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}

/** "what; fix" → both parts; a trailing "(…)" is the fix when there is no "; ". */
export function splitFix(message: string): { what: string; fix: string } {
  const semi = message.indexOf('; ');
  if (semi > 0) return { what: message.slice(0, semi), fix: message.slice(semi + 2) };
  const paren = /^(.*\S)\s+\(([^()]+)\)$/.exec(message);
  if (paren) return { what: paren[1]!, fix: paren[2]! };
  return { what: message, fix: '' };
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** The validator's broken-link and missing-alt problems, as checks. */
function fromProblems(input: CheckInput): Check[] {
  const checks: Check[] = [];
  for (const p of input.problems) {
    const kind: CheckKind | undefined = /goes to a page that does not exist|must be a path on this site/.test(p.message)
      ? 'broken-link'
      : /has no alt text/.test(p.message) || (/alt$/i.test(p.path) && /^is (missing|empty)/.test(p.message))
        ? 'missing-alt'
        : undefined;
    if (!kind) continue;
    const { what, fix } = splitFix(p.message);
    checks.push({ kind, file: p.file, line: p.line, column: p.column, message: p.path ? `${p.path}: ${what}` : what, fix, pages: pagesBuiltFrom(input, p.file) });
  }
  return checks;
}

/** Links in the rendered pages (content and templates alike) that would answer 404. */
function renderedLinks(input: CheckInput): Check[] {
  const broken = new Map<string, CheckPage[]>();
  for (const page of input.pages) {
    for (const m of page.html.matchAll(/<a\b[^>]*?\shref="(\/(?!\/)[^"]*)"/g)) {
      const target = decode(m[1]!);
      const path = target.replace(/[?#].*$/, '') || '/';
      if (input.resolves(path)) continue;
      const pages = broken.get(target) ?? [];
      if (!pages.includes(page)) pages.push(page);
      broken.set(target, pages);
    }
  }
  return [...broken].map(([target, pages]) => ({
    kind: 'broken-link' as const,
    ...find(input, target, pages[0]!),
    message: `link "${target}" goes to a page that does not exist`,
    fix: 'Point it at an existing page (see Pages) or remove the link',
    pages: pages.map((p) => p.path),
  }));
}

/** <img> elements rendered without an alt attribute (alt="" is a deliberate decorative image). */
function renderedImages(input: CheckInput): Check[] {
  const missing = new Map<string, CheckPage[]>();
  for (const page of input.pages) {
    for (const m of page.html.matchAll(/<img\b[^>]*>/g)) {
      if (/\salt=/.test(m[0])) continue;
      const src = decode(/\ssrc="([^"]*)"/.exec(m[0])?.[1] ?? '');
      const pages = missing.get(src) ?? [];
      if (!pages.includes(page)) pages.push(page);
      missing.set(src, pages);
    }
  }
  return [...missing].map(([src, pages]) => {
    const rel = contentImage(src);
    return {
      kind: 'missing-alt' as const,
      ...find(input, rel, pages[0]!),
      message: `image "${rel}" has no alt text`,
      fix: 'Add its alt field (imageAlt, photoAlt…) describing what it shows',
      pages: pages.map((p) => p.path),
    };
  });
}

function heavyImages(input: CheckInput, limit: number): Check[] {
  return input.images
    .filter((image) => image.bytes > limit)
    .map((image) => {
      const hashed = `/assets/img/${image.rel.replace(/^images\//, '').replace(/\.[a-z0-9]+$/i, '')}-`;
      return {
        kind: 'heavy-image' as const,
        file: image.file,
        line: 1,
        column: 1,
        message: `image is ${kb(image.bytes)}, over the ${kb(limit).replace('.0 ', ' ')} limit`,
        fix: 'Export it smaller (about 2× its displayed width) or as WebP/JPEG at quality 80',
        pages: input.pages.filter((p) => p.html.includes(hashed)).map((p) => p.path),
      };
    });
}

function jsBudget(input: CheckInput, budget: number): Check[] {
  return input.pages
    .filter((page) => page.js > budget && page.sources[0])
    .map((page) => ({
      kind: 'js-budget' as const,
      file: page.sources[0]!,
      line: 1,
      column: 1,
      message: `page loads ${kb(page.js)} of JavaScript (gzip), over the ${kb(budget).replace('.0 ', ' ')} budget`,
      fix: page.islands.length
        ? `Each interactive part adds script (${page.islands.join(', ')}): drop a section, or ask a developer to slim it`
        : 'Ask a developer: the page has no interactive parts of its own',
      pages: [page.path],
    }));
}

function descriptions(input: CheckInput): Check[] {
  const checks: Check[] = [];
  for (const page of input.pages) {
    const file = page.sources[0];
    if (!file) continue;
    const text = page.description.trim();
    const message = !text
      ? 'page has no description'
      : text === input.siteDescription.trim()
        ? "page uses the site's default description"
        : !page.ownDescription
          ? 'page has no description of its own (its subheading stands in)'
          : undefined;
    if (!message) continue;
    const at = locateText(input.texts.get(file), /^description:/m) ?? { line: 1, column: 1 };
    checks.push({ kind: 'missing-description', file, ...at, message, fix: 'Write a description: (50–170 characters) saying what this page offers; search results show it', pages: [page.path] });
  }
  return checks;
}

function pagesBuiltFrom(input: CheckInput, file: string): string[] {
  return input.pages.filter((p) => p.sources.includes(file)).map((p) => p.path);
}

/** Where `needle` is written: the page's own files first, then any content file; else the page's file. */
function find(input: CheckInput, needle: string, page: CheckPage): { file: string; line: number; column: number } {
  const boundary = new RegExp(`${escapeRegExp(needle)}(?![\\w/.-])`);
  const files = [...page.sources, ...[...input.texts.keys()].filter((f) => !page.sources.includes(f))];
  for (const file of files) {
    const at = locateText(input.texts.get(file), boundary);
    if (at) return { file, ...at };
  }
  return { file: page.sources[0] ?? '', line: 1, column: 1 };
}

function locateText(text: string | undefined, pattern: RegExp): { line: number; column: number } | undefined {
  if (text === undefined) return undefined;
  const m = pattern.exec(text);
  if (!m) return undefined;
  const before = text.slice(0, m.index).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** /assets/img/blog/eld-3FX2abcdEf.svg → images/blog/eld.svg (the content path authors write). */
function contentImage(src: string): string {
  const m = /^\/assets\/img\/(.+)-[A-Za-z0-9]{10}(\.[a-z0-9]+)$/i.exec(src);
  return m ? `images/${m[1]}${m[2]}` : src;
}

function decode(s: string): string {
  return s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
