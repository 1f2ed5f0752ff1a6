// Every route of both languages, loaded twice: once at 1280 px and once at 375 px. Each load
// carries every check of a whole page, so no check costs a page load of its own:
// - axe's WCAG 2.1 AA rules, no violation rated serious or critical (axe.ts);
// - on a French page: lang="fr-CA", its title, one h1, French text, no English interface string
//   (english-ui.ts);
// - every word fits its column at the other widths we ship, the window narrowed from the load
//   (1024 and 768 px from 1280, 320 px from 375): long French words are the ones that run past a
//   hero's text column or a narrow card;
// - at 320 px, WCAG 2.1 1.4.10 (Reflow, AA): a 1,280 px screen zoomed to 400 % is a window
//   narrowed, not a new load; nothing scrolls sideways and nothing of the header is past the
//   screen's edge.
// Posts share one template and their Markdown does not change with the width: axe checks every
// French post at 1280 px and one post otherwise; every post's words are measured at every width.
import type { Page } from '@playwright/test';
import { test, expect, manifest, site } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { expectFrenchPage } from './english-ui.ts';
import { offScreen, overflowingText } from './layout.ts';
import { pathLocale } from '../../generator/content/locales.ts';

const routes = manifest().routes.filter((r) => r.status === 200 || r.path.endsWith('/404'));
const isPost = (path: string) => /\/blog-details\//.test(path);
const firstPost = (path: string) => /\/blog-details\/1$/.test(path);

/** Whether axe checks the route at this width. */
const axed = (path: string, width: number) => !isPost(path) || firstPost(path) || (width === 1280 && pathLocale(path).locale === 'fr');

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
        const response = await page.goto(route.path, { waitUntil: axe ? 'networkidle' : 'load' });
        expect(response?.status()).toBe(route.status);
        if (french) await expectFrenchPage(page, `${site.brand} | ${route.title}`);
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
