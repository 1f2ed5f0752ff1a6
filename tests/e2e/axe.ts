// The accessibility bar every page must clear, shared by the English and French passes: axe's
// WCAG 2.1 A and AA rules, and no violation rated serious or critical.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious and critical axe violations on the page as loaded, one line each (rule, help, first
 * targets); `exclude` leaves out what a selector names (the admin's framed site pages).
 */
export async function seriousViolations(page: Page, { exclude }: { exclude?: string } = {}): Promise<string[]> {
  // Contrast is measured as painted: text still fading in (the hero's entrance, a revealed
  // section) is part-transparent for a moment. Axe checks what a visitor reads, the page once its
  // finite animations and transitions have ended: they are brought to their end at once (what
  // waiting for them gives, without the wait). Endless ones (the marquee) run on.
  await page.evaluate(() => {
    for (const a of document.getAnimations()) {
      if (a.effect?.getComputedTiming().iterations === Infinity) continue;
      try {
        a.finish();
      } catch {
        // An animation with no end (paused at rate 0) is left as it is.
      }
    }
  });
  // Legacy mode runs axe.run in the page itself. The default also descends into cross-origin
  // frames, which these pages do not have, by merging each frame's results in a blank page it
  // opens for the purpose: two thirds of an analysis's time.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (exclude) builder = builder.exclude(exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}
