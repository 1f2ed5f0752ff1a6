// The badge that says what publishing (`site build --strict`) would stop on: on a real
// `site preview` of a copy of content/ with one warning, and absent on the repo's content.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { startPreviewProcess, type PreviewProcess } from './preview-process.ts';
import { digestOf } from '../../generator/content/load.ts';
import { contentDir } from '../helpers.ts';

const POST = 'blog/fleet-management-trends-2024.md';
let preview: PreviewProcess;
test.beforeAll(async () => {
  preview = await startPreviewProcess((box) => {
    box.edit(POST, /^description: .*\n/m, '');
    box.edit(`fr/${POST}`, /^sourceHash: .*$/m, `sourceHash: "${digestOf(readFileSync(join(box.content, POST)))}"`);
  });
});
test.afterAll(() => preview?.stop());

/** Opens a page and waits until its live-reload stream has answered (the badge is drawn then). */
async function open(page: Page, url: string): Promise<void> {
  const connected = page.waitForResponse((r) => r.url().includes('/_site/events'));
  await page.goto(url);
  await connected;
  await page.waitForTimeout(300);
}

test('the preview shows a badge saying publishing would stop on the warning, which expands to its line', async ({ page }) => {
  await open(page, `${preview.base}/`);
  const badge = page.getByRole('button', { name: 'Publishing would stop on 1 warning' });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveAttribute('aria-expanded', 'false');
  const details = page.locator('site-publish-warnings .lines');
  await expect(details).toBeHidden();
  // Keyboard: the badge is reachable and opens with Enter.
  await badge.focus();
  await page.keyboard.press('Enter');
  await expect(badge).toHaveAttribute('aria-expanded', 'true');
  await expect(details).toBeVisible();
  await expect(details).toContainText(`content/${POST}:1:1  page has no description of its own`);
  await expect(details).not.toContainText('\x1b[');
  await page.keyboard.press('Enter');
  await expect(badge).toHaveAttribute('aria-expanded', 'false');
});

test('the badge fits a 375 px screen in the bottom-left corner', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await open(page, `${preview.base}/`);
  const badge = page.getByRole('button', { name: /Publishing would stop on/ });
  const box = (await badge.boundingBox())!;
  expect(box.x).toBeLessThan(40);
  expect(box.y + box.height).toBeGreaterThan(740 - 60);
  expect(box.width).toBeLessThanOrEqual(375 * 0.7 + 1);
  await badge.click();
  const lines = (await page.locator('site-publish-warnings .lines').boundingBox())!;
  expect(lines.x).toBeGreaterThanOrEqual(0);
  expect(lines.x + lines.width).toBeLessThanOrEqual(375);
});

test('the repo\'s own content has no warnings: no badge', async ({ page }) => {
  await open(page, '/');
  await expect(page.locator('site-publish-warnings')).toHaveCount(0);
});
