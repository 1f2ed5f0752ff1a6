// Layout checks run in the page: what is past the screen's edge, and text wider than its box.
import type { Page } from '@playwright/test';

/** What is past the screen's edge: the page itself when it scrolls sideways, and any shown element `selector` names (outside a visually hidden label). */
export function offScreen(page: Page, selector: string): Promise<string[]> {
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
export function overflowingText(page: Page): Promise<string[]> {
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
