import { test, expect } from './fixtures.ts';

test.describe('islands', () => {
  // Hydrating is a page's longest work (#20): an island below the first screen waits until it
  // comes within 300 px of the viewport or is used. `idle` islands would hydrate here too.
  test('no island hydrates before it is near the viewport or used, except those on the first screen', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    for (const path of ['/', '/solutions/eld', '/career', '/fr/contact-us']) {
      await page.goto(path);
      await page.waitForLoadState('load');
      const islands = () => page.locator('[data-island]').evaluateAll((elements) => elements.map((el) => {
        const box = el.getBoundingClientRect();
        return { island: el.getAttribute('data-island'), near: box.top < innerHeight + 300 && box.bottom > -300, hydrated: el.hasAttribute('data-hydrated') };
      }));
      // The first screen's islands hydrate; then an idle period, after which nothing else may have.
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
});
