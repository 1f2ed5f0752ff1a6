// The blog: list with filter, pagination, chooser and URL state; articles; search; feed.
import { readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

const posts = readdirSync('content/blog').filter((f) => f.endsWith('.md')).map((f) => parse(/^---\n([\s\S]*?)\n---/.exec(readFileSync(`content/blog/${f}`, 'utf8'))![1]!)).filter((p) => !p.draft);
const byCategory = (slug: string) => posts.filter((p) => p.category === slug).length;

/**
 * The list as a visitor meets it. On a phone, with no list query in the address, it is the
 * server's markup until used: it must work as it is, so nothing waits for hydration there.
 */
async function list(page: Page, url = '/blogs') {
  await page.goto(url);
  const island = page.locator('[data-island="BlogList"]');
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  if (!phone || url.includes('?')) await expect(island).toHaveAttribute('data-hydrated', '');
  return island;
}

test.describe('blog list', () => {
  test('without JavaScript every post is listed', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/blogs');
    await expect(page.locator('.blog-list__grid > li:visible')).toHaveCount(posts.length);
    await expect(page.locator('.pager')).toBeHidden();
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.locator('.blog-list__grid > li:visible')).toHaveCount(posts.length);
    await expect(page.locator('.pager')).toBeHidden();
    await context.close();
  });

  test('filters by each category, and All shows everything', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const island = await list(page);
    for (const [name, slug] of [['ELD', 'eld'], ['Technology', 'technology'], ['Industry', 'industry']]) {
      await island.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/blogs\\?category=${slug}$`));
      await expect(island.locator('.blog-list__grid > li')).toHaveCount(Math.min(9, byCategory(slug!)));
      await expect(island.locator('.post-card .tag').first()).toHaveText(name!);
    }
    await island.getByRole('link', { name: 'All', exact: true }).click();
    await expect(island.locator('.blog-list__grid > li')).toHaveCount(Math.min(9, posts.length));
  });

  test('at 375 px: one post per page, Page 1 of N, disabled ends, no size chooser', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const island = await list(page);
    await expect(island.locator('.blog-list__grid > li:visible')).toHaveCount(1);
    await expect(island.locator('.pager__status')).toHaveText(`Page 1 of ${posts.length}`);
    await expect(island.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(island.getByLabel('Posts per page')).toBeHidden();
    await island.getByRole('button', { name: 'Next' }).click();
    await expect(island.locator('.pager__status')).toHaveText(`Page 2 of ${posts.length}`);
    await expect(page).toHaveURL(/\?page=2$/);
    await page.goto(`/blogs?page=${posts.length}`);
    await expect(island.locator('.pager__status')).toHaveText(`Page ${posts.length} of ${posts.length}`);
    await expect(island.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  test('at 1280 px: nine per page, and the chooser changes the page size', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const island = await list(page);
    await expect(island.locator('.blog-list__grid > li')).toHaveCount(9);
    await expect(island.locator('.pager__status')).toHaveText(`Page 1 of ${Math.ceil(posts.length / 9)}`);
    await island.getByLabel('Posts per page').selectOption('3');
    await expect(island.locator('.blog-list__grid > li')).toHaveCount(3);
    await expect(page).toHaveURL(/\?size=3$/);
    await island.getByLabel('Posts per page').selectOption('-1');
    await expect(island.locator('.blog-list__grid > li')).toHaveCount(posts.length);
    await expect(island.locator('.pager__status')).toHaveText('Page 1 of 1');
  });

  test('at 800 px: three per page', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    const island = await list(page);
    await expect(island.locator('.blog-list__grid > li')).toHaveCount(3);
  });

  test('subheadings are cut at 57 characters from 1024 px and 30 from 1440 px, whole below', async ({ page }) => {
    const island = await list(page);
    const first = island.locator('.post-card__subheading').first();
    const full = (await first.locator('.cut-full').textContent())!;
    expect(full.length).toBeGreaterThan(57);
    await page.setViewportSize({ width: 900, height: 900 });
    await expect(first.locator('.cut-full')).toBeVisible();
    await expect(first.locator('.cut-57')).toBeHidden();
    await page.setViewportSize({ width: 1024, height: 900 });
    await expect(first.locator('.cut-57')).toBeVisible();
    expect((await first.locator('.cut-57').textContent())!).toBe(`${full.slice(0, 57).trimEnd()}…`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(first.locator('.cut-30')).toBeVisible();
    await expect(first.locator('.cut-57')).toBeHidden();
    expect((await first.locator('.cut-30').textContent())!).toBe(`${full.slice(0, 30).trimEnd()}…`);
  });

  test('Back from a post to page 2 of a chosen size lands on page 2 again, without a new history entry (the restored size chooser sent it to page 1)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const island = await list(page);
    await island.getByLabel('Posts per page').selectOption('3');
    await island.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?page=2&size=3$/);
    const entries = await page.evaluate(() => history.length);
    await island.locator('.blog-list__grid > li').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/blog-details\/\d+$/);
    await page.goBack();
    await expect(island).toHaveAttribute('data-hydrated', '');
    await expect(page).toHaveURL(/\?page=2&size=3$/);
    await expect(island.locator('.pager__status')).toHaveText(`Page 2 of ${Math.ceil(posts.length / 3)}`);
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    await page.goForward();
    await expect(page).toHaveURL(/\/blog-details\/\d+$/);
  });

  test('filter and page live in the URL: a shared link opens filtered, and Back restores', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const island = await list(page, '/blogs?category=eld&page=2');
    await expect(island.locator('.pager__status')).toHaveText(`Page 2 of ${byCategory('eld')}`);
    await expect(island.getByRole('link', { name: 'ELD', exact: true })).toHaveAttribute('aria-current', 'true');
    await island.getByRole('link', { name: 'Industry', exact: true }).click();
    await expect(island.locator('.pager__status')).toHaveText(`Page 1 of ${byCategory('industry')}`);
    await page.goBack();
    await expect(page).toHaveURL(/\?category=eld&page=2$/);
    await expect(island.locator('.pager__status')).toHaveText(`Page 2 of ${byCategory('eld')}`);
  });
});

/** An article's search box, hydrated (it hydrates when scrolled into view). */
async function searchBox(page: Page) {
  await page.goto('/blog-details/1');
  const island = page.locator('[data-island="BlogSearch"]');
  await island.scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute('data-hydrated', '');
  return island;
}

test.describe('articles', () => {
  test('an article has its heading, sections, author, social links, categories, Get Started and the newsletter form', async ({ page }) => {
    await page.goto('/blog-details/2');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ELD and Hours-of-Service Compliance in Canada/);
    await expect(page.locator('.article__body h2').first()).toHaveText(/^1\. /);
    await expect(page.locator('.article__body h2').last()).toHaveText('Conclusion');
    await expect(page.locator('.article__body mark').first()).toBeVisible();
    await expect(page.locator('.author__social a')).toHaveCount(3);
    await expect(page.locator('.category-list a').first()).toHaveAttribute('href', '/blogs?category=eld');
    await expect(page.locator('.newsletter input[type="email"]')).toBeVisible();
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute('content', '2024-03-24');
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({ '@type': 'BlogPosting', datePublished: '2024-03-24' });
    await expect(page.locator('body')).not.toContainText('TP 15263');
  });

  test('search finds a post by a word from its subheading', async ({ page }) => {
    const island = await searchBox(page);
    await island.getByRole('searchbox', { name: 'Search articles' }).fill('misuse');
    const result = island.getByRole('link', { name: /Fuel-Card Spend/ });
    await expect(result).toBeVisible();
    await expect(island.getByRole('status')).toHaveText('1 article found'); // it said '1 articles found'
    await result.click();
    await expect(page).toHaveURL(/\/blog-details\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Fuel-Card Spend');
  });

  test('search says so when nothing matches', async ({ page }) => {
    const island = await searchBox(page);
    await island.getByRole('searchbox').fill('zeppelin');
    await expect(island.getByRole('status')).toHaveText('No articles match “zeppelin”.');
    // What the visitor types is text, never a replacement pattern ($' had pasted the rest of the sentence).
    await island.getByRole('searchbox').fill("zeppelin$'$&");
    await expect(island.getByRole('status')).toHaveText("No articles match “zeppelin$'$&”.");
  });

  test('search without its index (offline) says so, and the next search tries again', async ({ page, consoleErrors }) => {
    let refused = 0;
    await page.route('**/search-index.json', (route) => (refused++ === 0 ? route.abort() : route.continue()));
    const island = await searchBox(page);
    await island.getByRole('searchbox').fill('misuse');
    await expect(island.getByRole('status')).toHaveText('Search is not available right now. Check your connection and try again.');
    await island.getByRole('searchbox').fill('misuse ');
    await expect(island.getByRole('status')).toHaveText('1 article found');
    expect(refused).toBe(2);
    // The refused request is the only thing the browser complained of (it had thrown on every key).
    expect(consoleErrors).toEqual(['Failed to load resource: net::ERR_FAILED']);
    consoleErrors.length = 0;
  });

  test('an answer for an older query, come late, does not replace what the box says now', async ({ page }) => {
    await page.route('**/search-index.json', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const island = await searchBox(page);
    await island.getByRole('searchbox').fill('misuse');
    await island.getByRole('searchbox').fill('');
    await page.waitForResponse('**/search-index.json');
    await page.waitForTimeout(300);
    await expect(island.getByRole('status')).toHaveText('');
    await expect(island.getByRole('link')).toHaveCount(0);
  });
});

// A table in a post (the ELD post's cycles) scrolls in a box of its own: on a phone it had widened
// the whole page. The box is a named region a keyboard can reach and scroll (WCAG 2.1.1).
for (const [path, name] of [['/blog-details/2', '5. Daily and cycle limits'], ['/fr/blog-details/2', '5. Limites quotidiennes et limites de cycle']] as const) {
  test(`${path}: at 320 px a table scrolls in its own named box, reached and scrolled from the keyboard; the page does not scroll sideways`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(path);
    const region = page.getByRole('region', { name });
    await expect(region.locator('table')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await region.focus();
    await expect(region).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  });
}

test('the feed parses as XML, is linked from every page and lists every published post', async ({ page, request }) => {
  await page.goto('/faqs');
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/feed.xml');
  const response = await request.get('/feed.xml');
  expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await response.text();
  const result = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    return { error: doc.querySelector('parsererror')?.textContent ?? null, titles: [...doc.querySelectorAll('item > title')].map((t) => t.textContent) };
  }, xml);
  expect(result.error).toBeNull();
  expect(result.titles.sort()).toEqual(posts.map((p) => p.title).sort());
});
