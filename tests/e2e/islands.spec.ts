import { test, expect } from './fixtures.ts';

test.describe('islands', () => {
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
