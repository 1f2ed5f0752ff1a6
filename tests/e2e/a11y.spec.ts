import { test, expect, manifest } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { pathLocale } from '../../generator/locales.ts';

// English pages; the French ones are checked by french-pages.spec.ts in the same page load as their other checks.
const paths = manifest().routes.filter((r) => pathLocale(r.path).locale === 'en' && !r.path.startsWith('/blog-details/')).map((r) => r.path).concat(['/blog-details/1']);

for (const width of [375, 1280]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of paths) {
      test(`${path} has no serious or critical violations`, async ({ page }) => {
        await page.goto(path, { waitUntil: 'networkidle' });
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

// WCAG 2.1 1.4.10 (Reflow, AA): at 320 CSS px (a 1,280 px screen zoomed to 400%, or a small
// phone) nothing scrolls sideways and nothing of the header is past the screen's edge: its menu
// button had been pushed out (2 px of it showed), and the French partner form was 6 px too wide.
test.describe('reflow at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });
  const all = manifest().routes.filter((r) => r.status === 200 || r.path === '/404');
  for (const locale of ['en', 'fr'] as const) {
    test(`every ${locale} page fits 320 px: no sideways scroll, the header's links and buttons on screen`, async ({ page }) => {
      const misfits: string[] = [];
      for (const { path } of all.filter((r) => pathLocale(r.path).locale === locale)) {
        await page.goto(path);
        const found = await page.evaluate(() => {
          const out: string[] = [];
          if (document.documentElement.scrollWidth > innerWidth) out.push(`page ${document.documentElement.scrollWidth} px wide`);
          for (const e of document.querySelectorAll<HTMLElement>('.site-header a, .site-header button')) {
            const r = e.getBoundingClientRect();
            if (e.offsetParent && r.width && (r.left < 0 || r.right > innerWidth)) out.push(`${e.className || e.tagName} at ${Math.round(r.left)}-${Math.round(r.right)} px`);
          }
          return out;
        });
        misfits.push(...found.map((f) => `${path}: ${f}`));
      }
      expect(misfits).toEqual([]);
    });
  }
});
