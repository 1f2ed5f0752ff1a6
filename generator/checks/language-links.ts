// French pages (any language but English) that link to the English version of a page their
// language has: the rendered-page check (the preview and /_admin keep the pages) and the same
// links found in the copy (`site build`, `site validate`), located where they are written. Pure.
import { placeAt, problem } from '../problems/errors.ts';
import { localeOf } from '../content/load.ts';
import { DEFAULT_LOCALE, isPagePath, localePath, pathLocale, type Locale } from '../content/locales.ts';
import type { Check, CheckInput, CheckPage } from './types.ts';
import { decodeHtml, escapeRegExp, locate } from './check-text.ts';

// Such a link sends a visitor out of their language. The language switch does so on purpose and
// says so with hreflang: those links are left alone.

const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', fr: 'French' };

const pageLocale = (page: CheckPage): Locale => page.locale ?? pathLocale(page.path).locale;

/** The site's own address without a trailing slash, when content/site.yaml gives one. */
const siteOf = (input: CheckInput): string | undefined => input.siteUrl?.replace(/\/+$/, '') || undefined;

type EnglishLink = { target: string; language: string; counterpart: string; path: string; written: 'content' | 'template' };

/**
 * What is wrong with `href` on a page in `locale`, when it goes to an English page whose
 * counterpart exists: root-relative (the copy's links are localized, so a template wrote it) or
 * on the site's own address (the copy wrote the full address, which is never localized).
 */
function englishLink(href: string, locale: Locale, input: CheckInput, routes: ReadonlySet<string>): EnglishLink | undefined {
  const site = siteOf(input);
  const absolute = !!site && href.startsWith(site) && (href.length === site.length || /^[/?#]/.test(href.slice(site.length)));
  const rest = absolute ? href.slice(site!.length) : href;
  const path = absolute && !rest.startsWith('/') ? `/${rest}` : rest;
  if (!isPagePath(path) || pathLocale(path).locale !== DEFAULT_LOCALE) return undefined;
  if (!routes.has(localePath(path.replace(/[?#].*$/, '') || '/', locale))) return undefined;
  return { target: href, language: LANGUAGE_NAMES[locale], counterpart: localePath(path, locale), path, written: absolute ? 'content' : 'template' };
}

/** Links to English pages in the rendered pages of the other languages. */
export function renderedEnglishLinks(input: CheckInput): Check[] {
  const routes = new Set(input.pages.map((p) => p.path));
  const found = new Map<string, { link: EnglishLink; pages: CheckPage[] }>();
  for (const page of input.pages) {
    const locale = pageLocale(page);
    if (locale === DEFAULT_LOCALE) continue;
    for (const m of (page.html ?? '').matchAll(/<a\b[^>]*>/g)) {
      const href = /\shref="([^"]*)"/.exec(m[0])?.[1];
      if (href === undefined || /\shreflang=/i.test(m[0])) continue;
      const link = englishLink(decodeHtml(href), locale, input, routes);
      if (!link) continue;
      const seen = found.get(`${locale}|${link.target}`) ?? { link, pages: [] };
      if (!seen.pages.includes(page)) seen.pages.push(page);
      found.set(`${locale}|${link.target}`, seen);
    }
  }
  return [...found.values()].map(({ link, pages }) => {
    // The copy writes the address, or the {url} placeholder that the build fills with it.
    const inCopy = link.written === 'content' ? locate(input, [link.target, `{url}${link.target.slice(siteOf(input)!.length)}`], pages[0]!) : undefined;
    const at = inCopy ?? { file: pages[0]!.sources[0] ?? '', line: 1, column: 1 };
    return { ...problem('link-to-english', at, { ...link, written: inCopy ? 'content' : 'template' }), pages: pages.map((p) => p.path) };
  });
}

// The site's full address (or the {url} placeholder the build fills with it) where a link is
// written: a Markdown link or autolink, or a YAML value that is the address alone (href: https://…,
// - https://…, { href: https://… }).
const LINK_BEFORE = String.raw`(\]\(\s*<?|<|(?:^[ \t]*(?:-[ \t]+)?|[{,][ \t]*)(?:[\w-]+:[ \t]+)?["']?)`;

/**
 * The same links found in the copy, so `site build` and `site validate` (which keep no pages)
 * warn too: every translation, and every English file a page of another language is built from
 * (it falls back to English), located where the address is written.
 */
export function englishLinksInCopy(input: CheckInput): Check[] {
  const site = siteOf(input);
  if (!site) return [];
  const routes = new Set(input.pages.map((p) => p.path));
  const files = new Map<string, Locale>();
  for (const r of input.records) if (localeOf(r) !== DEFAULT_LOCALE) files.set(r.file, localeOf(r));
  for (const p of input.pages) if (pageLocale(p) !== DEFAULT_LOCALE) for (const s of p.sources) if (s && !files.has(s)) files.set(s, pageLocale(p));
  const pattern = new RegExp(`${LINK_BEFORE}((?:${escapeRegExp(site)}|\\{url\\})(?:[/?#][^\\s)"'<>\\]},]*)?)`, 'gm');
  const checks: Check[] = [];
  const mayHold = (text: string | undefined) => !!text && (text.includes(site) || text.includes('{url}'));
  const loaded = new Map(input.records.map((r) => [r.file, r]));
  for (const [file, locale] of files) {
    // A file loaded whole (its front matter and body, which are all of it but the fences) is
    // read again only when it may hold such a link: every English post (their French pages
    // fall back to them) read again would be a large share of the checks' time.
    const record = loaded.get(file);
    if (record && !record.problems.length && !mayHold(record.yamlText) && !mayHold(record.body)) continue;
    const text = input.text(file);
    // The pattern needs the address or {url} as written: most files have neither, and the
    // pattern's alternation tried at every position of a file would be the slowest check.
    if (!text || (!text.includes(site) && !text.includes('{url}'))) continue;
    for (const m of text.matchAll(pattern)) {
      const link = englishLink(m[2]!.replace(/^\{url\}/, site), locale, input, routes);
      if (!link) continue;
      const pages = input.pages.filter((p) => pageLocale(p) === locale && p.sources.includes(file)).map((p) => p.path);
      checks.push({ ...problem('link-to-english', { file, ...placeAt(text, m.index + m[1]!.length) }, link), pages });
    }
  }
  return checks;
}
