// Filling the lead forms in tests: shared by lead-forms.spec.ts (intercepted endpoint) and
// leads.spec.ts (the real lead function of the preview).
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export async function hydrated(page: Page, path: string, name: string): Promise<Locator> {
  await page.goto(path);
  const island = page.locator(`[data-island="${name}"]`).first();
  await island.scrollIntoViewIfNeeded();
  await use(island);
  await expect(island).toHaveAttribute('data-hydrated', '');
  return island;
}

/**
 * A `used` island hydrates only once used: a press on its background (a lead form's form),
 * as a visitor about to use it gives, without focusing or touching a control. Other islands: nothing.
 */
export async function use(island: Locator): Promise<void> {
  if ((await island.getAttribute('data-hydrate')) !== 'used') return;
  const form = island.locator('form');
  await ((await form.count()) ? form.first() : island).dispatchEvent('pointerdown');
}

export const PARTNER_TEXT: Record<string, string> = {
  'Business name': '  Maple Telematics  ', Website: 'maple-telematics.ca', 'First name': 'Ana', 'Last name': 'Silva', 'Job title': 'Owner',
  Email: 'ana@maple.ca', 'Phone number': '(416) 555-0123', 'Alternate contact email': 'ops@maple.ca', 'Alternate contact phone': '416-555-0199',
  'Anything else we should know?': 'Installers in Ontario.',
};
export const PARTNER_SELECT: Record<string, string> = { 'Partnership interest': 'Sales', 'Company or business type': 'Other', 'Number of employees': 'Support', Country: 'CA', 'State or province': 'AZ' };
export const PARTNER_FIELDS = {
  department: 'Sales', businessname: 'Maple Telematics', companytype: 'Other', website: 'maple-telematics.ca', employees: 'Support', jobtitle: 'Owner',
  firstname: 'Ana', lastname: 'Silva', email: 'ana@maple.ca', phonenumber: '(416) 555-0123', country: 'CA', state: 'AZ', otherinfo: 'Installers in Ontario.',
  otheremail: 'ops@maple.ca', otherphone: '416-555-0199', othercountry: '', otherstate: '',
};
export async function fillPartner(form: Locator) {
  for (const [label, value] of Object.entries(PARTNER_SELECT)) await form.getByLabel(label, { exact: true }).selectOption(value);
  for (const [label, value] of Object.entries(PARTNER_TEXT)) await form.getByLabel(label, { exact: true }).fill(value);
}

export const PDF = { name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') };
export const JOB_FIELDS = {
  resume: '', position: 'UX Designer', fullName: 'Ana Silva', email: 'ana@fleet.ca', phone: '416-555-0123', location: 'Toronto, ON', company: 'Maple Telematics',
  linkedin: 'https://www.linkedin.com/in/ana', portfolio: 'https://ana.design', website: '', additionalInfo: 'Available in May.',
};
export async function applyDialog(page: Page) {
  const jobs = await hydrated(page, '/career', 'CareerJobs');
  await jobs.getByRole('button', { name: /^Apply/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply: UX Designer' });
  await expect(dialog).toBeVisible();
  return dialog;
}
export async function fillJob(dialog: Locator) {
  const labels: Record<string, string> = {
    fullName: 'Full name', email: 'Email', phone: 'Phone', location: 'Location', company: 'Current company', linkedin: 'LinkedIn profile',
    portfolio: 'Portfolio', additionalInfo: 'Anything else you would like us to know',
  };
  for (const [name, label] of Object.entries(labels)) await dialog.getByLabel(label, { exact: true }).fill((JOB_FIELDS as Record<string, string>)[name]!);
}

/**
 * A slow connection: every script request waits until the test lets scripts through (the
 * visitor has typed by then), then `delayMs` more. Open pages with `waitUntil: 'commit'`:
 * module scripts hold back DOMContentLoaded and load.
 */
export async function slowScripts(page: Page, delayMs = 800): Promise<{ release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    await gate;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    // The page may have navigated away meanwhile (a native form submission).
    await route.continue().catch(() => undefined);
  });
  return { release };
}
