// The language of a URL, both ways (generator/content/locales.ts), and the one route → file rule
// (permalink in generator/render/routes.ts), for English (no prefix) and French (/fr).
import { describe, expect, test } from 'vitest';
import { allLocales, isPagePath, localePath, localizeHref, pathLocale, type Locale } from '../../../generator/content/locales.ts';
import { permalink, staticRoutes, blogPath } from '../../../generator/render/routes.ts';
import { resolveUrl } from '../../../generator/preview/url-rule.ts';

/** One path of each kind of route: home, section, solution, post, the 404 page, a case-sensitive one. */
const KINDS = ['/', '/faqs', '/solutions/eld', blogPath(3), '/404', '/Thanks'];

describe('permalink(path, locale)', () => {
  test.each([
    ['/', 'index.html', 'fr/index.html'],
    ['/faqs', 'faqs/index.html', 'fr/faqs/index.html'],
    ['/solutions/eld', 'solutions/eld/index.html', 'fr/solutions/eld/index.html'],
    ['/blog-details/3', 'blog-details/3/index.html', 'fr/blog-details/3/index.html'],
    ['/Thanks', 'Thanks/index.html', 'fr/Thanks/index.html'],
    ['/404', '404.html', 'fr/404.html'],
  ])('%s is written to %s in English and %s in French', (path, en, fr) => {
    expect(permalink(path)).toBe(en);
    expect(permalink(path, 'en')).toBe(en);
    expect(permalink(path, 'fr')).toBe(fr);
  });

  test('every static route has one file per language, none shared between languages', () => {
    const files = allLocales.flatMap((l) => staticRoutes.map((r) => permalink(r.path, l)));
    expect(new Set(files).size).toBe(files.length);
    for (const r of staticRoutes) expect(permalink(r.path, 'fr')).toBe(`fr/${permalink(r.path, 'en')}`);
  });

  test('the URL rule serves each page of each language from its permalink (the 404 pages are error documents)', () => {
    for (const locale of allLocales) {
      for (const path of KINDS.filter((p) => p !== '/404')) {
        expect(resolveUrl(localePath(path, locale)), `${locale} ${path}`).toEqual({ kind: 'file', file: permalink(path, locale) });
      }
    }
  });
});

describe('localePath and pathLocale', () => {
  test.each([
    ['/', '/fr'],
    ['/faqs', '/fr/faqs'],
    ['/solutions/eld', '/fr/solutions/eld'],
    ['/404', '/fr/404'],
    ['/blogs?category=eld', '/fr/blogs?category=eld'],
    ['/?utm=x', '/fr?utm=x'],
    ['/#main', '/fr#main'],
  ])('%s is %s in French, and back', (en, fr) => {
    expect(localePath(en, 'en')).toBe(en);
    expect(localePath(en, 'fr')).toBe(fr);
    expect(pathLocale(fr)).toEqual({ locale: 'fr', path: en });
    expect(pathLocale(en)).toEqual({ locale: 'en', path: en });
  });

  test('a path that only starts with the letters fr is English', () => {
    for (const path of ['/fred', '/fr-ca', '/french/x', '/frais']) expect(pathLocale(path)).toEqual({ locale: 'en', path });
  });

  test('pathLocale(localePath(p, l)) gives back l and p for every route kind and language', () => {
    for (const locale of allLocales) {
      for (const path of [...KINDS, ...staticRoutes.map((r) => r.path), '/blogs?category=eld&page=2']) {
        expect(pathLocale(localePath(path, locale))).toEqual({ locale, path });
      }
    }
  });
});

describe('isPagePath', () => {
  test.each([
    ['/', true],
    ['/404', true],
    ['/solutions/eld', true],
    ['/blogs?category=x', true],
    ['/blogs?file=a.pdf', true],
    ['/faqs#q3', true],
    ['/fr/faqs', true],
    ['/feed.xml', false],
    ['/assets/css/main-ABC.css', false],
    ['/images/logo.svg?v=2', false],
    ['//evil.example/x', false],
    ['/\\evil.example', false],
    ['https://www.trilliumfleet.example/faqs', false],
    ['mailto:sales@trilliumfleet.example', false],
    ['#main', false],
    ['faqs', false],
    ['', false],
  ])('%j → %s', (href, page) => {
    expect(isPagePath(href)).toBe(page);
  });
});

describe('localizeHref', () => {
  const cases: [string, string][] = [
    ['/', '/fr'],
    ['/404', '/fr/404'],
    ['/solutions/eld', '/fr/solutions/eld'],
    ['/blogs?category=x', '/fr/blogs?category=x'],
    ['/faqs#q3', '/fr/faqs#q3'],
    // Not pages: left exactly as written.
    ['//evil', '//evil'],
    ['/\\evil', '/\\evil'],
    ['/feed.xml', '/feed.xml'],
    ['/assets/js/shell-ABC.js', '/assets/js/shell-ABC.js'],
    ['https://www.linkedin.com/company/x', 'https://www.linkedin.com/company/x'],
    ['tel:+14165550100', 'tel:+14165550100'],
    ['#main', '#main'],
    // Already French (written by hand): never /fr/fr/….
    ['/fr', '/fr'],
    ['/fr/blogs?category=x', '/fr/blogs?category=x'],
  ];

  test.each(cases)('on a French page %j → %j', (href, fr) => {
    expect(localizeHref(href, 'fr')).toBe(fr);
  });

  test.each(cases)('on an English page %j is unchanged', (href) => {
    expect(localizeHref(href, 'en')).toBe(href);
  });

  test('localizing twice is localizing once', () => {
    for (const [href] of cases) {
      for (const locale of allLocales as Locale[]) expect(localizeHref(localizeHref(href, locale), locale)).toBe(localizeHref(href, locale));
    }
  });
});
