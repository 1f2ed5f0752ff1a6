// High-contrast themes (Windows' contrast themes: CSS forced colors) replace every colour on the
// page with the system's few, so a state shown only by a colour or a background (the chosen
// filter, the wizard's step, the leader shown) looked like the others. Those states use the
// system's selection colours there, and the logos stay visible on the theme's background.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

/** The colour the system's `name` is in this theme (as the browser computes it). */
async function systemColour(page: Page, name: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = name;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, name);
}

test.use({ forcedColors: 'active', colorScheme: 'dark' });

test('the chosen blog filter is in the selection colours, the others are not', async ({ page }) => {
  await page.goto('/blogs');
  const highlight = await systemColour(page, 'Highlight');
  const current = page.locator('.filter-chip[aria-current="true"]');
  await expect(current).toHaveText('All');
  expect(await current.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(highlight);
  expect(await current.evaluate((e) => getComputedStyle(e).color)).toBe(await systemColour(page, 'HighlightText'));
  for (const other of await page.locator('.filter-chip:not([aria-current="true"])').all()) {
    expect(await other.evaluate((e) => getComputedStyle(e).backgroundColor)).not.toBe(highlight);
  }
});

test('the wizard’s current step and the leader shown are marked in the selection colours', async ({ page }) => {
  await page.goto('/get-started');
  const highlight = await systemColour(page, 'Highlight');
  const steps = page.locator('.stepper__step .stepper__number');
  await expect(steps).toHaveCount(3);
  const backgrounds = await steps.evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
  expect(backgrounds.filter((b) => b === highlight)).toHaveLength(1);
  expect(backgrounds[0]).toBe(highlight);

  await page.goto('/leadership');
  const pressed = page.locator('.leaders__button[aria-pressed="true"]');
  await expect(pressed).toHaveCount(1);
  expect(await pressed.evaluate((e) => getComputedStyle(e).outlineColor)).toBe(await systemColour(page, 'Highlight'));
});

test('the header’s dark logo is turned light on a dark theme, the footer’s white one dark on a light theme', async ({ browser }) => {
  for (const colorScheme of ['dark', 'light'] as const) {
    const context = await browser.newContext({ forcedColors: 'active', colorScheme });
    const page = await context.newPage();
    await page.goto(`${test.info().project.use.baseURL}/`);
    const filter = (selector: string) => page.locator(selector).first().evaluate((e) => getComputedStyle(e).filter);
    expect(await filter('.site-header .brand__logo')).toBe(colorScheme === 'dark' ? 'invert(1) hue-rotate(180deg)' : 'none');
    expect(await filter('.site-footer .brand__logo')).toBe(colorScheme === 'light' ? 'invert(1) hue-rotate(180deg)' : 'none');
    await context.close();
  }
});
