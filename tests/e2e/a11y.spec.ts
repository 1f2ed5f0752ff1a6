// The bars every page's pass (every-page.spec.ts) does not cover: that the axe check can fail at
// all, and text spacing a reader may enlarge (WCAG 2.1 1.4.12).
import { test, expect } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { offScreen } from './layout.ts';

test('the axe check reports what it should: text too faint to read and a picture with no text', async ({ page }) => {
  const picture = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"/>');
  await page.setContent(`<!doctype html><html lang="en"><title>Check</title><main><h1>Check</h1><p style="color:#ddd;background:#fff">Barely there</p><img src="${picture}" width="20" height="20"></main></html>`);
  expect((await seriousViolations(page)).map((v) => v.split(':')[0])).toEqual(['color-contrast', 'image-alt']);
});

// WCAG 2.1 1.4.12 (Text Spacing, AA): with the spacing a reader may set (line height 1.5,
// paragraphs 2 em apart, letters 0.12 em, words 0.16 em), nothing is lost past the screen's edge.
// Buttons and menu triggers wrap rather than run on one line, and the strip's e-mail address
// ends in an ellipsis where it cannot fit (the link stays whole); a heading's word longer than
// the screen (« automatiquement » at 375 px) breaks.
test.describe('enlarged text spacing', () => {
  const spacing = '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';
  for (const [width, path] of [[375, '/fr/partnership'], [375, '/faqs'], [375, '/fr/faqs'], [375, '/fr/solutions/eld'], [1280, '/fr/faqs'], [1280, '/']] as const) {
    test(`${path} at ${width} px: no sideways scroll, the header's links and buttons on screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await page.addStyleTag({ content: spacing });
      expect(await offScreen(page, '.site-header a, .site-header button, .site-header a > span')).toEqual([]);
    });
  }
});
