// Every French route, once per width: one page load checks its status, lang="fr-CA",
// title and single h1, that it reads as French and shows no English interface string
// (english-ui.ts says which strings and why), and axe's WCAG 2.1 AA rules (the English
// pages' bar, a11y.spec.ts). One load per route and width: the checks other than axe cost no
// page load of their own.
import { test, expect, manifest, navigation, site } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { englishUiStrings, frenchStrings, wholeWord, type PageStrings } from './english-ui.ts';
import { pathLocale } from '../../generator/content/locales.ts';

const french = manifest().routes.filter((r) => pathLocale(r.path).locale === 'fr');
const english = manifest().routes.filter((r) => pathLocale(r.path).locale === 'en');
const uiStrings = englishUiStrings().map((s) => ({ ...s, pattern: wholeWord(s.text) }));

/** Each English UI string found on the page, with where it was found and where it comes from. */
function englishLeaks(found: PageStrings): string[] {
  const leaks: string[] = [];
  for (const [where, strings] of Object.entries(found)) {
    for (const value of strings as string[]) {
      for (const { text, from, pattern } of uiStrings) if (pattern.test(value)) leaks.push(`${JSON.stringify(text)} (${from}) in ${where}: ${JSON.stringify(value.slice(0, 120))}`);
    }
  }
  return leaks;
}

// Words that say which language a text is in. A French page can quote an English name, so the
// test asks for French words to far outnumber English ones, not for none.
const FRENCH_WORDS = /(?<![\p{L}'’])(?:le|la|les|des|du|de|et|une?|pour|vous|votre|vos|nous|notre|nos|dans|sur|avec|est|sont|pas|aux?|qui|que)(?![\p{L}])/giu;
const ENGLISH_WORDS = /(?<![\p{L}'’])(?:the|and|of|to|your|you|with|for|is|are|our|we|this|that)(?![\p{L}])/giu;

test('every English route has its French version and no other French route exists', () => {
  expect(french.map((r) => pathLocale(r.path).path).sort()).toEqual(english.map((r) => r.path).sort());
  expect(uiStrings.length).toBeGreaterThan(100);
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

// Posts share one template and their Markdown does not change with the width: every post is
// checked at 1280 px, one at 375 px (as the English axe pass checks one post at both widths).
const isPost = (path: string) => path.startsWith('/fr/blog-details/');
const atWidth = (width: number) => (width === 1280 ? french : french.filter((r) => !isPost(r.path) || r.path === '/fr/blog-details/1'));

for (const width of [375, 1280]) {
  test.describe(`French pages at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const route of atWidth(width)) {
      test(`${route.path}: ${route.status}, lang="fr-CA", French text, no English UI string, no serious axe violation`, async ({ page }) => {
        const response = await page.goto(route.path, { waitUntil: 'networkidle' });
        expect(response?.status()).toBe(route.status);
        await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
        await expect(page).toHaveTitle(`${site.brand} | ${route.title}`);
        await expect(page.locator('h1:visible')).toHaveCount(1);
        const found = await page.evaluate(frenchStrings);
        expect(englishLeaks(found)).toEqual([]);
        const text = found.texts.join('\n');
        const fr = text.match(FRENCH_WORDS)?.length ?? 0;
        const en = text.match(ENGLISH_WORDS) ?? [];
        expect(fr, 'French words on the page').toBeGreaterThan(20);
        expect(en.length, `English words: ${en.join(' ')}`).toBeLessThan(fr / 20);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
