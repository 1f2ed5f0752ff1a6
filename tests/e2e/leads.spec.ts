// Real leads, nothing intercepted: the forms on the preview post to its lead function, which
// archives each in s3rver and e-mails it through the SES emulator. `/_site/leads` reads both back.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { applyDialog, fillJob, fillPartner, hydrated, PDF } from './form-helpers.ts';

interface Lead { id: string; form: string; status: string; fields: Record<string, string>; resume?: { fileName: string; url: string }; email: { to: string[]; replyTo: string[]; subject: string; text: string; html: string } }

/** The newest lead whose fields contain `marker`, polled until it is there. */
async function leadWith(request: APIRequestContext, marker: string): Promise<Lead> {
  let found: Lead | undefined;
  await expect.poll(async () => {
    const { leads } = (await (await request.get('/_site/leads')).json()) as { leads: Lead[] };
    found = leads.find((l) => JSON.stringify(l.fields).includes(marker));
    return Boolean(found);
  }, { timeout: 10_000 }).toBe(true);
  return found!;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Fills the contact form at `path` as a visitor does and sends it; lands on /Thanks. */
async function sendContact(page: Page, path: string, visitor: { name: string; email: string }, message: string): Promise<void> {
  const form = await hydrated(page, path, 'LeadForm');
  await form.getByLabel('Name', { exact: true }).fill(visitor.name);
  await form.getByLabel('Phone', { exact: true }).fill('(416) 555-0123');
  await form.getByLabel('Email', { exact: true }).fill(visitor.email);
  await form.getByLabel('How did you find us?').selectOption('LinkedIn');
  await form.getByLabel('Message').fill(message);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/Thanks$/);
}

test('the contact form sends a real lead: /Thanks, archived as sent, e-mailed to sales with Reply-To the visitor', async ({ page, request }) => {
  const marker = `Fleet of 12 (${unique()})`;
  await sendContact(page, '/contact-us', { name: 'Ana Silva', email: 'ana@fleet.ca' }, marker);
  const lead = await leadWith(request, marker);
  expect(lead).toMatchObject({ form: 'contact', status: 'sent' });
  expect(lead.email.to).toEqual(['sales@trilliumfleet.example']);
  expect(lead.email.replyTo).toEqual(['ana@fleet.ca']);
  expect(lead.email.subject).toBe('Contact message: Ana Silva');
  expect(lead.email.text).toContain(marker);
});

test('where the visit began: UTM tags of the landing URL, kept in sessionStorage across pages, reach the archive and the sales e-mail', async ({ page, request }) => {
  const campaign = `spring-${unique()}`;
  await page.goto(`/blogs?utm_source=e2e&utm_medium=email&utm_campaign=${campaign}`);
  await sendContact(page, '/contact-us', { name: 'Utm Visitor', email: 'utm@fleet.ca' }, campaign);
  const lead = await leadWith(request, campaign) as Lead & { attribution?: Record<string, string> };
  expect(lead.attribution).toEqual({ landing: `/blogs?utm_source=e2e&utm_medium=email&utm_campaign=${campaign}`, page: '/contact-us', utm_source: 'e2e', utm_medium: 'email', utm_campaign: campaign });
  expect(lead.email.text).toContain(`UTM campaign: ${campaign}`);
});

test('a landing page and a form page whose queries hold characters browsers leave as typed (| { } ^) still reach the lead, percent-encoded (they were dropped)', async ({ page, request }) => {
  const campaign = `pipe-${unique()}`;
  await page.goto(`/blogs?utm_campaign=${campaign}&ref=a|b{c}^`);
  await sendContact(page, '/contact-us?from=x|y', { name: 'Pipe Visitor', email: 'pipe@fleet.ca' }, campaign);
  const lead = await leadWith(request, campaign) as Lead & { attribution?: Record<string, string> };
  expect(lead.attribution).toEqual({ landing: `/blogs?utm_campaign=${campaign}&ref=a%7Cb%7Bc%7D%5E`, page: '/contact-us?from=x%7Cy', utm_campaign: campaign });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form posts to the lead function and lands on /Thanks', async ({ page, request }) => {
    const marker = `No script here (${unique()})`;
    await page.goto('/contact-us');
    const form = page.locator('form.lead-form').first();
    await form.getByLabel('Name', { exact: true }).fill('Sam Noscript');
    await form.getByLabel('Phone', { exact: true }).fill('416-555-0100');
    await form.getByLabel('Email', { exact: true }).fill('sam@example.ca');
    await form.getByLabel('How did you find us?').selectOption('Google Search');
    await form.getByLabel('Message').fill(marker);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/Thanks$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await leadWith(request, marker)).toMatchObject({ form: 'contact', status: 'sent' });
  });
});

test('the job application uploads a PDF résumé to the archive and the hiring e-mail links to it', async ({ page, request }) => {
  const dialog = await applyDialog(page);
  await fillJob(dialog);
  const marker = unique();
  await dialog.getByLabel('Anything else you would like us to know', { exact: true }).fill(`Available in May (${marker})`);
  await dialog.getByLabel(/Résumé/).setInputFiles(PDF);
  await dialog.getByRole('button', { name: 'Submit application' }).click();
  await expect(page).toHaveURL(/\/Thanks$/);
  const lead = await leadWith(request, marker);
  expect(lead).toMatchObject({ form: 'job', status: 'sent', fields: { position: 'UX Designer', resume: 'cv.pdf' } });
  expect(lead.email.to).toEqual(['careers@trilliumfleet.example']);
  expect(lead.email.html).toContain('Download the résumé');
  const file = await request.get(lead.resume!.url);
  expect(file.status()).toBe(200);
  expect(Buffer.from(await file.body())).toEqual(PDF.buffer);
});

test('the partner form and the wizard send real leads', async ({ page, request }) => {
  const marker = unique();
  const partner = await hydrated(page, '/partnership', 'LeadForm');
  await fillPartner(partner);
  await partner.getByLabel('Anything else we should know?', { exact: true }).fill(`Installers in Ontario (${marker})`);
  await partner.getByRole('button', { name: 'Apply to partner' }).click();
  await expect(page).toHaveURL(/\/Thanks$/);
  const lead = await leadWith(request, marker);
  expect(lead).toMatchObject({ form: 'partner', status: 'sent' });
  expect(lead.email.subject).toBe('Partner application: Ana Silva');

  const wizard = await hydrated(page, '/get-started', 'GetStartedWizard');
  await wizard.getByRole('radio', { name: '30 - 399' }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('radio', { name: 'Delivery' }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  const company = `Wizard Freight ${marker}`;
  await wizard.getByLabel('First name').fill('Maya');
  await wizard.getByLabel('Last name').fill('Chen');
  await wizard.getByLabel('Phone').fill('416-555-0123');
  await wizard.getByLabel('Email').fill('maya@example.ca');
  await wizard.getByLabel('Company name').fill(company);
  await wizard.getByRole('button', { name: 'Request my demo' }).click();
  await expect(page).toHaveURL(/\/Thanks$/);
  const request2 = await leadWith(request, company);
  expect(request2).toMatchObject({ form: 'wizard', status: 'sent', fields: { vehicles: '30 - 399', industry: 'Delivery' } });
});
