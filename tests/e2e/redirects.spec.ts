// URLs that never break, as a visitor meets them: a post deleted and redirected in
// content/redirects.yaml, its French page gone for good, and a solution past its expiresAt,
// built by `site build` and served by a real `site serve` process, in Chromium.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import { root, sandbox, type Sandbox } from '../helpers.ts';

const node = join(root, 'node_modules/.bin/node');
let box: Sandbox;
let server: ChildProcess | undefined;
let base = '';
let id = '';

test.beforeAll(async () => {
  box = sandbox();
  const post = 'blog/eld-compliance-checklist-for-carriers.md';
  id = /^id: (\d+)$/m.exec(box.read(post))![1]!;
  rmSync(join(box.content, post));
  rmSync(join(box.content, 'fr', post), { force: true });
  box.write('redirects.yaml', `redirects:\n  - from: /blog-details/${id}\n    to: /blog-details/2\n  - from: /fr/blog-details/${id}\n    gone: true\n`);
  // The weight-monitoring solution came down yesterday: its page answers 410 on its own.
  box.edit('solutions/weight-monitoring.yaml', /^order: (\d+)$/m, 'order: $1\nexpiresAt: 2020-01-01');
  for (const nav of ['navigation.yaml', 'fr/navigation.yaml']) box.edit(nav, /\n\s*- \{[^}]*href: \/solutions\/weight-monitoring[^}]*\}/, '');
  // The French menu was brought up to date with the English one.
  const stamped = spawnSync(node, [join(root, 'bin/site.js'), '--content', box.content, 'translate', 'stamp', join(box.content, 'fr/navigation.yaml')], { encoding: 'utf8' });
  expect(stamped.status, stamped.stderr).toBe(0);
  const built = spawnSync(node, [join(root, 'bin/site.js'), '--content', box.content, 'build', '--strict', '--no-cache', '--out', join(box.dir, 'dist')], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  expect(built.status, built.stderr).toBe(0);
  let log = '';
  server = spawn(node, [join(root, 'bin/site.js'), 'serve', '--dir', join(box.dir, 'dist'), '--port', '0'], { env: { ...process.env, NO_COLOR: '1' } });
  server.stdout!.on('data', (d) => (log += d));
  server.stderr!.on('data', (d) => (log += d));
  await expect.poll(() => /at (http:\/\/127\.0\.0\.1:\d+)/.exec(log)?.[1] ?? '', { timeout: 30_000 }).not.toBe('');
  base = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(log)![1]!;
});

test.afterAll(() => {
  server?.kill();
  box?.remove();
});

test('an old link to a deleted post lands on the page content/redirects.yaml names, its query kept', async ({ page }) => {
  const response = await page.goto(`${base}/blog-details/${id}?utm_source=newsletter`);
  expect(response!.status()).toBe(200);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/blog-details/2?utm_source=newsletter');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(response!.request().redirectedFrom()?.url()).toBe(`${base}/blog-details/${id}?utm_source=newsletter`);
});

test('a French page gone for good answers 410 with a page in French that leads back to the site', async ({ page }) => {
  const response = await page.goto(`${base}/fr/blog-details/${id}`);
  expect(response!.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1, name: 'Cette page a été retirée' })).toBeVisible();
  expect(await page.locator('html').getAttribute('lang')).toBe('fr-CA');
  await page.getByRole('link', { name: 'Aller à l’accueil' }).click();
  await expect(page).toHaveURL(`${base}/fr`);
});

test('a solution past its expiresAt is gone from the solutions page and its URL answers 410', async ({ page }) => {
  const gone = await page.goto(`${base}/solutions/weight-monitoring`);
  expect(gone!.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1, name: 'This page has been removed' })).toBeVisible();
  await page.goto(`${base}/solutions`);
  await expect(page.locator('a[href="/solutions/weight-monitoring"]')).toHaveCount(0);
});
