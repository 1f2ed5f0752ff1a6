// What the slider tests share: an island hydrated in view, and how many slides a carousel shows whole.
import type { Page, Locator } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Slides whose box lies fully inside their carousel's box. */
export async function visibleSlides(slider: Locator): Promise<number> {
  return slider.locator('.swiper').evaluate((swiper) => {
    const box = swiper.getBoundingClientRect();
    return [...swiper.querySelectorAll('.swiper-slide')].filter((s) => {
      const r = s.getBoundingClientRect();
      return r.left >= box.left - 1 && r.right <= box.right + 1 && r.width > 0;
    }).length;
  });
}

/** The first island `name` on the page, scrolled into view and hydrated. */
export async function hydrated(page: Page, name: string): Promise<Locator> {
  const island = page.locator(`[data-island="${name}"]`).first();
  await island.scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute('data-hydrated', '');
  return island;
}
