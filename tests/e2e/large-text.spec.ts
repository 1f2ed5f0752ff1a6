// A reader who set the browser's text size larger (Chrome's "Very large" is 24 px, 1.5 times the
// default): the layout's breakpoints are in em, which media queries take from that size, so the
// header switches to the menu button where the full navbar would not fit, and the phone header
// keeps its menu button (with px breakpoints Login and Get Started ran off a 1,280 px screen and
// a phone lost its menu button). The skip link stays out of sight until focused.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { hydrated, visibleSlides } from './sliders.ts';

/** The browser's default text size, as a reader's setting makes it (not an author's style). */
async function readerTextSize(page: Page, px: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: px, fixed: Math.round(px * 0.8) } });
}

for (const width of [1280, 375, 320]) {
  test(`with 24 px text at ${width} px the header fits and its menu button is on screen, in both languages`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await readerTextSize(page, 24);
    for (const path of ['/', '/fr/blogs', '/blog-details/1', '/fr/contact-us']) {
      await page.goto(path);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize), path).toBe('24px');
      const menu = page.locator('.hamburger');
      await expect(menu, path).toBeVisible();
      const box = (await menu.boundingBox())!;
      expect(box.x + box.width, path).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
      // The full navbar is off at every width here (it would need ~1,770 px at this size).
      await expect(page.locator('.nav-menus'), path).toBeHidden();
      // The menu opens and lists the site's sections.
      await menu.click();
      await expect(page.locator('#mobile-menu'), path).toBeVisible();
      await page.keyboard.press('Escape');
      // The skip link is above the page until focused.
      expect((await page.locator('.skip-link').boundingBox())!.y + (await page.locator('.skip-link').boundingBox())!.height, path).toBeLessThanOrEqual(0);
    }
  });
}

test('with the default text size a 1,280 px screen keeps the full navbar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await expect(page.locator('.nav-menus')).toBeVisible();
  await expect(page.locator('.hamburger')).toBeHidden();
});

test('with 24 px text the sliders take their widths from the text size too: two industry cards at 1,280 px, four with the default', async ({ page }) => {
  const shown = async () => {
    await page.goto('/');
    return visibleSlides(await hydrated(page, 'IndustrySlider'));
  };
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await shown()).toBe(4);
  // 1,280 px is past 768 × 1.5 but short of 1,024 × 1.5.
  await readerTextSize(page, 24);
  expect(await shown()).toBe(2);
});
