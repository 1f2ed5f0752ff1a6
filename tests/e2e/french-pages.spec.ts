// The French site as a whole: every English route has its French version, and the check that a
// French page shows no English interface string (english-ui.ts says which strings and why) can
// find one. Each French page itself is checked by every-page.spec.ts, in the loads it makes anyway.
import { test, expect, manifest, navigation } from './fixtures.ts';
import { englishLeaks, frenchStrings, uiStringCount } from './english-ui.ts';
import { pathLocale } from '../../generator/content/locales.ts';

const french = manifest().routes.filter((r) => pathLocale(r.path).locale === 'fr');
const english = manifest().routes.filter((r) => pathLocale(r.path).locale === 'en');

test('every English route has its French version and no other French route exists', () => {
  expect(french.map((r) => pathLocale(r.path).path).sort()).toEqual(english.map((r) => r.path).sort());
  expect(uiStringCount()).toBeGreaterThan(100);
});

test('the English-string check finds a leaked string in text and in an accessible name, and skips the English switch', async ({ page }) => {
  await page.goto('/fr/faqs');
  const [skip, open] = [navigation.skipLink as string, navigation.mobile.open as string];
  await page.evaluate(([text, label]) => {
    document.querySelector('.skip-link')!.textContent = text!;
    document.querySelector('main')!.setAttribute('aria-label', label!);
  }, [skip, open]);
  const leaks = englishLeaks(await page.evaluate(frenchStrings));
  expect(leaks).toEqual([
    `${JSON.stringify(skip)} (content/navigation.yaml skipLink) in texts: ${JSON.stringify(skip)}`,
    `${JSON.stringify(open)} (content/navigation.yaml mobile.open) in attributes: ${JSON.stringify(open)}`,
  ]);
});
