// Warnings: what a content author should fix beyond the schemas, each located in the file to
// fix. `site build` and `site validate` print them (and `--strict` fails on them); /_admin's
// Checks shows the same list. Pure: the callers gather pages, images and file texts
// (generator/checks/check-input.ts); this decides.
import { problem, type Code } from '../problems/errors.ts';
import type { Problem } from '../problems/problems.ts';
import { locate, type SourceRecord } from '../content/load.ts';
import { DEFAULT_LOCALE, pathLocale, type Locale } from '../content/locales.ts';
import { decodeHtml, escapeRegExp, find, locateText } from './check-text.ts';
import { englishLinksInCopy, renderedEnglishLinks } from './language-links.ts';
import { factsOf, literalFactWarnings } from '../transform/facts.ts';
import { nearestRoute } from '../problems/suggest.ts';
import { translationWarnings } from '../validate/translations.ts';
import type { Budgets, BudgetsConfig, Check, CheckInput, CheckPage } from './types.ts';

export type { Budgets, BudgetsConfig, Check, CheckInput, CheckPage };

/** 130 KB gzip of JavaScript per page and 300 KB per image: used when site.yaml says nothing. */
export const DEFAULT_BUDGETS = { javascriptKB: 130, imageKB: 300 } as const;

/** The budgets content/site.yaml sets, over the defaults. */
export function budgetsOf(config: BudgetsConfig | undefined): Budgets {
  const pages: Record<string, number> = {};
  for (const [path, page] of Object.entries(config?.pages ?? {})) if (page.javascriptKB !== undefined) pages[path] = page.javascriptKB * 1024;
  return {
    jsGzip: (config?.javascriptKB ?? DEFAULT_BUDGETS.javascriptKB) * 1024,
    imageBytes: (config?.imageKB ?? DEFAULT_BUDGETS.imageKB) * 1024,
    pages,
  };
}

/** The JavaScript budget of one page. */
export const jsBudgetOf = (budgets: Budgets, path: string): number => budgets.pages[path] ?? budgets.jsGzip;

type WarningCheck = (input: CheckInput) => Check[];

/**
 * Every warning check, in the order they are listed. A new kind of warning is a function
 * here and an entry in the catalogue (generator/problems/errors.ts) with `severity: 'warning'`.
 */
export const warningChecks: WarningCheck[] = [
  heavyImages,
  (input) => (input.imageWarnings ?? []).map((p) => ({ ...p, pages: pagesBuiltFrom(input, p.file) })),
  jsBudget,
  budgetPages,
  descriptions,
  // Site facts (phone, e-mail, address…) typed out in copy instead of written as {placeholders}.
  (input) => literalFactWarnings(input.records, factsOf(input.records)).map((p) => ({ ...p, pages: pagesBuiltFrom(input, p.file) })),
  // Translations (content/fr/) missing, out of date with their English file, or without one.
  (input) => translationWarnings(input.records).map((p) => ({ ...p, pages: [] })),
  englishLinksInCopy,
  // URLs the site published once and neither builds nor redirects now (output/urls.ts).
  (input) => (input.urlWarnings ?? []).map((p) => ({ ...p, pages: [] })),
];

/** Checks that read the rendered pages: only the preview keeps them. */
const renderedChecks: WarningCheck[] = [fromProblems, renderedLinks, renderedEnglishLinks, renderedImages];

const ORDER: Code[] = ['url-no-longer-built', 'url-record-out-of-date', 'broken-link', 'link-to-english', 'missing-alt', 'heavy-image', 'image-too-small', 'js-budget', 'unknown-budget-page', 'missing-description', 'fact-literal', 'translation-outdated', 'translation-missing', 'translation-orphan'];

/**
 * Every warning for `input`, one per place and message (with every page where it shows: a file
 * an English page and a French one are built from warns once), ordered by kind then file and line.
 */
export function runChecks(input: CheckInput): Check[] {
  const checks = [...(input.resolves ? renderedChecks : []), ...warningChecks].flatMap((check) => check(input));
  const seen = new Map<string, Check>();
  for (const c of checks) {
    const key = `${c.code}|${c.file}|${c.line}|${c.column}|${c.message}`;
    const first = seen.get(key);
    if (!first) seen.set(key, { ...c, pages: [...c.pages] });
    else for (const p of c.pages) if (!first.pages.includes(p)) first.pages.push(p);
  }
  return sortChecks([...seen.values()]);
}

/** Warnings in the order they are listed: by kind, then file and line. */
export function sortChecks(checks: Check[]): Check[] {
  const rank = (code: Code) => (ORDER.includes(code) ? ORDER.indexOf(code) : ORDER.length);
  return checks.sort((a, b) => rank(a.code) - rank(b.code) || a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}

/** The validator's broken-link and missing-alt problems, shown among the checks. */
function fromProblems(input: CheckInput): Check[] {
  return (input.problems ?? [])
    .filter((p) => p.code === 'broken-link' || p.code === 'link-with-language' || p.code === 'not-a-site-path' || p.code === 'missing-alt' || (/alt$/i.test(p.path) && (p.code === 'missing-field' || p.code === 'empty')))
    .map((p) => ({ ...p, pages: pagesBuiltFrom(input, p.file) }));
}

/** Links in the rendered pages (content and templates alike) that would answer 404. */
function renderedLinks(input: CheckInput): Check[] {
  const broken = new Map<string, CheckPage[]>();
  // A route's own path is a page even where the URL rule answers it with another file: the 404
  // pages' language links go to /404 and /fr/404, which show that language's 404 page.
  const routes = new Set(input.pages.map((p) => p.path));
  for (const page of input.pages) {
    for (const m of (page.html ?? '').matchAll(/<a\b[^>]*?\shref="(\/(?!\/)[^"]*)"/g)) {
      const target = decodeHtml(m[1]!);
      const path = target.replace(/[?#].*$/, '') || '/';
      if (routes.has(path) || input.resolves?.(path)) continue;
      const pages = broken.get(target) ?? [];
      if (!pages.includes(page)) pages.push(page);
      broken.set(target, pages);
    }
  }
  // On a French page the copy writes the English path (/team) that the build made /fr/team.
  const written = (target: string) => [target, pathLocale(target).path];
  return [...broken].map(([target, pages]) => ({
    ...problem('broken-link', find(input, written(target), pages[0]!), { target, suggestion: nearestRoute(target.replace(/[?#].*$/, ''), [...routes]) }),
    severity: 'warning' as const,
    pages: pages.map((p) => p.path),
  }));
}

/** <img> elements rendered without an alt attribute (alt="" is a deliberate decorative image). */
function renderedImages(input: CheckInput): Check[] {
  const missing = new Map<string, CheckPage[]>();
  for (const page of input.pages) {
    for (const m of (page.html ?? '').matchAll(/<img\b[^>]*>/g)) {
      if (/\salt=/.test(m[0])) continue;
      const src = decodeHtml(/\ssrc="([^"]*)"/.exec(m[0])?.[1] ?? '');
      const pages = missing.get(src) ?? [];
      if (!pages.includes(page)) pages.push(page);
      missing.set(src, pages);
    }
  }
  return [...missing].map(([src, pages]) => {
    const rel = contentImage(src);
    return { ...problem('missing-alt', find(input, [rel], pages[0]!), { image: rel, inMarkdown: false }), severity: 'warning' as const, pages: pages.map((p) => p.path) };
  });
}

function heavyImages(input: CheckInput): Check[] {
  const limit = input.budgets.imageBytes;
  // What a visitor downloads: a photo's delivered file (the heavier of phone and laptop), an SVG's source.
  const weight = (image: CheckInput['images'][number]) => {
    if (!image.delivered) return { bytes: image.bytes };
    const { phone, desktop } = image.delivered;
    return phone >= desktop ? { bytes: phone, viewport: 'phone' as const } : { bytes: desktop, viewport: 'desktop' as const };
  };
  return input.images
    .filter((image) => weight(image).bytes > limit)
    .map((image) => {
      const hashed = `/assets/img/${image.rel.replace(/^images\//, '').replace(/\.[a-z0-9]+$/i, '')}-`;
      return {
        ...problem('heavy-image', { file: image.file, line: 1, column: 1 }, { ...weight(image), limit }),
        pages: input.pages.filter((p) => p.html?.includes(hashed)).map((p) => p.path),
      };
    });
}

/**
 * Pages over their JavaScript budget. A page's versions in other languages load the same
 * scripts, so one warning covers them all, located at the first (English) page's file.
 */
function jsBudget(input: CheckInput): Check[] {
  const byKey = new Map<string, Check>();
  for (const page of input.pages) {
    const key = page.key ?? page.path;
    const budget = jsBudgetOf(input.budgets, key);
    if (!page.sources[0] || page.js <= budget) continue;
    const seen = byKey.get(key);
    if (seen) seen.pages.push(page.path);
    else byKey.set(key, { ...problem('js-budget', { file: page.sources[0], line: 1, column: 1 }, { bytes: page.js, budget, islands: page.islands }), pages: [page.path] });
  }
  return [...byKey.values()];
}

/**
 * A per-page budget in site.yaml for a path that is not a page (a typo, or a page since
 * removed), or for a page's version in another language: budgets name the English path.
 */
function budgetPages(input: CheckInput): Check[] {
  const site = input.records.find((r) => r.collection === 'site');
  if (!site) return [];
  const keys = [...new Set(input.pages.map((p) => p.key ?? p.path))];
  return Object.keys(input.budgets.pages)
    .filter((path) => !keys.includes(path))
    .map((path) => {
      const english = pathLocale(path);
      return {
        ...problem('unknown-budget-page', { file: site.file, ...(locateText(input.text(site.file), new RegExp(`^\\s*["']?${escapeRegExp(path)}["']?:`, 'm')) ?? { line: 1, column: 1 }) }, {
          page: path, suggestion: nearestRoute(path, keys), english: english.locale === DEFAULT_LOCALE ? undefined : english.path,
        }),
        pages: [],
      };
    });
}

function descriptions(input: CheckInput): Check[] {
  const checks: Check[] = [];
  let records: Map<string, SourceRecord> | undefined;
  for (const page of input.pages) {
    const file = page.sources[0];
    if (!file) continue;
    const text = page.description.trim();
    const why = !text ? 'none' : text === input.siteDescription.trim() ? 'default' : !page.ownDescription ? 'borrowed' : undefined;
    if (!why) continue;
    records ??= new Map(input.records.map((r) => [r.file, r]));
    checks.push({ ...problem('missing-description', { file, ...descriptionAt(records.get(file)) }, { why }), pages: [page.path] });
  }
  return checks;
}

/**
 * Where a page's description is written: its `description:` key, or the file's first line when
 * it has none (most of these warnings: a post without one). Read from the record as loaded, so a
 * site of thousands of such posts reads no file again (nor keeps them all), and a body line that
 * happens to start with "description:" is never taken for the field.
 */
function descriptionAt(record: SourceRecord | undefined): { line: number; column: number } {
  const data = record?.data;
  return record && data && typeof data === 'object' && Object.hasOwn(data, 'description') ? locate(record, ['description'], true) : { line: 1, column: 1 };
}

function pagesBuiltFrom(input: CheckInput, file: string): string[] {
  return input.pages.filter((p) => p.sources.includes(file)).map((p) => p.path);
}

/** /assets/img/blog/eld-3FX2abcdEf.svg → images/blog/eld.svg (the content path authors write). */
function contentImage(src: string): string {
  const m = /^\/assets\/img\/(.+)-[A-Za-z0-9]{10}(\.[a-z0-9]+)$/i.exec(src);
  return m ? `images/${m[1]}${m[2]}` : src;
}
