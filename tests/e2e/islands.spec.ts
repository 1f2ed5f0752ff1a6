import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { use } from './form-helpers.ts';

/** The scripts a page has asked for, each with whether it holds Yup (its ValidationError; Formik comes in the same chunk). */
function scriptsOf(page: Page) {
  const scripts: { url: string; yup: Promise<boolean> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ url: new URL(response.url()).pathname, yup: response.text().then((text) => text.includes('"ValidationError"'), () => false) });
  });
  return {
    urls: () => scripts.map((s) => s.url),
    withYup: async () => (await Promise.all(scripts.map(async (s) => ((await s.yup) ? [s.url] : [])))).flat(),
  };
}

test.describe('islands', () => {
  // Hydrating is a page's longest work: an island below the first screen waits until it
  // comes within 300 px of the viewport or is used. `idle` islands would hydrate here too.
  test('no island hydrates before it is near the viewport or used, except those on the first screen', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    for (const path of ['/', '/solutions/eld', '/blogs', '/career', '/leadership', '/fr/contact-us']) {
      await page.goto(path);
      await page.waitForLoadState('load');
      const islands = () => page.locator('[data-island]').evaluateAll((elements) => elements.map((el) => {
        const box = el.getBoundingClientRect();
        const used = el.getAttribute('data-hydrate') === 'used';
        return { island: el.getAttribute('data-island'), near: !used && box.top < innerHeight + 300 && box.bottom > -300, hydrated: el.hasAttribute('data-hydrated') };
      }));
      // The first screen's islands hydrate (a lead form, `used`, only once used: never here, as
      // if below); then an idle period, after which nothing else may have.
      await expect.poll(async () => (await islands()).filter((i) => i.near && !i.hydrated), { message: path }).toEqual([]);
      await page.evaluate(() => new Promise((done) => requestIdleCallback(() => setTimeout(done, 300))));
      const all = await islands();
      expect(all.filter((i) => !i.near).length, `${path} has islands below the first screen`).toBeGreaterThan(0);
      expect(all.filter((i) => !i.near && i.hydrated), path).toEqual([]);
    }
  });

  test('the benefits island hydrates: Load more adds 6, Load less returns to 6', async ({ page }) => {
    await page.goto('/');
    const island = page.locator('[data-island="BenefitsGrid"]');
    await island.scrollIntoViewIfNeeded();
    await expect(island).toHaveAttribute('data-hydrated', '');
    const cards = island.locator('li:visible');
    await expect(cards).toHaveCount(6);
    await island.getByRole('button', { name: 'Load more' }).click();
    await expect(cards).toHaveCount(12);
    await island.getByRole('button', { name: 'Load less' }).click();
    await expect(cards).toHaveCount(6);
  });

  test('an island that throws shows the fallback in its place and the rest of the page keeps working', async ({ page, consoleErrors }) => {
    // Corrupt the island's props as the HTML arrives, so its render throws in the browser.
    await page.route('**/', async (route) => {
      const response = await route.fetch();
      let html = await response.text();
      const id = /data-island="BenefitsGrid" data-island-id="(i\d+)"/.exec(html)![1];
      html = html.replace(new RegExp(`(<script type="application/json" data-island-props="${id}">)\\{"items":`), '$1{"items":null,"was":');
      await route.fulfill({ response, body: html });
    });
    await page.goto('/');
    const island = page.locator('[data-island="BenefitsGrid"]');
    await island.scrollIntoViewIfNeeded();
    const alert = island.getByRole('alert');
    await expect(alert).toContainText('Unexpected Application Error!');
    await expect(alert).toContainText(/Cannot read properties of null/);
    await expect(alert.locator('pre')).toContainText('BenefitsGrid');
    await page.getByRole('button', { name: 'Solutions', exact: true }).click();
    await expect(page.locator('#menu-solutions')).toBeVisible();
    consoleErrors.length = 0;
  });

  // #20: a form's validation code (Formik, Yup, the schema) comes with the visitor's first use of
  // the form, and the job application's only when Apply is pressed: checked by what was asked for.
  test('Formik and Yup load on a form\'s first use, not with the page; the job application\'s code when Apply is pressed', async ({ page }) => {
    for (const [path, island] of [['/fr/contact-us', 'LeadForm'], ['/get-started', 'GetStartedWizard']] as const) {
      const scripts = scriptsOf(page);
      await page.goto(path);
      await page.waitForLoadState('load');
      const form = page.locator(`[data-island="${island}"] form`);
      if (island === 'GetStartedWizard') await expect(form.locator('..')).toHaveAttribute('data-hydrated', '');
      await page.evaluate(() => new Promise((done) => requestIdleCallback(done)));
      expect(await scripts.withYup(), path).toEqual([]);
      await form.getByRole('radio').first().or(form.getByRole('textbox').first()).click();
      await expect.poll(() => scripts.withYup(), { message: path }).toHaveLength(1);
      if (island === 'LeadForm') await expect(form.locator('..')).toHaveAttribute('data-hydrated', '');
      else await expect.poll(() => scripts.urls().filter((u) => /\/WizardEngine-\w+\.js$/.test(u)), { message: path }).toHaveLength(1);
      page.removeAllListeners('response');
    }
    const scripts = scriptsOf(page);
    await page.goto('/career');
    const jobs = page.locator('[data-island="CareerJobs"]');
    await jobs.scrollIntoViewIfNeeded();
    await use(jobs);
    await expect(jobs).toHaveAttribute('data-hydrated', '');
    await jobs.getByRole('button', { name: /^Read more/ }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    expect(scripts.urls().filter((u) => /\/JobApplicationForm-\w+\.js$/.test(u))).toEqual([]);
    expect(await scripts.withYup()).toEqual([]);
    await jobs.getByRole('button', { name: /^Apply/ }).first().click();
    await expect(page.getByRole('dialog', { name: /^Apply: / })).toBeVisible();
    expect(scripts.urls().filter((u) => /\/JobApplicationForm-\w+\.js$/.test(u))).toHaveLength(1);
    expect(await scripts.withYup()).toHaveLength(1);
  });

  // Island scripts follow the first paint, so on a slow phone a visitor can press a lead
  // form before its loader listens. That press must still hydrate it (the shell script, loaded
  // with the page, remembers it); before, it was lost and the form stayed plain until the next.
  test('a press on a lead form before its island scripts arrive still hydrates it', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/js\/(?!shell-)[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/contact-us', { waitUntil: 'domcontentloaded' });
    const island = page.locator('[data-island="LeadForm"]');
    await expect(page.locator('script[src*="/assets/js/LeadForm-"]')).toHaveCount(1);
    await island.locator('form').dispatchEvent('pointerdown');
    await expect(island).toHaveAttribute('data-used', '');
    release();
    await expect(island).toHaveAttribute('data-hydrated', '');
  });

  // A visitor who presses Send at once on an untouched lead form presses it before the form has
  // hydrated: the browser's own check ran and showed its bubble (in the browser's language, not
  // the spec's words), and the spec's messages came only with a second press.
  test('Send pressed at once on an untouched form: the spec\'s messages and the first field focused, not the browser\'s bubble; without scripts, the browser\'s check after all', async ({ page }) => {
    // Every `invalid` a control gets, and whether something held the browser's message back.
    await page.addInitScript(() => {
      const seen: boolean[] = ((window as unknown as { invalids: boolean[] }).invalids = []);
      document.addEventListener('DOMContentLoaded', () => {
        for (const control of document.querySelectorAll('input, select, textarea')) control.addEventListener('invalid', (event) => seen.push(event.defaultPrevented));
      });
    });
    const invalids = () => page.evaluate(() => (window as unknown as { invalids: boolean[] }).invalids);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/contact-us');
    await page.waitForLoadState('load');
    const island = page.locator('[data-island="LeadForm"]');
    await expect(island).not.toHaveAttribute('data-hydrated', '');
    await island.getByRole('button', { name: 'Send Message' }).click();
    await expect(island).toHaveAttribute('data-hydrated', '');
    for (const message of ['Name Required', 'phone number Required', 'Email is required']) await expect(island.getByText(message, { exact: true })).toBeVisible();
    await expect(island.locator('[name="name"]')).toBeFocused();
    expect(await invalids()).not.toContain(false);
    expect(page.url()).toMatch(/\/contact-us$/);

    // The island's scripts never do anything (empty): after a few seconds the browser checks the form itself.
    await page.route(/\/assets\/js\/(?!shell-)[^/]+\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.goto('/contact-us');
    await page.waitForLoadState('load');
    await island.getByRole('button', { name: 'Send Message' }).click();
    await expect(island).toHaveAttribute('data-submitted', '0');
    expect(await invalids()).not.toContain(false);
    await expect.poll(invalids, { timeout: 10_000 }).toContain(false);
    await expect(island.locator('[name="name"]')).toBeFocused();
    expect(page.url()).toMatch(/\/contact-us$/);
    await expect(island).not.toHaveAttribute('data-hydrated', '');
  });

  test('the blog list on a phone hydrates once the screen comes to match its media (a phone turned to landscape)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/blogs');
    await page.waitForLoadState('load');
    const list = page.locator('[data-island="BlogList"]');
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => setTimeout(done, 300))));
    expect(await list.getAttribute('data-hydrated')).toBeNull();
    await page.setViewportSize({ width: 812, height: 375 });
    await expect(list).toHaveAttribute('data-hydrated', '');
    await expect(list.locator('.blog-list__grid > li:visible')).toHaveCount(3);
    await expect(list.getByLabel('Posts per page')).toBeVisible();
  });

  // A plain button (type="button") does nothing before React is in: the press that starts the
  // island's hydration must still act once it has (the shell script marks it, runtime presses it).
  test('a button pressed before its island hydrates acts once it has: a leader, the blog\'s Next on a phone, Apply', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const cases: { path: string; island: string; press: (island: Locator) => Locator; then: (island: Locator) => Promise<void> }[] = [
      {
        path: '/leadership', island: 'LeadershipTeam',
        press: (island) => island.locator('.leaders__button').nth(2),
        then: async (island) => {
          await expect(island.locator('.leaders__button').nth(2)).toHaveAttribute('aria-pressed', 'true');
          await expect(island.locator('.leaders__detail-name')).toHaveText((await island.locator('.leaders__button').nth(2).locator('.leaders__name').textContent())!);
        },
      },
      {
        path: '/blogs', island: 'BlogList',
        press: (island) => island.getByRole('button', { name: 'Next' }),
        then: async (island) => {
          await expect(island.locator('.pager__status')).toHaveText(/^Page 2 of \d+$/);
          await expect(island.locator('.blog-list__grid > li:visible')).toHaveCount(1);
          await expect(page).toHaveURL(/\/blogs\?page=2$/);
        },
      },
      {
        path: '/career', island: 'CareerJobs',
        press: (island) => island.getByRole('button', { name: /^Apply/ }).first(),
        then: async () => { await expect(page.getByRole('dialog', { name: /^Apply: / })).toBeVisible(); },
      },
    ];
    for (const c of cases) {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/js\/(?!shell-)[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(c.path, { waitUntil: 'domcontentloaded' });
      const island = page.locator(`[data-island="${c.island}"]`);
      // With JavaScript, careers' Apply is the button only (its no-JavaScript link is hidden).
      if (c.island === 'CareerJobs') await expect(island.getByRole('link', { name: /^Apply/ })).toHaveCount(0);
      await c.press(island).click();
      await expect(island, c.path).toHaveAttribute('data-pressed', /^\d+$/);
      expect(await island.getAttribute('data-hydrated'), c.path).toBeNull();
      release();
      await expect(island, c.path).toHaveAttribute('data-hydrated', '');
      await c.then(island);
      await expect(island, c.path).not.toHaveAttribute('data-pressed');
      await page.unrouteAll({ behavior: 'wait' });
    }
  });
});
