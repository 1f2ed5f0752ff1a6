import type { Page } from '@playwright/test';
import { test, expect, manifest } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { pathLocale } from '../../generator/content/locales.ts';

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

/** What is past the screen's edge: the page itself when it scrolls sideways, and any shown element `selector` names (outside a visually hidden label). */
function offScreen(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > innerWidth) out.push(`page ${document.documentElement.scrollWidth} px wide`);
    for (const e of document.querySelectorAll<HTMLElement>(selector)) {
      const r = e.getBoundingClientRect();
      if (e.offsetParent && r.width && !e.closest('.visually-hidden') && (r.left < 0 || r.right > innerWidth)) out.push(`${e.className || e.tagName} at ${Math.round(r.left)}-${Math.round(r.right)} px`);
    }
    return out;
  }, selector);
}

/** Shown elements whose own text runs past their box (a word longer than its column), as "tag.class "text" needed>has px". */
function overflowingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    // Boxes that scroll or clip on purpose: the marquee's strip, code, tables, visually hidden labels.
    const exempt = '.marquee, pre, code, table, .visually-hidden, .cut-full, dialog:not([open])';
    for (const e of document.querySelectorAll<HTMLElement>('body *')) {
      if (!e.offsetParent || e.closest(exempt) || !e.clientWidth) continue;
      if (![...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())) continue;
      const style = getComputedStyle(e);
      if (style.display === 'inline' || style.textOverflow === 'ellipsis') continue;
      const name = `${e.tagName.toLowerCase()}.${e.className} "${e.textContent!.trim().slice(0, 40)}"`;
      if (e.scrollWidth > e.clientWidth + 1) out.push(`${name} ${e.scrollWidth}>${e.clientWidth} px`);
      // A grid or flex column may instead grow to its longest word and push the box past the
      // page's column (the hero's one column at 320 px did): measure against the container too.
      const container = e.closest('.container');
      if (!container || e.closest('.swiper, .table-scroll')) continue;
      const right = container.getBoundingClientRect().right - parseFloat(getComputedStyle(container).paddingRight);
      const overshoot = Math.round(e.getBoundingClientRect().right - right);
      if (overshoot > 1) out.push(`${name} ${overshoot} px past the page's column`);
    }
    return out;
  });
}

// Every word fits its column at the sizes we ship, in both languages: at 768 px the French ELD
// heading's « automatiquement » ran 56 px past the hero's text column into its image, and at
// 1,024 px four-card rows left card titles 152 px (« communication », « d'immobilisation »).
// At 320 px the same load checks WCAG 2.1 1.4.10 (Reflow, AA): at 320 CSS px (a 1,280 px screen
// zoomed to 400%, or a small phone) nothing scrolls sideways and nothing of the header is past
// the screen's edge (its menu button had been pushed out, and the French partner form was 6 px
// too wide).
test.describe('words fit their column', () => {
  const all = manifest().routes.filter((r) => r.status === 200 || r.path === '/404');
  for (const width of [320, 768, 1024]) {
    for (const locale of ['en', 'fr'] as const) {
      const reflow = width === 320;
      test(`every ${locale} page at ${width} px${reflow ? ": no sideways scroll, the header's links and buttons on screen" : ''}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        const misfits: string[] = [];
        for (const { path } of all.filter((r) => pathLocale(r.path).locale === locale)) {
          await page.goto(path);
          misfits.push(...(await overflowingText(page)).map((f) => `${path}: ${f}`));
          if (reflow) misfits.push(...(await offScreen(page, '.site-header a, .site-header button')).map((f) => `${path}: ${f}`));
        }
        expect(misfits).toEqual([]);
      });
    }
  }
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
