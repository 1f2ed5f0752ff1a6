import { test, expect, navigation, site, headerBackground } from './fixtures.ts';

const WHITE = 'rgb(255, 255, 255)';
const TRANSPARENT = 'rgba(0, 0, 0, 0)';

test.describe('navbar', () => {
  test('is transparent at scroll 0 and white once scrolled', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => headerBackground(page)).toBe(TRANSPARENT);
    await page.mouse.wheel(0, 400);
    await expect.poll(() => headerBackground(page)).toBe(WHITE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => headerBackground(page)).toBe(TRANSPARENT);
  });

  test('the info strip links the phone and e-mail from site.yaml; the logo is painted without a request of its own', async ({ page }) => {
    const images: string[] = [];
    page.on('request', (r) => r.resourceType() === 'image' && images.push(new URL(r.url()).pathname));
    await page.goto('/faqs');
    // The header's logo is in the page (a data: URI): often the largest thing on the first paint,
    // it would otherwise wait for a request after the HTML (LCP).
    const logo = page.locator('.navbar > a.brand img');
    await expect(logo).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(images.filter((path) => /^\/assets\/img\/brand\/logo-[\w-]{10}\.svg$/.test(path))).toEqual([]);
    const strip = page.locator('.info-strip');
    await expect(strip.locator(`a[href="tel:${site.phone.tel}"]`)).toContainText(site.phone.display);
    await expect(strip.locator(`a[href="mailto:${site.email}"]`)).toContainText(site.email);
  });

  for (const menu of navigation.menus as { id: string; label: string; links: { label: string; href: string }[]; button?: { label: string; href: string }; promo: { href: string } }[]) {
    test(`the ${menu.label} mega-menu lists its entries with their targets`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/faqs');
      const trigger = page.getByRole('button', { name: menu.label, exact: true });
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      await trigger.click();
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      const panel = page.locator(`#menu-${menu.id}`);
      await expect(panel).toBeVisible();
      const links = panel.locator('.mega__links a');
      await expect(links).toHaveCount(menu.links.length);
      for (const [i, link] of menu.links.entries()) {
        await expect(links.nth(i)).toHaveText(link.label);
        await expect(links.nth(i)).toHaveAttribute('href', link.href);
      }
      if (menu.button) await expect(panel.getByRole('link', { name: menu.button.label })).toHaveAttribute('href', menu.button.href);
      await expect(panel.locator('.mega__promo')).toHaveAttribute('href', menu.promo.href);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    });
  }

  test('menus work by keyboard: Tab to a trigger, Enter opens, Tab into it, Escape closes and returns focus', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/faqs');
    const trigger = page.getByRole('button', { name: 'Solutions', exact: true });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#menu-solutions')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.locator('#menu-solutions a').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('#menu-solutions')).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('a menu entry navigates to its page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Company', exact: true }).click();
    await page.locator('#menu-company').getByRole('link', { name: 'Leadership' }).click();
    await expect(page).toHaveURL(/\/leadership$/);
  });

  test('direct links, Login and Get Started', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/faqs');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');
    await expect(nav.getByRole('link', { name: 'Customers' })).toHaveAttribute('href', '/coming-soon');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/coming-soon');
    await expect(nav.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/get-started');
  });

  test('on the home page the logo closes an open menu', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Resources', exact: true }).click();
    await expect(page.locator('#menu-resources')).toBeVisible();
    await page.locator('.navbar .brand').click();
    await expect(page.locator('#menu-resources')).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('mobile menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('Login and Get Started are hidden; the hamburger opens collapsible sections and closes', async ({ page }) => {
    await page.goto('/faqs');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Login' })).toBeHidden();
    await expect(nav.locator('.nav-menus')).toBeHidden();
    const hamburger = page.getByRole('button', { name: navigation.mobile.open });
    await hamburger.click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    const solutions = menu.locator('summary', { hasText: 'Solutions' });
    const eld = menu.getByRole('link', { name: 'ELD', exact: true });
    await expect(eld).toBeHidden();
    await solutions.click();
    await expect(eld).toBeVisible();
    await menu.locator('summary', { hasText: 'Company' }).click();
    await expect(eld).toBeHidden();
    await expect(menu.getByRole('link', { name: 'Leadership' })).toBeVisible();
    await menu.getByRole('button', { name: navigation.mobile.close }).click();
    await expect(menu).toBeHidden();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
  });

  for (const path of ['/faqs', '/fr/faqs']) {
    test(`${path} at 320 px: the menu button is on screen and opens the menu; the strip's links stay on one line`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await page.goto(path);
      const button = page.locator('.hamburger');
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      expect(box.width).toBeGreaterThanOrEqual(44);
      for (const link of await page.locator('.info-strip__link:visible').all()) expect((await link.boundingBox())!.height).toBeLessThanOrEqual(26);
      await button.click();
      await expect(page.locator('#mobile-menu')).toBeVisible();
    });
  }

  test('Escape closes the mobile menu and the page scrolls again', async ({ page }) => {
    await page.goto('/faqs');
    await page.getByRole('button', { name: navigation.mobile.open }).click();
    await expect(page.locator('html')).toHaveClass(/menu-open/);
    await page.keyboard.press('Escape');
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(page.locator('html')).not.toHaveClass(/menu-open/);
  });

  test('a link in the mobile menu navigates', async ({ page }) => {
    await page.goto('/faqs');
    await page.getByRole('button', { name: navigation.mobile.open }).click();
    await page.locator('#mobile-menu summary', { hasText: 'Resources' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL(/\/blogs$/);
  });
});

test.describe('navbar between phone and desktop widths', () => {
  /** Nothing in the navbar wraps onto a second line or runs past its edge. */
  async function navbarFits(page: import('@playwright/test').Page) {
    return page.evaluate(() => {
      const bar = document.querySelector('.navbar')!.getBoundingClientRect();
      const items = [...document.querySelectorAll<HTMLElement>('.navbar a, .navbar button')].filter((e) => e.offsetParent);
      return items.every((e) => {
        const r = e.getBoundingClientRect();
        return r.right <= bar.right + 0.5 && r.left >= bar.left - 0.5 && r.height <= 48;
      });
    });
  }

  // The widths of one layout share a load: the window is resized, as a visitor's is.
  test('768, 900 and 1023 px: the hamburger menu, as on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/faqs');
    for (const width of [768, 900, 1023]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.locator('.nav-menus'), `${width} px`).toBeHidden();
      await expect(page.getByRole('button', { name: navigation.mobile.open }), `${width} px`).toBeVisible();
      expect(await navbarFits(page), `${width} px`).toBe(true);
    }
    await page.getByRole('button', { name: navigation.mobile.open }).click();
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Get Started' })).toBeVisible();
  });

  for (const [path, widths] of [['/fr/faqs', [1024, 1440]], ['/faqs', [1280, 1920]]] as const) {
    test(`${widths.join(' and ')} px, ${path}: the menus follow the logo, Login and Get Started end where the strip above ends`, async ({ page }) => {
      await page.setViewportSize({ width: widths[0], height: 900 });
      await page.goto(path);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        const edges = await page.evaluate(() => {
          const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
          return { brand: box('.navbar .brand').right, menus: box('.nav-menus').left, actions: box('.nav-actions').right, strip: box('.info-strip__language').right };
        });
        expect(Math.abs(edges.actions - edges.strip), `${width} px`).toBeLessThanOrEqual(1);
        expect(edges.menus - edges.brand, `${width} px`).toBeGreaterThanOrEqual(32);
      }
    });
  }

  test('1024, 1100, 1199 and 1280 px: the full navbar on one line, nothing clipped', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto('/faqs');
    for (const width of [1024, 1100, 1199, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.locator('.nav-menus'), `${width} px`).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get Started' }), `${width} px`).toBeVisible();
      await expect(page.getByRole('button', { name: navigation.mobile.open }), `${width} px`).toBeHidden();
      expect(await navbarFits(page), `${width} px`).toBe(true);
    }
  });
});

// Which pages show the banner and the footer is checked on every page's load (every-page.spec.ts).
test.describe('footer and banner', () => {
  test('the footer has five columns, contact links, four social links in a new tab and the copyright', async ({ page }) => {
    await page.goto('/faqs');
    const footer = page.locator('.site-footer');
    await expect(footer.locator('.site-footer__heading')).toHaveText(['Solutions', 'Get Started', 'Company', 'Policies', 'Address']);
    await expect(footer.locator(`a[href="tel:${site.phone.tel}"]`)).toBeVisible();
    await expect(footer.locator(`a[href="mailto:${site.email}"]`)).toBeVisible();
    const social = footer.locator('.site-footer__social a');
    await expect(social).toHaveCount(4);
    for (let i = 0; i < 4; i++) {
      await expect(social.nth(i)).toHaveAttribute('target', '_blank');
      await expect(social.nth(i)).toHaveAttribute('rel', /noopener/);
      await expect(social.nth(i)).toHaveAttribute('href', site.social[i].url);
    }
    await expect(footer).toContainText(`© ${site.copyrightYear} ${site.legalName}`);
    await expect(footer.getByRole('link', { name: 'Team' })).toHaveAttribute('href', '/leadership');
    await expect(footer.getByRole('link', { name: 'Get Quote' })).toHaveAttribute('href', '/coming-soon');
  });

  test('content is at most 1536 px wide', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.goto('/faqs');
    const width = await page.locator('.site-footer .container').first().evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(1536);
  });
});

test.describe('simple pages', () => {
  test('/coming-soon and /Thanks say what the spec says', async ({ page }) => {
    await page.goto('/coming-soon');
    await expect(page.getByText('We are working on something amazing. Stay Tuned!')).toBeVisible();
    await page.goto('/Thanks');
    await expect(page.getByText('Our sales team is excited to talk with you. We will be reaching out within one business day with more information.')).toBeVisible();
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/faqs');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: navigation.skipLink })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
});

// Sections below the fold fade in when scrolled to (spec: once, 1000 ms); those on the first
// screen are never hidden. Where a section starts comes from the IntersectionObserver's first
// report, so the shell script forces no layout of its own (#20: it was most of a page's
// blocking time in Lighthouse).
test.describe('scroll reveal', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('first-screen sections stay visible, a lower one is hidden until it scrolls into view, then fades in once', async ({ page }) => {
    await page.goto('/contact-us');
    const sections = page.locator('main .section > .container');
    await expect.poll(() => page.locator('main .reveal-pending').count()).toBeGreaterThan(0);
    const states = await sections.evaluateAll((els) => els.map((el) => ({ top: el.getBoundingClientRect().top, pending: el.classList.contains('reveal-pending') })));
    for (const s of states) expect(s.pending, `a section at ${Math.round(s.top)} px`).toBe(s.top > 812);
    const lower = page.locator('main .reveal-pending').first();
    const handle = await lower.elementHandle();
    await lower.scrollIntoViewIfNeeded();
    await expect.poll(() => handle!.evaluate((el) => el.className)).toContain('reveal-done');
    expect(await handle!.evaluate((el) => el.classList.contains('reveal-pending'))).toBe(false);
    await expect.poll(() => handle!.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  });

  test('under reduced motion nothing is hidden', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(`${test.info().project.use.baseURL}/contact-us`);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(page.locator('main .reveal-pending')).toHaveCount(0);
    await context.close();
  });
});
