// Shared e2e fixtures: every test fails on a console error or an uncaught page error
// (hydration mismatches arrive as console errors through onRecoverableError), and knows
// the site's routes and navigation from the build manifest and content/.
import { test as base, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export interface ManifestRoute { path: string; file: string; status: number; title: string; islands: string[] }

export const manifest = () => JSON.parse(readFileSync(`.site/e2e-${process.env.E2E_PORT ?? 4399}/.site-build.json`, 'utf8')) as { routes: ManifestRoute[] };
export const navigation = parse(readFileSync('content/navigation.yaml', 'utf8'));
export const site = parse(readFileSync('content/site.yaml', 'utf8'));

export const test = base.extend<{ consoleErrors: string[]; expectedStatuses: number[] }>({
  /** Statuses a spec's page is answered with on purpose (the studio's 409 for a conflict, 422 for a refused photo). */
  expectedStatuses: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedStatuses }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        // The 404 document itself is served with status 404 on purpose, and a retired page's with 410.
        if (/Failed to load resource: the server responded with a status of (404 \(Not Found\)|410 \(Gone\))/.test(msg.text())) return;
        const status = /Failed to load resource: the server responded with a status of (\d+)/.exec(msg.text())?.[1];
        if (status && expectedStatuses.includes(Number(status))) return;
        errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function headerBackground(page: Page): Promise<string> {
  return page.locator('[data-header]').evaluate((el) => getComputedStyle(el).backgroundColor);
}
