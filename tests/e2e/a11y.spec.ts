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
