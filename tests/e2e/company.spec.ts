// Company, resources and legal pages: leadership, careers and dialogs, partnership, contact
// and its map, FAQs, terms and privacy.
import { readFileSync, readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { startPreviewProcess, type PreviewProcess } from './preview-process.ts';
import { use } from './form-helpers.ts';

async function island(page: Page, name: string) {
  const el = page.locator(`[data-island="${name}"]`).first();
  await el.scrollIntoViewIfNeeded();
  await use(el);
  await expect(el).toHaveAttribute('data-hydrated', '');
  return el;
}


test.describe('leadership', () => {
  test('choosing a member by mouse shows their details; the chosen one is in colour', async ({ page }) => {
    await page.goto('/leadership');
    const team = await island(page, 'LeadershipTeam');
    const buttons = team.locator('.leaders__button');
    await expect(buttons).toHaveCount(6);
    await expect(buttons.first()).toHaveAttribute('aria-pressed', 'true');
    const third = buttons.nth(2);
    const name = (await third.locator('.leaders__name').textContent())!;
    await third.click();
    await expect(third).toHaveAttribute('aria-pressed', 'true');
    await expect(team.locator('.leaders__detail-name')).toHaveText(name);
    await expect.poll(() => third.locator('img').evaluate((img) => getComputedStyle(img).filter)).toBe('none');
    await expect.poll(() => buttons.first().locator('img').evaluate((img) => getComputedStyle(img).filter)).toBe('grayscale(1)');
    await expect(team.locator('.leaders__detail a[target="_blank"]')).toHaveAttribute('rel', /noopener/);
  });

  test('and by keyboard, with Enter and Space', async ({ page }) => {
    await page.goto('/leadership');
    const team = await island(page, 'LeadershipTeam');
    const buttons = team.locator('.leaders__button');
    await buttons.nth(1).focus();
    await page.keyboard.press('Enter');
    await expect(buttons.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(buttons.nth(2)).toHaveAttribute('aria-pressed', 'true');
    await expect(team.locator('.leaders__detail-role')).toHaveText((await buttons.nth(2).locator('.leaders__role').textContent())!);
  });
});

test.describe('careers', () => {
  test('the open position is listed; filters that match nothing show the no-jobs picture', async ({ page }) => {
    await page.goto('/career');
    const jobs = await island(page, 'CareerJobs');
    await expect(jobs.getByRole('heading', { name: 'UX Designer' })).toBeVisible();
    await expect(jobs.locator('.job-card .tag')).toHaveText(['Fulltime', 'Onsite']);
    await jobs.getByLabel('Job Level').selectOption('Mid-Senior Level');
    await expect(jobs.locator('.job-card')).toHaveCount(1);
    await jobs.getByLabel('Department').selectOption('Design');
    await expect(jobs.locator('.job-card')).toHaveCount(1);
    await jobs.getByLabel('Location').selectOption('All');
    await expect(jobs.locator('.careers__empty')).toHaveCount(0);
  });

  test('Read more opens a dialog: focus moves in, the page cannot scroll, Close returns focus', async ({ page }) => {
    await page.goto('/career');
    const jobs = await island(page, 'CareerJobs');
    const opener = jobs.getByRole('button', { name: /Read more/ });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'UX Designer' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Responsibilities')).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // Contrast is only meaningful once the dialog's fade-in has finished (axe read it mid-fade once).
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  test('a backdrop click closes the dialog, a click inside does not, Escape closes it', async ({ page }) => {
    await page.goto('/career');
    const jobs = await island(page, 'CareerJobs');
    await jobs.getByRole('button', { name: /Read more/ }).click();
    const dialog = page.getByRole('dialog', { name: 'UX Designer' });
    await dialog.getByText('Responsibilities').click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await jobs.getByRole('button', { name: /Read more/ }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('Apply opens the application form with every field and the accommodation sentence', async ({ page }) => {
    await page.goto('/career');
    const jobs = await island(page, 'CareerJobs');
    await jobs.getByRole('button', { name: /^Apply/ }).click();
    const dialog = page.getByRole('dialog', { name: /Apply: UX Designer/ });
    await expect(dialog).toBeVisible();
    for (const label of ['Résumé (PDF, DOC or DOCX)', 'Full name', 'Email', 'Phone', 'Location', 'Current company', 'LinkedIn profile', 'Portfolio', 'Website', 'Anything else you would like us to know']) {
      await expect(dialog.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(dialog).toContainText('Accommodation for applicants with disabilities is available on request');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('with the spec\'s sample jobs (fixture)', () => {
    let preview: PreviewProcess;
    test.beforeAll(async () => {
      preview = await startPreviewProcess((box) => {
        for (const f of readdirSync('tests/fixtures/sample-jobs')) box.write(`jobs/${f}`, readFileSync(`tests/fixtures/sample-jobs/${f}`, 'utf8'));
      });
    });
    test.afterAll(() => preview?.stop());

    test('department and the hidden category are coupled; equality filtering; no match shows the no-jobs picture', async ({ page }) => {
      await page.goto(`${preview.base}/career`);
      const jobs = await island(page, 'CareerJobs');
      await expect(jobs.locator('.job-card')).toHaveCount(4);
      await jobs.getByLabel('Department').selectOption('Engineering');
      await expect(jobs.locator('.job-card')).toHaveCount(1);
      await expect(jobs.locator('.job-card h3')).toHaveText('Junior Software Engineer');
      expect(await jobs.locator('label[hidden] select').inputValue()).toBe('Engineering');
      await jobs.getByLabel('Location').selectOption('Remote');
      await expect(jobs.locator('.job-card')).toHaveCount(0);
      await expect(jobs.locator('.careers__empty')).toBeVisible();
      await jobs.getByLabel('Department').selectOption('All');
      expect(await jobs.locator('label[hidden] select').inputValue()).toBe('All');
      await expect(jobs.locator('.job-card h3')).toHaveText('Graphic Designer');
    });
  });
});

test.describe('partnership', () => {
  test('the partner form has the spec\'s fields and option lists', async ({ page }) => {
    await page.goto('/partnership');
    const form = page.locator('form.lead-form');
    await expect(page.getByRole('heading', { name: 'Become A Partner Today' })).toBeVisible();
    await expect(form.locator('select[name="country"] option:not([disabled])')).toHaveText(['United States', 'Canada']);
    await expect(form.locator('select[name="state"] option:not([disabled])')).toHaveText(['AL', 'AK', 'AZ', 'AR', 'CA', 'CO']);
    await expect(form.locator('select[name="department"] option:not([disabled])')).toHaveText(['Sales', 'Support', 'Billing', 'Other']);
    for (const name of ['businessname', 'website', 'jobtitle', 'firstname', 'lastname', 'email', 'phonenumber', 'otheremail', 'otherphone', 'otherinfo', 'fax']) {
      await expect(form.locator(`[name="${name}"]`)).toHaveCount(1);
    }
  });

  test('on a phone the ecosystem shows one card with wrap-around', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/partnership');
    const cards = await island(page, 'CardCarousel');
    await expect(cards.locator('li:visible')).toHaveCount(1);
    await cards.getByRole('button', { name: 'Previous' }).click();
    await expect(cards.locator('.card-carousel__counter')).toHaveText('4/4');
  });
});

test.describe('contact', () => {
  test('heading, text, rating badge and the contact form with its eight sources', async ({ page }) => {
    await page.goto('/contact-us');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    await expect(page.getByText('Reach out now for innovative insights and personalized support.')).toBeVisible();
    await expect(page.locator('.rating-badge strong')).toHaveText('4.5');
    const form = page.locator('form.lead-form');
    await expect(page.getByRole('heading', { name: 'Send us a Message' })).toBeVisible();
    await expect(form.locator('input[name="phone"]')).toHaveAttribute('type', 'tel');
    await expect(form.locator('textarea[name="additionalInfo"]')).toHaveAttribute('rows', '4');
    await expect(form.locator('select[name="department"] option:not([disabled])')).toHaveCount(8);
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeVisible();
  });

  test('the map contacts no third party until the visitor asks for it', async ({ page }) => {
    const outside: string[] = [];
    page.on('request', (r) => { if (!r.url().startsWith('http://127.0.0.1')) outside.push(r.url()); });
    await page.goto('/contact-us', { waitUntil: 'networkidle' });
    const map = await island(page, 'MapEmbed');
    await page.waitForTimeout(500);
    expect(outside).toEqual([]);
    await expect(map.getByRole('img')).toBeVisible();
    await expect(map.getByRole('link', { name: /OpenStreetMap/ })).toHaveAttribute('target', '_blank');
    await map.getByRole('button', { name: 'Show interactive map' }).click();
    await expect(map.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/);
    await expect.poll(() => outside.some((u) => u.startsWith('https://www.openstreetmap.org/'))).toBe(true);
  });
});

test.describe('FAQs and legal pages', () => {
  test('the FAQ accordion keeps one entry open and closes the open one on click', async ({ page }) => {
    await page.goto('/faqs');
    const items = page.locator('details.accordion__item');
    await expect(items).toHaveCount(14);
    await items.nth(0).locator('summary').click();
    await expect(items.nth(0)).toHaveAttribute('open', '');
    await items.nth(3).locator('summary').click();
    await expect(items.nth(3)).toHaveAttribute('open', '');
    await expect(items.nth(0)).not.toHaveAttribute('open', '');
    await items.nth(3).locator('summary').click();
    await expect(page.locator('details.accordion__item[open]')).toHaveCount(0);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld['@type']).toBe('FAQPage');
    expect(ld.mainEntity).toHaveLength(14);
  });

  // The terms keep the spec's date; the privacy policy changed (consent records, attribution, the
  // access logs), and a privacy policy must say when it last changed.
  for (const [path, updated] of [['/terms-conditions', 'July 25, 2024'], ['/privacy-policies', 'December 2, 2026']] as const) {
    test(`${path}: a side-list click scrolls to its section and updates the hash`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByText(`Last Updated at ${updated}`)).toBeVisible();
      const link = page.locator('.legal__toc a').nth(3);
      const target = (await link.getAttribute('href'))!;
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      await expect(page.locator(target)).toBeInViewport();
    });
  }

  test('the terms carry the spec\'s facts', async ({ page }) => {
    await page.goto('/terms-conditions');
    const body = page.locator('.legal__body');
    for (const fact of [/Canadian dollars/, /30 days/, /60 days/, /twelve-month/, /non-refundable/, /under 18/i, /Administrator/, /End User/]) {
      await expect(body).toContainText(fact);
    }
  });
});
