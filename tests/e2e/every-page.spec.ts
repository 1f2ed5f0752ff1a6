// Every route of both languages, loaded twice: once at 1280 px and once at 375 px. Each load
// carries every check of a whole page, so no check costs a page load of its own:
// - its status, its title ("<brand> | <title>"), one h1 and its language (en-CA or fr-CA);
// - no request leaves the site, and a page without islands loads no script but the shell's;
// - axe's WCAG 2.1 AA rules, no violation rated serious or critical (axe.ts);
// - on a French page: French text, no English interface string (english-ui.ts);
// - every word fits its column at the other widths we ship, the window narrowed from the load
//   (1024 and 768 px from 1280, 320 px from 375): long French words are the ones that run past a
//   hero's text column or a narrow card;
// - at 320 px, WCAG 2.1 1.4.10 (Reflow, AA): a 1,280 px screen zoomed to 400 % is a window
//   narrowed, not a new load; nothing scrolls sideways and nothing of the header is past the
//   screen's edge.
// Axe runs on every page at 1280 px but English posts after the first (posts share one template);
// at 375 px, where the layout changes but the words and names do not, on one English page of each
// template (the French pages share them, and their text is checked at 1280 px). Every page's
// words are measured at every width.
import type { Page } from '@playwright/test';
import { test, expect, manifest, site } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { expectFrenchPage } from './english-ui.ts';
import { offScreen, overflowingText } from './layout.ts';
import { pathLocale } from '../../generator/content/locales.ts';

const routes = manifest().routes.filter((r) => r.status === 200 || r.path.endsWith('/404'));
const isPost = (path: string) => /\/blog-details\//.test(path);
const firstPost = (path: string) => /\/blog-details\/1$/.test(path);

const isSolution = (path: string) => /\/solutions\/[^/]+$/.test(path);

/** Whether axe checks the route at this width. */
function axed(path: string, width: number): boolean {
  const french = pathLocale(path).locale === 'fr';
  if (width === 1280) return !isPost(path) || firstPost(path) || french;
  return !french && (isPost(path) ? firstPost(path) : !isSolution(path) || path === '/solutions/eld');
}

/** Lets the page answer a narrower window (media queries' change events, the islands' re-render) before it is measured. */
async function narrow(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

for (const [width, narrower] of [[1280, [1024, 768]], [375, [320]]] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const route of routes) {
      const french = pathLocale(route.path).locale === 'fr';
      const axe = axed(route.path, width);
      const checks = [axe && 'no serious axe violation', french && 'French', `words fit at ${narrower.join(' and ')} px`, width === 375 && 'reflow at 320 px'].filter(Boolean);
      test(`${route.path}: ${route.status}, ${checks.join(', ')}`, async ({ page }) => {
        const outside: string[] = [];
        const scripts: string[] = [];
        page.on('request', (r) => {
          if (!r.url().startsWith('http://127.0.0.1')) outside.push(r.url());
          else if (r.resourceType() === 'script' && !new URL(r.url()).pathname.startsWith('/_site/')) scripts.push(new URL(r.url()).pathname);
        });
        const response = await page.goto(route.path, { waitUntil: axe ? 'networkidle' : 'load' });
        expect(response?.status()).toBe(route.status);
        const title = `${site.brand} | ${route.title}`;
        if (french) await expectFrenchPage(page, title);
        else {
          await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
          await expect(page).toHaveTitle(title);
          await expect(page.locator('h1:visible')).toHaveCount(1);
        }
        expect(outside, 'requests that leave the site').toEqual([]);
        if (!route.islands.length) expect(scripts, 'scripts of a page without islands').toEqual([expect.stringMatching(/^\/assets\/js\/shell-[A-Z0-9]+\.js$/)]);
        if (axe) expect(await seriousViolations(page)).toEqual([]);
        const misfits: string[] = [];
        for (const to of narrower) {
          await narrow(page, to);
          misfits.push(...(await overflowingText(page)).map((f) => `${to} px: ${f}`));
          if (to === 320) misfits.push(...(await offScreen(page, '.site-header a, .site-header button')).map((f) => `${to} px: ${f}`));
        }
        expect(misfits).toEqual([]);
      });
    }
  });
}
