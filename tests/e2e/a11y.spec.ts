import AxeBuilder from '@axe-core/playwright';
import { test, expect, manifest } from './fixtures.ts';

const paths = manifest().routes.filter((r) => !r.path.startsWith('/blog-details/')).map((r) => r.path).concat(['/blog-details/1']);

for (const width of [375, 1280]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of paths) {
      test(`${path} has no serious or critical violations`, async ({ page }) => {
        await page.goto(path, { waitUntil: 'networkidle' });
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
        expect(serious).toEqual([]);
      });
    }
  });
}
