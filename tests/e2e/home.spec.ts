// Home, solutions index and solution pages: sliders, showcase, marquee, counters, motion.
import type { Page, Locator } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { hydrated, visibleSlides } from './sliders.ts';

/**
 * Fake time that moves only when the test moves it: `clock.install()` alone lets fake time flow
 * with real time, so on a busy machine timers fired between the test's steps.
 */
async function pauseClock(page: Page): Promise<void> {
  const start = new Date('2026-01-05T09:00:00Z').getTime();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
}

/**
 * Waits until the work the page has already queued is done: React renders in MessageChannel
 * tasks, which the fake clock does not hold, so after this the DOM shows what the timers did.
 */
const settled = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => {
  const channel = new MessageChannel();
  let rounds = 2;
  channel.port1.onmessage = () => (--rounds ? channel.port2.postMessage(0) : resolve());
  channel.port2.postMessage(0);
}));

const realIndex = (slider: Locator) => slider.locator('.swiper').evaluate((el) => (el as unknown as { swiper: { realIndex: number } }).swiper.realIndex);

test.describe('home', () => {
  test('hero: heading, both buttons, and the image placeholder ends once the image loads', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Embrace The Powerful Edges Of Fleet Management');
    await expect(page.locator('.hero').getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/get-started');
    await expect(page.locator('.hero').getByRole('link', { name: 'Request Demo' })).toHaveAttribute('href', '/contact-us');
    await expect(page.locator('.hero__media')).toHaveAttribute('data-loaded', '');
  });

  test('the industries marquee loops every 13 s, pauses on its button and on hover', async ({ page }) => {
    await page.goto('/');
    const marquee = await hydrated(page, 'IndustryMarquee');
    const track = marquee.locator('.marquee__track');
    await expect(marquee.locator('.marquee')).toHaveAttribute('data-running');
    expect(await track.evaluate((el) => [getComputedStyle(el).animationName, getComputedStyle(el).animationDuration])).toEqual(['marquee', '13s']);
    await expect(marquee.locator('ul[aria-hidden="true"]')).toHaveCount(1);
    await marquee.getByRole('button', { name: 'Pause scrolling' }).click();
    await expect(marquee.locator('.marquee')).not.toHaveAttribute('data-running');
    await marquee.getByRole('button', { name: 'Resume scrolling' }).click();
    await page.mouse.move(0, 0);
    await expect(marquee.locator('.marquee')).toHaveAttribute('data-running');
    await marquee.locator('.marquee__viewport').hover();
    await expect(marquee.locator('.marquee')).not.toHaveAttribute('data-running');
  });

  test('the marquee loops evenly: where the copy of its list follows the list, chips are as far apart as elsewhere', async ({ page }) => {
    await page.goto('/');
    const marquee = await hydrated(page, 'IndustryMarquee');
    await marquee.getByRole('button', { name: 'Pause scrolling' }).click();
    const gaps = await marquee.locator('.marquee__track').evaluate((track) => {
      const [list, copy] = [...track.querySelectorAll('.marquee__list')].map((l) => [...l.children].map((c) => c.getBoundingClientRect()));
      return { between: Math.round(list![1]!.left - list![0]!.right), seam: Math.round(copy![0]!.left - list!.at(-1)!.right) };
    });
    expect(gaps.between).toBeGreaterThan(0);
    expect(gaps.seam).toBe(gaps.between);
  });

  test('the fleet showcase steps once at 1 s per item, then every 2 s', async ({ page }) => {
    await pauseClock(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const showcase = await hydrated(page, 'FleetShowcase');
    await page.mouse.move(0, 0);
    // Autoplay is on, so its first timer is set (in the commit that shows data-running).
    await expect(showcase.locator('.showcase')).toHaveAttribute('data-running');
    const tabs = showcase.getByRole('tab');
    const count = await tabs.count();
    const selected = () => tabs.evaluateAll((els) => els.findIndex((e) => e.getAttribute('aria-selected') === 'true'));
    /** Nothing moves for `ms` - 1 ms; at `ms` the next item is selected. */
    const stepsAt = async (ms: number, from: number, to: number) => {
      await page.clock.runFor(ms - 1);
      await settled(page);
      expect(await selected()).toBe(from);
      await page.clock.runFor(1);
      await expect.poll(selected).toBe(to);
    };
    expect(await selected()).toBe(0);
    for (let i = 1; i < count; i++) await stepsAt(1000, i - 1, i);
    await stepsAt(2000, count - 1, 0);
    await stepsAt(2000, 0, 1);
  });

  test('on a phone the showcase moves with previous/next, wrapping around', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const showcase = await hydrated(page, 'FleetShowcase');
    const counter = showcase.locator('.showcase__counter');
    await expect(counter).toHaveText('1/5');
    await showcase.getByRole('button', { name: 'Previous' }).click();
    await expect(counter).toHaveText('5/5');
    await showcase.getByRole('button', { name: 'Next' }).click();
    await expect(counter).toHaveText('1/5');
  });

  for (const [width, industries, news, testimonials] of [[375, 1, 1, 1], [800, 2, 3, 2], [1280, 4, 3, 2]] as const) {
    test(`sliders show ${industries}/${news}/${testimonials} slides at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      expect(await visibleSlides(await hydrated(page, 'IndustrySlider'))).toBe(industries);
      expect(await visibleSlides(await hydrated(page, 'NewsSlider'))).toBe(news);
      expect(await visibleSlides(await hydrated(page, 'TestimonialSlider'))).toBe(testimonials);
    });
  }

  test('the industries slider advances every 3 s, loops, and stops with its pause button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const slider = await hydrated(page, 'IndustrySlider');
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const first = await realIndex(slider);
    await expect.poll(() => realIndex(slider), { timeout: 4500, intervals: [250] }).not.toBe(first);
    await slider.getByRole('button', { name: 'Previous' }).click();
    await slider.getByRole('button', { name: 'Pause' }).click();
    await page.mouse.move(0, 0);
    const paused = await realIndex(slider);
    await page.waitForTimeout(3600);
    expect(await realIndex(slider)).toBe(paused);
    await expect(slider.getByRole('button', { name: 'Play' })).toBeVisible();
  });

  test('keyboard focus inside the industries slider pauses it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const slider = await hydrated(page, 'IndustrySlider');
    await page.mouse.move(0, 0);
    await slider.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    const index = await realIndex(slider);
    await page.waitForTimeout(3600);
    expect(await realIndex(slider)).toBe(index);
  });

  test('benefits: Load more adds 6, Load less resets; on a phone one card with wrap-around', async ({ page }) => {
    await page.goto('/');
    const benefits = await hydrated(page, 'BenefitsGrid');
    await expect(benefits.locator('li:visible')).toHaveCount(6);
    await benefits.getByRole('button', { name: 'Load more' }).click();
    await expect(benefits.locator('li:visible')).toHaveCount(12);
    await benefits.getByRole('button', { name: 'Load less' }).click();
    await expect(benefits.locator('li:visible')).toHaveCount(6);
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(benefits.locator('li:visible')).toHaveCount(1);
    await expect(benefits.getByRole('button', { name: 'Load more' })).toBeHidden();
    const first = await benefits.locator('li:visible h3').textContent();
    await benefits.getByRole('button', { name: 'Previous' }).click();
    await expect(benefits.locator('.benefits__counter')).toHaveText('12/12');
    await benefits.getByRole('button', { name: 'Next' }).click();
    await expect(benefits.locator('li:visible h3')).toHaveText(first!);
  });

  test('testimonials show five accessible stars', async ({ page }) => {
    await page.goto('/');
    const slider = await hydrated(page, 'TestimonialSlider');
    await expect(slider.getByRole('img', { name: 'Rated 5 out of 5' }).first()).toBeVisible();
  });
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' } as never);

  test('nothing moves: no marquee animation, no autoplay, counters show their figures', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const marquee = await hydrated(page, 'IndustryMarquee');
    expect(await marquee.locator('.marquee__track').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await expect(marquee.getByRole('button', { name: 'Pause scrolling' })).toBeHidden();
    const slider = await hydrated(page, 'IndustrySlider');
    await expect(slider.getByRole('button', { name: 'Pause' })).toBeHidden();
    await expect(slider.getByRole('button', { name: 'Next' })).toBeVisible();
    const first = await realIndex(slider);
    await page.waitForTimeout(3500);
    expect(await realIndex(slider)).toBe(first);
    await page.goto('/solutions/eld');
    const counters = await hydrated(page, 'Counters');
    await expect(counters.locator('dd').first()).toHaveText('30%');
  });
});

test.describe('solutions', () => {
  test('the index is a grid on wide screens', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/solutions');
    const cards = (await hydrated(page, 'CardCarousel')).locator('li');
    await expect(cards.filter({ visible: true })).toHaveCount(7);
    await expect(cards.first().getByRole('link', { name: /More Details/ })).toHaveAttribute('href', /^\/solutions\//);
  });

  test('on a phone the index is a carousel with an n/total counter that wraps', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/solutions');
    const island = await hydrated(page, 'CardCarousel');
    await expect(island.locator('li:visible')).toHaveCount(1);
    const counter = island.locator('.card-carousel__counter');
    await expect(counter).toHaveText('1/7');
    await island.getByRole('button', { name: 'Previous' }).click();
    await expect(counter).toHaveText('7/7');
    await island.getByRole('button', { name: 'Next' }).click();
    await expect(counter).toHaveText('1/7');
    await island.getByRole('button', { name: 'Next' }).click();
    await expect(counter).toHaveText('2/7');
  });

  test('counters show 0 until scrolled into view, then reach their targets in about 2 s, once', async ({ page }) => {
    await pauseClock(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/solutions/eld');
    const island = page.locator('[data-island="Counters"]');
    // It hydrates once within 300 px of the viewport: scrolled to 150 px below the screen's
    // bottom edge, it is live but not yet seen.
    await island.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - innerHeight - 150));
    await expect.poll(async () => {
      await page.clock.runFor(50);
      return island.getAttribute('data-hydrated');
    }).toBe('');
    const values = island.locator('dd');
    await expect(values).toHaveText(['0%', '0%', '0%']);
    await island.scrollIntoViewIfNeeded();
    // The count has started (its first frame is requested in the commit that shows data-counting).
    await expect(island.locator('dl')).toHaveAttribute('data-counting');
    await page.clock.runFor(700);
    await settled(page);
    const mid = Number((await values.first().textContent())!.replace('%', ''));
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(30);
    await page.clock.runFor(1400);
    await expect(values).toHaveText(['30%', '15%', '30%']);
    await expect(island.locator('dl')).not.toHaveAttribute('data-counting');
    await page.evaluate(() => window.scrollTo(0, 0));
    await island.scrollIntoViewIfNeeded();
    await settled(page);
    await expect(island.locator('dl')).not.toHaveAttribute('data-counting');
    await expect(values).toHaveText(['30%', '15%', '30%']);
  });

  test('number counters have no percent sign', async ({ page }) => {
    await page.goto('/solutions/vehicle-tracking');
    const island = await hydrated(page, 'Counters');
    await expect(island.locator('dd')).toHaveText(['30', '25', '20', '99'], { timeout: 4000 });
  });

  test('solution testimonials carry accessible star ratings', async ({ page }) => {
    await page.goto('/solutions/adas');
    await expect(page.getByRole('img', { name: /^Rated [1-5] out of 5$/ }).first()).toBeVisible();
  });
});
