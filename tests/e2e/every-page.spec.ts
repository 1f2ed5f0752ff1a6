// Every route of both languages, loaded at 1280 px and then narrowed, as a visitor's window is;
// one English page of each template is loaded at 375 px as well, as a phone opens it. Each load
// carries every check of a whole page, so no check costs a page load of its own:
// - its status, its title ("<brand> | <title>"), one h1 and its language (en-CA or fr-CA);
// - no request leaves the site, and a page without islands loads no script but the shell's;
// - the banner and the footer are there unless navigation.yaml hides them on that page;
// - axe's WCAG 2.1 AA rules, no violation rated serious or critical (axe.ts);
// - on a French page: French text, no English interface string (english-ui.ts);
// - every word fits its column at the other widths we ship (1024, 768 and 320 px): long French
//   words are the ones that run past a hero's text column or a narrow card;
// - at 320 px, WCAG 2.1 1.4.10 (Reflow, AA): a 1,280 px screen zoomed to 400 % is a window
//   narrowed, not a new load; nothing scrolls sideways and nothing of the header is past the
//   screen's edge.
// Axe runs on every page at 1280 px but English posts after the first (posts share one template),
// and at 375 px on the pages loaded there: the layout changes with the width, the words and names
// do not (the French pages share the templates, and their text is checked at 1280 px).
import type { Page } from '@playwright/test';
import { test, expect, manifest, navigation, site } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { expectFrenchPage } from './english-ui.ts';
import { offScreen, overflowingText } from './layout.ts';
import { pathLocale } from '../../generator/content/locales.ts';

const routes = manifest().routes.filter((r) => r.status === 200 || r.path.endsWith('/404'));
const isPost = (path: string) => /\/blog-details\//.test(path);
const firstPost = (path: string) => /\/blog-details\/1$/.test(path);

const isSolution = (path: string) => /\/solutions\/[^/]+$/.test(path);

/** Whether axe checks the route at 1280 px. */
const axed = (path: string) => !isPost(path) || firstPost(path) || pathLocale(path).locale === 'fr';

/** The routes also loaded at 375 px: one English page of each template. */
const onPhone = (path: string) => pathLocale(path).locale === 'en' && (isPost(path) ? firstPost(path) : !isSolution(path) || path === '/solutions/eld');

/** Lets the page answer a narrower window (media queries' change events, the islands' re-render) before it is measured. */
async function narrow(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

for (const [width, narrower] of [[1280, [1024, 768, 320]], [375, [320]]] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const route of width === 1280 ? routes : routes.filter((r) => onPhone(r.path))) {
      const french = pathLocale(route.path).locale === 'fr';
      const axe = width === 375 || axed(route.path);
      const checks = [axe && 'no serious axe violation', french && 'French', `words fit at ${narrower.join(', ')} px`, 'reflow at 320 px'].filter(Boolean);
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
        const { path: unprefixed } = pathLocale(route.path);
        await expect(page.locator('.cta-banner'), 'the banner').toHaveCount((navigation.banner.hiddenOn as string[]).includes(unprefixed) ? 0 : 1);
        await expect(page.locator('.site-footer'), 'the footer').toHaveCount((navigation.footerHiddenOn as string[]).includes(unprefixed) ? 0 : 1);
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
