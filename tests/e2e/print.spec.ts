// A page printed (or saved as a PDF): the content in black on white, the brand at the top and
// the address at the end, nothing that only works on a screen (styles/_print.scss).
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

async function printed(page: Page, path: string): Promise<void> {
  await page.setViewportSize({ width: 800, height: 1000 });
  await page.emulateMedia({ media: 'print' });
  await page.goto(path);
}

test('a post prints as a document: brand, article, address; no navigation, forms, aside or call to action', async ({ page }) => {
  await printed(page, '/blog-details/1');
  await expect(page.locator('.navbar > .brand')).toBeVisible();
  // The header is in the flow (a fixed one is printed over the top of every sheet).
  expect(await page.locator('.site-header').evaluate((e) => getComputedStyle(e).position)).toBe('static');
  expect(await page.locator('main').evaluate((e) => e.getBoundingClientRect().top)).toBeGreaterThanOrEqual(await page.locator('.site-header').evaluate((e) => e.getBoundingClientRect().bottom) - 1);
  for (const hidden of ['.info-strip', '.nav-menus', '.hamburger', '.article__aside', '.newsletter', '.cta-banner', '.site-footer__columns > nav', '.site-footer__social']) {
    for (const el of await page.locator(hidden).all()) await expect(el, hidden).toBeHidden();
  }
  await expect(page.locator('.article__title')).toBeVisible();
  await expect(page.locator('.prose p').first()).toBeVisible();
  await expect(page.locator('.site-footer address')).toBeVisible();
  // Black on white: nothing prints light text meant for a dark background.
  const colours = await page.locator('body *').evaluateAll((els) => [...new Set(els.filter((e) => e.checkVisibility()).map((e) => getComputedStyle(e).color))]);
  expect(colours).toEqual(['rgb(0, 0, 0)']);
});

test('the FAQ prints every answer, though on screen only one is open at a time', async ({ page }) => {
  await printed(page, '/faqs');
  const items = page.locator('.accordion__item');
  expect(await items.count()).toBeGreaterThan(5);
  for (const item of await items.all()) {
    expect(await item.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await expect(item.locator('summary + *')).toBeVisible();
  }
});

test('the home page prints its sections whether or not they were scrolled into view, and in French', async ({ page }) => {
  for (const path of ['/', '/fr']) {
    await printed(page, path);
    // Sections below the first screen wait to be revealed on screen (reveal-pending): on paper they show.
    const pending = page.locator('.reveal-pending');
    // The shell marks them from the observer's first report, which may come after the load event.
    await expect.poll(() => pending.count(), { message: path }).toBeGreaterThan(0);
    for (const section of await pending.all()) expect(await section.evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
    await expect(page.locator('.marquee__list').first()).toBeVisible();
    for (const el of await page.locator('.marquee__list[aria-hidden]').all()) await expect(el).toBeHidden();
    for (const el of await page.locator('.btn').all()) await expect(el).toBeHidden();
  }
});
