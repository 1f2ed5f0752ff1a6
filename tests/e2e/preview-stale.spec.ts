// Regression: edits saved while another file was broken were forgotten once it was fixed, so
// the preview kept serving stale lists. A real `site preview` process on a copy of
// content/, edited on disk.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { startPreviewProcess, type PreviewProcess } from './preview-process.ts';

// Each worker runs its own preview; the two tests edit different posts, in any order.
let preview: PreviewProcess;
test.beforeAll(async () => {
  preview = await startPreviewProcess();
});
test.afterAll(() => preview?.stop());

const FAQ = 'faqs/05-sustainability.yaml';
const problemReports = () => preview.log().split('content problem').length - 1;
const rebuilds = () => preview.log().split(/✓ \d+ pages? rebuilt/).length - 1;

/** Saves a change and waits until the preview has reported the content still broken. */
async function whileBroken(change: () => void): Promise<void> {
  const seen = problemReports();
  change();
  await expect.poll(problemReports, { timeout: 10_000 }).toBeGreaterThan(seen);
}

/** Fixes the FAQ broken by `breakFaq` and waits for the rebuild that follows. */
async function fixFaq(): Promise<void> {
  const seen = rebuilds();
  preview.box.edit(FAQ, /^order: fifteen$/m, 'order: 5');
  await expect.poll(rebuilds, { timeout: 10_000 }).toBeGreaterThan(seen);
}

/** The page's HTML as the preview serves it now. */
async function html(request: APIRequestContext, path: string): Promise<string> {
  return (await request.get(`${preview.base}${path}`)).text();
}

const breakFaq = () => whileBroken(() => preview.box.edit(FAQ, /^order: .*$/m, 'order: fifteen'));

test('a post retitled while a FAQ was broken shows its new title on /blogs and the article once the FAQ is fixed', async ({ page, request }) => {
  const title = 'Winter-proofing a Canadian fleet, step by step';
  await breakFaq();
  await whileBroken(() => preview.box.edit('blog/preparing-fleet-for-canadian-winter.md', /^title: .*$/m, `title: "${title}"`));
  await fixFaq();
  expect((await html(request, '/blogs')).includes(title), '/blogs shows the new title').toBe(true);
  expect((await html(request, '/')).includes(title), '/ shows the new title').toBe(true);
  await page.goto(`${preview.base}/blog-details/10`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('a post deleted while another file was broken leaves / and /blogs once that file is fixed', async ({ request }) => {
  const gone = 'AI in Fleet Management: What It Really Does Today';
  expect((await html(request, '/blogs')).includes(gone), '/blogs lists the post before').toBe(true);
  await breakFaq();
  await whileBroken(() => rmSync(join(preview.box.content, 'blog/ai-in-fleet-management-today.md')));
  await fixFaq();
  expect((await request.get(`${preview.base}/blog-details/7`)).status()).toBe(404);
  const blogs = await html(request, '/blogs');
  expect(blogs.includes(gone), '/blogs still lists the deleted post').toBe(false);
  expect(blogs.includes('/blog-details/7"'), '/blogs still links the deleted post').toBe(false);
  expect((await html(request, '/')).includes('/blog-details/7"'), '/ still links the deleted post').toBe(false);
});

test('an open article whose file is deleted reloads onto the 404 page', async ({ page }) => {
  await page.goto(`${preview.base}/blog-details/5`);
  const marker = await page.evaluate(() => ((window as any).__marker = Math.random()));
  rmSync(join(preview.box.content, 'blog/fuel-card-spend-and-fleet-data.md'));
  await expect(page).toHaveTitle(/Page not found/, { timeout: 10_000 });
  await expect(page.locator('html')).toHaveAttribute('data-path', '/404');
  expect(await page.evaluate(() => (window as any).__marker)).not.toBe(marker);
});
