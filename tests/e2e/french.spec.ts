// The French site's links between languages: the language switch there and back,
// hreflang pairs in every page and in the sitemap, the French 404s, no redirect by browser
// language, and a post without its translation. The per-page pass (status, lang, English
// strings, axe) is every-page.spec.ts.
import { spawnSync } from 'node:child_process';
import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Page } from '@playwright/test';
import { test, expect, manifest, site } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { startPreviewProcess, type PreviewProcess } from './preview-process.ts';
import { root } from '../helpers.ts';

// Copy the tests look for, from content/ (the French copy is being proofread: never typed here).
const yaml = (file: string) => parse(readFileSync(`content/${file}`, 'utf8'));
const frUi = yaml('fr/ui.yaml') as { translationNotice: string; languageSwitch: { accessibleName: string } };
const frNotFound = yaml('fr/pages/not-found.yaml') as { text: string; button: { label: string }; sections: { blog: { heading: string; button: { label: string } } } };
const frSkipLink = (yaml('fr/navigation.yaml') as { skipLink: string }).skipLink;
type Categories = { categories: { slug: string; name: string }[] };
const categoryName = (file: string, slug: string) => (yaml(file) as Categories).categories.find((c) => c.slug === slug)!.name;

/** The visible language switch: in the strip from 1024 px, beside the menu button below. */
const languageSwitch = (page: Page) => page.locator('[data-language-switch]:visible').first();

test.describe('the language switch goes to the same page in the other language and back', () => {
  for (const [path, width] of [['/', 1280], ['/solutions/eld', 1280], ['/blog-details/3', 375], ['/contact-us', 375]] as const) {
    test(`${path} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const french = path === '/' ? '/fr' : `/fr${path}`;
      await page.goto(path);
      const toFrench = languageSwitch(page);
      await expect(toFrench).toHaveAttribute('hreflang', 'fr-CA');
      await expect(toFrench).toHaveAttribute('lang', 'fr-CA');
      await toFrench.click();
      await expect(page).toHaveURL(french);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
      const toEnglish = languageSwitch(page);
      await expect(toEnglish).toHaveAccessibleName(frUi.languageSwitch.accessibleName);
      await expect(toEnglish).toHaveAttribute('lang', 'en-CA');
      await toEnglish.click();
      await expect(page).toHaveURL(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
    });
  }

  test('/blogs carries the list\'s query across, as it is when the switch is followed', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/blogs?category=technology&size=3', { waitUntil: 'networkidle' });
    await languageSwitch(page).click();
    await expect(page).toHaveURL('/fr/blogs?category=technology&size=3');
    const filter = page.locator('.blog-list__filter');
    await expect(filter.locator('[aria-current="true"]')).toHaveText(categoryName('fr/blog-categories.yaml', 'technology'));
    // Filtered on the French page after it loaded: the switch takes the query of that moment.
    await page.waitForLoadState('networkidle');
    await filter.getByRole('link', { name: categoryName('fr/blog-categories.yaml', 'eld'), exact: true }).click();
    await expect(page).toHaveURL('/fr/blogs?category=eld&size=3');
    await languageSwitch(page).click();
    await expect(page).toHaveURL('/blogs?category=eld&size=3');
    await expect(page.locator('.blog-list__filter [aria-current="true"]')).toHaveText(categoryName('blog-categories.yaml', 'eld'));
  });
});

test('hreflang pairs are reciprocal on every page and the sitemap lists the same pairs', async ({ request }) => {
  /** hreflang → URL of the alternates in a page's head or a sitemap entry. */
  const alternates = (markup: string) => Object.fromEntries([...markup.matchAll(/<(?:link|xhtml:link) rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/gi)].map((m) => [m[1]!, m[2]!]));
  const heads = new Map<string, Record<string, string>>();
  for (const route of manifest().routes) {
    const html = await (await request.get(route.path)).text();
    heads.set(site.url + route.path, alternates(/<head>(.*?)<\/head>/s.exec(html)![1]!));
  }
  expect(heads.size).toBeGreaterThan(60);
  for (const [url, alt] of heads) {
    expect(Object.keys(alt).sort(), url).toEqual(['en-CA', 'fr-CA', 'x-default']);
    expect(alt['x-default'], url).toBe(alt['en-CA']);
    expect(alt[url.startsWith(`${site.url}/fr`) ? 'fr-CA' : 'en-CA'], `${url} names itself`).toBe(url);
    for (const other of [alt['en-CA']!, alt['fr-CA']!]) expect(heads.get(other), `${url} → ${other} → back`).toEqual(alt);
  }
  const xml = await (await request.get('/sitemap.xml')).text();
  const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)];
  expect(entries.length).toBe(manifest().routes.filter((r) => r.status === 200 && !/\/Thanks$/.test(r.path)).length);
  for (const [, loc, rest] of entries) expect(alternates(rest!), loc).toEqual(heads.get(loc!));
});

test.describe('French 404s', () => {
  test('an unknown path under /fr answers 404 and ends on the French 404 at /fr/404', async ({ page }) => {
    const response = await page.goto('/fr/page-inexistante');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL('/fr/404');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
    await expect(page.getByText(frNotFound.text)).toBeVisible();
    await page.getByRole('link', { name: frNotFound.button.label }).click();
    await expect(page).toHaveURL('/fr');
  });

  test("an unknown post id under /fr shows the French 'Blog not found' with a 404 status", async ({ page }) => {
    const response = await page.goto('/fr/blog-details/999');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL('/fr/blog-details/999');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByRole('heading', { level: 1, name: frNotFound.sections.blog.heading })).toBeVisible();
    await expect(page.getByRole('link', { name: frNotFound.sections.blog.button.label })).toHaveAttribute('href', '/fr/blogs');
    // The switch leads to the same missing post in English (it led to the generic /404).
    await languageSwitch(page).click();
    await expect(page).toHaveURL('/blog-details/999');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog not found' })).toBeVisible();
    await languageSwitch(page).click();
    await expect(page).toHaveURL('/fr/blog-details/999');
  });

  test('where the host answers the English 404 document for a /fr path (CloudFront), the visitor still ends on the French 404', async ({ page, request }) => {
    const english404 = await (await request.get('/404')).text();
    expect(english404).toContain('<html lang="en-CA"');
    await page.route(/\/fr\/(ancienne-page|blog-details\/999)$/, (route) => route.fulfill({ status: 404, contentType: 'text/html; charset=utf-8', body: english404 }));
    expect((await page.goto('/fr/ancienne-page'))?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByText(frNotFound.text)).toBeVisible();
    await expect(page).toHaveURL('/fr/404');
    await page.goto('/fr/blog-details/999');
    await expect(page.getByRole('heading', { level: 1, name: frNotFound.sections.blog.heading })).toBeVisible();
    await expect(page).toHaveURL('/fr/blog-details/999');
    // The header of the French body that replaced the English one follows the scroll (it had
    // stayed transparent over the art: the script held the English body's header).
    await page.setViewportSize({ width: 375, height: 480 });
    await page.evaluate(() => scrollTo(0, 200));
    await expect(page.locator('[data-header]')).toHaveAttribute('data-scrolled', '');
  });
});

test.describe('no redirect by browser language', () => {
  test.use({ locale: 'fr-CA', extraHTTPHeaders: { 'Accept-Language': 'fr-CA,fr;q=0.9' } });

  test('a French-speaking browser asking for / gets the English home page, 200, and stays there', async ({ page, request }) => {
    const direct = await request.get('/', { maxRedirects: 0, headers: { 'Accept-Language': 'fr' } });
    expect(direct.status()).toBe(200);
    expect(await direct.text()).toContain('<html lang="en-CA"');
    const response = await page.goto('/', { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()).toBeNull();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

test.describe('a post without its French file (fixture)', () => {
  const SLUG = 'preparing-fleet-for-canadian-winter';
  const ID = 10;
  let preview: PreviewProcess;
  test.beforeAll(async () => {
    preview = await startPreviewProcess((box) => unlinkSync(join(box.content, `fr/blog/${SLUG}.md`)));
  });
  test.afterAll(() => preview?.stop());

  test('its French page shows the notice and the English post marked lang="en-CA"; site validate warns where the file is missing', async ({ page }) => {
    const englishTitle = (parse(readFileSync(`content/blog/${SLUG}.md`, 'utf8').split('---')[1]!) as { title: string }).title;
    const response = await page.goto(`${preview.base}/fr/blog-details/${ID}`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.locator('.translation-notice')).toHaveText(frUi.translationNotice);
    // The post's own text is marked English; its date, category and the sidebar stay French.
    await expect(page.locator('main h1[lang="en-CA"]')).toHaveText(englishTitle);
    await expect(page.locator('main .article__body[lang="en-CA"]')).toHaveCount(1);
    await expect(page.locator('main .post-card__meta [lang="en-CA"], main .article__aside[lang="en-CA"], main [lang="en-CA"] .article__aside')).toHaveCount(0);
    // The notice is French, outside the English part; the rest of the page stays French.
    await expect(page.locator('main [lang="en-CA"] .translation-notice')).toHaveCount(0);
    await expect(page.locator('.skip-link')).toHaveText(frSkipLink);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${preview.base}/blog-details/${ID}`);
    await expect(page.locator('.translation-notice')).toHaveCount(0);

    const validate = spawnSync(join(root, 'node_modules/.bin/node'), [join(root, 'bin/site.js'), 'validate'], { cwd: preview.box.dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(validate.status, validate.stderr).toBe(0);
    expect(validate.stdout + validate.stderr).toContain(`content/fr/blog/${SLUG}.md:1:1  no French copy of content/blog/${SLUG}.md; its pages fall back to English`);
  });
});
