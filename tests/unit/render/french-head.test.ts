// What tells browsers and search engines which language a page is in and where its other
// version lives: the sitemap's xhtml:link alternates (generator/output/write.ts `sitemap`)
// and each page's head (templates/layout/Document.tsx), for both languages; and the notice of a
// French page whose post has no translation yet. Rendered in memory from the shipped content.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadAll } from '../../../generator/content/load.ts';
import { renderRoute, type RenderInputs } from '../../../generator/render/render.ts';
import { sitemap, webManifest } from '../../../generator/output/site-files.ts';
import type { Route } from '../../../generator/render/routes.ts';
import type { Site } from '../../../generator/content/model.ts';
import type { SourceRecord } from '../../../generator/content/load.ts';
import { contentDir } from '../../helpers.ts';
import { builtLanguages, stubInputs } from '../../languages-helpers.ts';

let records: SourceRecord[];
let en: Site;
let routes: Route[];
let inputs: RenderInputs;

beforeAll(async () => {
  records = loadAll(contentDir);
  const result = builtLanguages(records);
  en = result.sites.en!;
  routes = result.routes;
  inputs = await stubInputs(result.sites);
});

const route = (path: string, from = routes) => {
  const found = from.find((r) => r.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

/** hreflang → href of a document's or a sitemap entry's alternates (HTML writes hrefLang, XML hreflang). */
function alternates(markup: string): Record<string, string> {
  const links = [...markup.matchAll(/<(?:link|xhtml:link) rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/gi)];
  return Object.fromEntries(links.map((m) => [m[1]!, m[2]!]));
}

/** Each sitemap <url> as its loc, lastmod and alternates. */
function sitemapEntries(xml: string) {
  return [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(m[1]!)![1]!,
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(m[1]!)?.[1],
    alternates: alternates(m[1]!),
  }));
}

describe('sitemap alternates', () => {
  test('every page is listed in both languages, each naming both versions and x-default (the English page), reciprocally', () => {
    const url = en.config.url;
    const entries = sitemapEntries(sitemap(en, routes).toString('utf8'));
    const locs = entries.map((e) => e.loc);
    const english = routes.filter((r) => r.locale === 'en' && r.sitemap && r.status === 200);
    expect(english.length).toBeGreaterThan(20);
    expect(locs.sort()).toEqual(english.flatMap((r) => [url + r.path, url + (r.path === '/' ? '/fr' : `/fr${r.path}`)]).sort());
    const byLoc = new Map(entries.map((e) => [e.loc, e]));
    for (const entry of entries) {
      const { alternates: alt } = entry;
      expect(Object.keys(alt).sort(), entry.loc).toEqual(['en-CA', 'fr-CA', 'x-default']);
      expect(alt['x-default']).toBe(alt['en-CA']);
      // The entry is one of its own alternates, and each alternate lists exactly the same set back.
      expect(Object.values(alt)).toContain(entry.loc);
      for (const other of [alt['en-CA']!, alt['fr-CA']!]) expect(byLoc.get(other)?.alternates, `${entry.loc} → ${other}`).toEqual(alt);
      // A post's two versions share their date.
      expect(entry.lastmod).toBe(byLoc.get(alt['en-CA']!)!.lastmod);
    }
    expect(byLoc.get(`${url}/fr/blog-details/2`)?.lastmod).toBe('2024-03-24');
  });

  test('the 404 and thank-you pages are in neither language', () => {
    const xml = sitemap(en, routes).toString('utf8');
    for (const path of ['/404', '/Thanks', '/fr/404', '/fr/Thanks']) expect(xml).not.toContain(`${en.config.url}${path}<`);
  });

  test('an English-only site has no alternates and no /fr page in its sitemap', () => {
    const english = builtLanguages(records.filter((r) => r.locale !== 'fr'));
    const xml = sitemap(english.sites.en!, english.routes).toString('utf8');
    expect(xml).not.toContain('xhtml:link rel=');
    expect(xml).not.toContain('/fr');
    expect(sitemapEntries(xml).length).toBe(routes.filter((r) => r.locale === 'en' && r.sitemap && r.status === 200).length);
  });
});

describe('head tags in both languages', () => {
  const pages = ['/', '/solutions/eld', '/blog-details/3', '/faqs', '/blogs'];

  test.each(pages)('%s and its French version: lang, canonical, reciprocal hreflang, og:locale, JSON-LD inLanguage, feed, switch', (path) => {
    const url = en.config.url;
    const fr = path === '/' ? '/fr' : `/fr${path}`;
    const heads = Object.fromEntries([['en', path], ['fr', fr]].map(([locale, p]) => [locale, renderRoute(route(p!), inputs).html]));
    const expected = { 'en-CA': url + path, 'fr-CA': url + fr, 'x-default': url + path };
    for (const [locale, own, other, tag, otherTag] of [['en', path, fr, 'en-CA', 'fr-CA'], ['fr', fr, path, 'fr-CA', 'en-CA']] as const) {
      const html = heads[locale]!;
      expect(html).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${tag}"`));
      expect(html).toContain(`<link rel="canonical" href="${url + own}"/>`);
      expect(alternates(html)).toEqual(expected);
      expect(html).toContain(`<meta property="og:locale" content="${tag.replace('-', '_')}"/>`);
      expect(html).toContain(`<meta property="og:locale:alternate" content="${otherTag.replace('-', '_')}"/>`);
      expect(html).toContain(`<meta property="og:url" content="${url + own}"/>`);
      const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
      const documents = ld.filter((d) => d['@type'] !== 'Organization');
      expect(documents.length, 'a JSON-LD document that can say its language').toBeGreaterThan(0);
      for (const d of documents) expect(d.inLanguage, String(d['@type'])).toBe(tag);
      expect(html).toMatch(new RegExp(`type="application/rss\\+xml" title="[^"]+" href="${locale === 'fr' ? '/fr' : ''}/feed.xml"`));
      // Every language switch on the page leads to the other version, named in its language.
      const switches = [...html.matchAll(/<a [^>]*data-language-switch[^>]*>/g)].map((m) => m[0]);
      expect(switches.length).toBeGreaterThanOrEqual(2);
      for (const a of switches) {
        expect(a).toContain(`href="${other}"`);
        expect(a).toContain(`hrefLang="${otherTag}"`);
        expect(a).toContain(`lang="${otherTag}"`);
      }
    }
  });

  test('the French 404 page is noindex and says so in French', () => {
    const html = renderRoute(route('/fr/404'), inputs).html;
    expect(html).toMatch(/^<!DOCTYPE html><html lang="fr-CA"/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    const copy = inputs.sites.fr!.pages['not-found'];
    expect(copy.text).not.toBe(en.pages['not-found'].text);
    expect(html).toContain(escapeHtml(copy.text));
    expect(html).toContain(escapeHtml(copy.sections.blog.heading));
  });
});

describe('a post without its French file', () => {
  const SLUG = 'preparing-fleet-for-canadian-winter';

  test('its French page says so in French and marks the English part lang="en-CA", in its JSON-LD too; the English page has no notice', () => {
    const result = builtLanguages(records.filter((r) => !(r.locale === 'fr' && r.collection === 'blog' && r.slug === SLUG)));
    const local = { ...inputs, sites: result.sites, untranslated: result.untranslated };
    const post = result.sites.en!.posts.find((p) => p.slug === SLUG)!;
    const french = route(`/fr/blog-details/${post.id}`, result.routes);
    expect(french.untranslated).toBe(true);
    expect(result.routes.filter((r) => r.untranslated).map((r) => r.path)).toEqual([french.path]);
    const html = renderRoute(french, local).html;
    const notice = result.sites.fr!.ui.translationNotice;
    expect(notice).not.toBe(result.sites.en!.ui.translationNotice);
    const main = /<main[^>]*>(.*)<\/main>/s.exec(html)![1]!;
    // The notice first, in the page's language; then the post, its own text marked as English
    // (title, subheading, body, author) while its date, category and sidebar stay French.
    expect(main).toMatch(new RegExp(`^<div class="container"><p class="translation-notice" role="note">${escapeRe(escapeHtml(notice))}</p></div><article`));
    expect(main).toContain(`<h1 class="article__title" lang="en-CA">${escapeHtml(post.title)}</h1>`);
    expect(main).toMatch(/<div class="prose article__body" lang="en-CA">/);
    expect(/<p class="post-card__meta">.*?<\/p>/s.exec(main)![0]).not.toContain('lang="en-CA"');
    expect(html).toMatch(/^<!DOCTYPE html><html lang="fr-CA"/);
    // Its structured data describes the English article: inLanguage says so, as lang does (was fr-CA).
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    expect(ld.find((d) => d['@type'] === 'BlogPosting')?.inLanguage).toBe('en-CA');
    const english = renderRoute(route(`/blog-details/${post.id}`, result.routes), local).html;
    expect(english).not.toContain('translation-notice');
    // Every other French page is translated: no notice.
    expect(renderRoute(route('/fr/blog-details/3', result.routes), local).html).not.toContain('translation-notice');
  });
});

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('the web app manifest', () => {
  test('each language has its own (was one, English, on French pages too): lang, start page, description, and each page links its language\'s', () => {
    const result = builtLanguages(records);
    const fr = JSON.parse(webManifest(result.sites.fr!, '/mark.svg', 'fr').toString('utf8')) as Record<string, string>;
    expect(fr).toMatchObject({ lang: 'fr-CA', start_url: '/fr', description: result.sites.fr!.pages.home.description });
    const english = JSON.parse(webManifest(result.sites.en!, '/mark.svg').toString('utf8')) as Record<string, string>;
    expect(english).toMatchObject({ lang: 'en-CA', start_url: '/', description: result.sites.en!.config.description });
    const local = { ...inputs, sites: result.sites };
    expect(renderRoute(routes.find((r) => r.path === '/fr')!, local).html).toContain('<link rel="manifest" href="/fr/manifest.webmanifest"/>');
    expect(renderRoute(routes.find((r) => r.path === '/')!, local).html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
  });
});
