// Solution counters read 0% until they come into view and then count up, also before their
// island's script has arrived: the server's figure (what crawlers and visitors without
// JavaScript read) is never what a visitor with JavaScript sees first. The figure keeps its width.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

const HYDRATION = { timeout: 15_000 };

/** What a counter shows on screen: its text where it is visible, and any figure drawn in its place. */
const painted = (value: Locator) => value.evaluate((el) => {
  const parts: string[] = [];
  for (const node of [el, ...el.querySelectorAll('*')]) {
    const drawn = getComputedStyle(node, '::before').content;
    if (drawn.startsWith('"')) parts.push(JSON.parse(drawn) as string);
    if (getComputedStyle(node).visibility !== 'visible') continue;
    for (const child of node.childNodes) if (child.nodeType === Node.TEXT_NODE) parts.push(child.textContent ?? '');
  }
  return parts.join('');
});

/** Opens `path` with every script but the shell's (named in the head) waiting for `release()`. */
async function islandsHeld(page: Page, path: string): Promise<{ release: () => void }> {
  const shell = /<script type="module" src="([^"]+)"/.exec(await (await page.request.get(path)).text())?.[1];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    if (new URL(route.request().url()).pathname !== shell) await gate;
    await route.continue().catch(() => undefined);
  });
  await page.goto(path, { waitUntil: 'commit' });
  return { release };
}

test.describe('counters before they are seen', () => {
  test('a counter scrolled into view before its script arrives shows 0%, then counts up to its target in the same width', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const scripts = await islandsHeld(page, '/solutions/eld');
    const island = page.locator('[data-island="Counters"]');
    const values = island.locator('dd');
    await expect(values).toHaveText(['30%', '15%', '30%']);
    const width = await values.first().evaluate((el) => el.getBoundingClientRect().width);
    // Once the shell script has run (it adds the held-back island scripts): it scrolls a page
    // arrived at mid-scroll back to the top.
    await page.waitForFunction(() => document.head.querySelectorAll('script[type="module"][src]').length > 1);
    await island.scrollIntoViewIfNeeded();
    expect(await island.getAttribute('data-hydrated')).toBeNull();
    expect(await Promise.all((await values.all()).map(painted))).toEqual(['0%', '0%', '0%']);
    scripts.release();
    await expect(island).toHaveAttribute('data-hydrated', '', HYDRATION);
    await expect.poll(() => painted(values.first()), { timeout: 4000 }).toBe('30%');
    expect(await Promise.all((await values.all()).map(painted))).toEqual(['30%', '15%', '30%']);
    expect(await values.first().evaluate((el) => el.getBoundingClientRect().width)).toBe(width);
  });

  test('a counter never seen stays at 0% once live', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/solutions/adas');
    const values = page.locator('[data-island="Counters"] dd');
    expect(await painted(values.first())).toBe('0%');
  });
});

test.describe('counters without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('show their targets', async ({ page }) => {
    await page.goto('/solutions/eld');
    const values = page.locator('[data-island="Counters"] dd');
    await values.first().scrollIntoViewIfNeeded();
    expect(await Promise.all((await values.all()).map(painted))).toEqual(['30%', '15%', '30%']);
  });
});

test.describe('counters under reduced motion', () => {
  test.use({ reducedMotion: 'reduce' } as never);

  test('show their targets before and after hydration, without counting', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const scripts = await islandsHeld(page, '/solutions/eld');
    const island = page.locator('[data-island="Counters"]');
    await page.waitForFunction(() => document.head.querySelectorAll('script[type="module"][src]').length > 1);
    await island.scrollIntoViewIfNeeded();
    expect(await painted(island.locator('dd').first())).toBe('30%');
    scripts.release();
    await expect(island).toHaveAttribute('data-hydrated', '', HYDRATION);
    expect(await painted(island.locator('dd').first())).toBe('30%');
    await expect(island.locator('dl')).not.toHaveAttribute('data-counting');
  });
});
