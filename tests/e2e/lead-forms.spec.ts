// The partner form (/partnership) and the job application (Apply dialog on /career), plus
// keyboard-only completion of the contact form. The lead endpoint and the résumé upload are
// intercepted here (as in forms.spec.ts) until the lead function serves them locally; the
// presigned POST goes to a same-origin stand-in so the page's CSP does not get in the way.
import type { Locator, Page, Route } from '@playwright/test';
import { test, expect, site } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { compose, E1, P1, RESUME } from '../../common/lead/validation.ts';
import { hydrated, PARTNER_TEXT, PARTNER_SELECT, PARTNER_FIELDS, fillPartner, PDF, JOB_FIELDS, applyDialog, fillJob } from './form-helpers.ts';

const ERROR = 'Something went wrong. Please try again later.';
const ACCEPTED = { status: 200, contentType: 'application/json', body: '{"accepted":true,"id":"lead-1"}' };
const json = (route: Route, status: number, body: unknown) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** Holds the answers of a route until released, counting the requests that came. */
function held(answer: (route: Route) => Promise<void>) {
  const bodies: any[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const handler = async (route: Route) => {
    bodies.push(route.request().postDataJSON());
    await gate;
    await answer(route);
  };
  return { bodies, release, handler };
}


// ---- partner form ------------------------------------------------------------------------------

test.describe('partner form', () => {
  test('an empty submit shows every message of the spec under its field and focuses the first', async ({ page }) => {
    const form = await hydrated(page, '/partnership', 'LeadForm');
    await form.getByRole('button', { name: 'Apply to partner' }).click();
    const expected: [string, string][] = [
      ['Partnership interest', 'Department is required'], ['Business name', 'Business name is required'],
      ['Company or business type', 'Company/Business type is required'], ['Website', 'Website is required'],
      ['Number of employees', 'Number of employees is required'], ['Job title', 'Job title is required'],
      ['First name', 'First name is required'], ['Last name', 'Last name is required'], ['Email', 'Email is required'],
      ['Phone number', 'Phone number is required'], ['Country', 'Country is required'], ['State or province', 'State/Province is required'],
      ['Alternate contact email', 'Email is required'], ['Alternate contact phone', 'Phone number is required'],
    ];
    for (const [label, message] of expected) await expect(form.getByLabel(label, { exact: true }), label).toHaveAccessibleDescription(message);
    for (const label of ['Alternate contact country', 'Alternate contact state or province', 'Anything else we should know?']) {
      await expect(form.getByLabel(label, { exact: true }), label).toHaveAccessibleDescription('');
    }
    await expect(form.getByLabel('Partnership interest')).toBeFocused();
    await expect(form.locator('.form-field__error')).toHaveCount(expected.length);
  });

  test('a bad URL, e-mail and phone get Invalid URL, E1 and P1; an error shows once its field is touched', async ({ page }) => {
    const form = await hydrated(page, '/partnership', 'LeadForm');
    const website = form.getByLabel('Website', { exact: true });
    await website.fill('not a site');
    await expect(website).toHaveAccessibleDescription('');
    await website.blur();
    await expect(website).toHaveAccessibleDescription('Invalid URL');
    await expect(form.getByLabel('Business name')).toHaveAccessibleDescription('');
    await fillPartner(form);
    await website.fill('http://');
    await form.getByLabel('Email', { exact: true }).fill('ana@maple');
    await form.getByLabel('Alternate contact email').fill('ops@');
    await form.getByLabel('Phone number', { exact: true }).fill('555-01');
    await form.getByLabel('Alternate contact phone').fill('12');
    await form.getByRole('button', { name: 'Apply to partner' }).click();
    await expect(website).toHaveAccessibleDescription('Invalid URL');
    await expect(website).toBeFocused();
    await expect(form.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(E1);
    await expect(form.getByLabel('Alternate contact email')).toHaveAccessibleDescription(E1);
    await expect(form.getByLabel('Phone number', { exact: true })).toHaveAccessibleDescription(P1);
    await expect(form.getByLabel('Alternate contact phone')).toHaveAccessibleDescription(P1);
  });

  test('a valid application shows Sending..., is sent once on a double click with the payload the spec gives, and lands on /Thanks', async ({ page }) => {
    const lead = held((r) => r.fulfill(ACCEPTED));
    await page.route('**/send-email/', lead.handler);
    const form = await hydrated(page, '/partnership', 'LeadForm');
    await fillPartner(form);
    await form.getByRole('button', { name: 'Apply to partner' }).dblclick();
    await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    lead.release();
    await expect(page).toHaveURL(/\/Thanks$/);
    expect(lead.bodies).toHaveLength(1);
    expect(lead.bodies[0]).toEqual({
      ...compose.partner(PARTNER_FIELDS), form: 'partner', fields: PARTNER_FIELDS, submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/), fax: '',
      // Beside the spec's keys: where the visit began and the form's page.
      attribution: { landing: '/partnership', page: '/partnership' },
    });
    // The spec's payload: employees and the other contact are not part of the message.
    expect(lead.bodies[0].message).toBe('Business name: Maple Telematics\nCompany type: Other\nWebsite: maple-telematics.ca\nJob title: Owner\nCountry: CA\nState: AZ\nOther info: Installers in Ontario.\nDepartment: Sales');
  });

  test('a failed send opens the error popup and keeps every value', async ({ page, consoleErrors }) => {
    await page.route('**/send-email/', (r) => r.fulfill({ status: 500, body: 'oops' }));
    const form = await hydrated(page, '/partnership', 'LeadForm');
    await fillPartner(form);
    await form.getByRole('button', { name: 'Apply to partner' }).click();
    const popup = page.getByRole('dialog');
    await expect(popup).toContainText(ERROR);
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(popup).toBeHidden();
    for (const [label, value] of Object.entries(PARTNER_TEXT)) await expect(form.getByLabel(label, { exact: true })).toHaveValue(value);
    await expect(form.getByLabel('State or province', { exact: true })).toHaveValue('AZ');
    await expect(form.getByRole('button', { name: 'Apply to partner' })).toBeEnabled();
    expect(consoleErrors.filter((e) => !/status of 500/.test(e))).toEqual([]);
    consoleErrors.length = 0;
  });

  test('can be completed with the keyboard alone', async ({ page }) => {
    let body: any;
    await page.route('**/send-email/', (r) => { body = r.request().postDataJSON(); return r.fulfill(ACCEPTED); });
    const form = await hydrated(page, '/partnership', 'LeadForm');
    await form.getByLabel('Partnership interest').focus();
    // Selects take type-ahead; every Tab moves to the next field in reading order.
    for (const text of ['Sales', 'Maple Telematics', 'Other', 'maple-telematics.ca', 'Support', 'Ana', 'Silva', 'Owner', 'ana@maple.ca', '416 555 0123', 'Canada', 'AZ', 'ops@maple.ca', '416 555 0199']) {
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Anything else we should know?')).toBeFocused();
    await page.keyboard.press('Tab');
    // The optional news box, left unticked, then the button.
    await expect(form.getByRole('checkbox')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Apply to partner' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Thanks$/);
    expect(body.fields).toMatchObject({ department: 'Sales', companytype: 'Other', employees: 'Support', country: 'CA', state: 'AZ', phonenumber: '416 555 0123' });
  });

  test('without JavaScript it is a plain form that posts to the lead endpoint with form=partner', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    let posted = '';
    let type = '';
    await page.route('**/send-email/', async (r) => {
      posted = r.request().postData() ?? '';
      type = (await r.request().headerValue('content-type')) ?? '';
      await r.fulfill({ status: 303, headers: { location: '/Thanks' } });
    });
    await page.goto('/partnership');
    const form = page.locator('form.lead-form');
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', '/send-email/');
    await expect(form.locator('input[type="hidden"][name="form"]')).toHaveValue('partner');
    await expect(form).not.toHaveAttribute('novalidate');
    for (const [label, value] of Object.entries(PARTNER_SELECT)) await form.getByLabel(label, { exact: true }).selectOption(value);
    for (const [label, value] of Object.entries(PARTNER_TEXT)) await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Apply to partner' }).click();
    await expect(page).toHaveURL(/\/Thanks$/);
    expect(type).toBe('application/x-www-form-urlencoded');
    const sent = new URLSearchParams(posted);
    expect(sent.get('form')).toBe('partner');
    expect(sent.get('businessname')).toBe('  Maple Telematics  ');
    expect(sent.get('fax')).toBe('');
    await context.close();
  });
});

// ---- job application ---------------------------------------------------------------------------

const TICKET = {
  url: '/__test-storage/leads',
  fields: { key: 'resumes/2026/abc/cv.pdf', 'Content-Type': 'application/pdf', Policy: 'eyJwb2xpY3kiOnRydWV9', 'X-Amz-Signature': 'f00d' },
  key: 'resumes/2026/abc/cv.pdf',
  maxBytes: RESUME.maxBytes,
};
test.describe('job application', () => {
  test("at 320 px every field fits inside the application form; none runs past the dialog's edge", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const dialog = await applyDialog(page);
    const misfits = await dialog.evaluate((d) => {
      const box = d.querySelector('form')!.getBoundingClientRect();
      return [...d.querySelectorAll<HTMLElement>('input:not([type=hidden]):not([type=checkbox]), select, textarea')]
        .filter((e) => e.offsetParent && e.getBoundingClientRect().left > -1000)
        .map((e) => [e.getAttribute('name'), e.getBoundingClientRect()] as const)
        .filter(([, r]) => r.left < box.left - 0.5 || r.right > box.right + 0.5)
        .map(([name, r]) => `${name} at ${Math.round(r.left)}-${Math.round(r.right)}, form ${Math.round(box.left)}-${Math.round(box.right)}`);
    });
    expect(misfits).toEqual([]);
  });

  test('an empty submit shows the three messages the spec gives and focuses Full name; the other fields are optional', async ({ page }) => {
    const dialog = await applyDialog(page);
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await expect(dialog.getByLabel('Full name', { exact: true })).toHaveAccessibleDescription('Full Name is required.');
    await expect(dialog.getByLabel('Email', { exact: true })).toHaveAccessibleDescription('Email is required.');
    await expect(dialog.getByLabel('Phone', { exact: true })).toHaveAccessibleDescription('Phone number is required.');
    await expect(dialog.getByLabel('Full name', { exact: true })).toBeFocused();
    await expect(dialog.locator('.form-field__error')).toHaveCount(3);
    for (const label of ['Location', 'Current company', 'LinkedIn profile', 'Portfolio', 'Website']) {
      await expect(dialog.getByLabel(label, { exact: true })).not.toHaveAttribute('required', /.*/);
      await expect(dialog.getByLabel(label, { exact: true })).not.toHaveAttribute('placeholder', /\*/);
    }
    await expect(dialog.getByLabel('Full name', { exact: true })).toHaveAttribute('placeholder', /\*$/);
  });

  test('clears its errors on each submit attempt and recomputes them', async ({ page }) => {
    const dialog = await applyDialog(page);
    const submit = dialog.getByRole('button', { name: 'Submit application' });
    const [name, email, phone] = ['Full name', 'Email', 'Phone'].map((l) => dialog.getByLabel(l, { exact: true }));
    await submit.click();
    await expect(dialog.locator('.form-field__error')).toHaveCount(3);
    await name!.fill('  Ana Silva ');
    await email!.fill('ana@fleet');
    await phone!.fill('555');
    await submit.click();
    await expect(name!).toHaveAccessibleDescription('');
    await expect(email!).toHaveAccessibleDescription(E1);
    await expect(phone!).toHaveAccessibleDescription(P1);
    await expect(email!).toBeFocused();
    await email!.fill('');
    await phone!.fill('416-555-0123');
    await submit.click();
    await expect(email!).toHaveAccessibleDescription('Email is required.');
    await expect(phone!).toHaveAccessibleDescription('');
    await expect(dialog.locator('.form-field__error')).toHaveCount(1);
  });

  test('a résumé of the wrong type or over 5 MB is refused in the browser and nothing is uploaded', async ({ page }) => {
    const asked: string[] = [];
    await page.route('**/send-email/**', (r) => { asked.push(r.request().url()); return r.abort(); });
    const dialog = await applyDialog(page);
    const resume = dialog.getByLabel('Résumé (PDF, DOC or DOCX)');
    await expect(resume).toHaveAttribute('accept', '.pdf,.doc,.docx');
    await expect(resume).toHaveAccessibleDescription('Optional, up to 5 MB.');
    await resume.setInputFiles({ name: 'cv.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(resume).toHaveAccessibleDescription(new RegExp(`^${RESUME.wrongType}`));
    await resume.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(RESUME.maxBytes + 1, 0x20) });
    await expect(resume).toHaveAccessibleDescription(new RegExp(`^${RESUME.tooLarge}`));
    await fillJob(dialog);
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await expect(resume).toBeFocused();
    await expect(resume).toHaveAccessibleDescription(new RegExp(`^${RESUME.tooLarge}`));
    await resume.setInputFiles({ name: 'cv.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.from('PK') });
    await expect(resume).toHaveAccessibleDescription('Optional, up to 5 MB.');
    expect(asked).toEqual([]);
  });

  test('a valid PDF is uploaded (policy fields before the file), then the lead carries its key; a double click sends once', async ({ page }) => {
    const tickets: any[] = [];
    const stores: { type: string; body: Buffer }[] = [];
    await page.route('**/send-email/upload', (r) => { tickets.push(r.request().postDataJSON()); return json(r, 200, TICKET); });
    await page.route('**/__test-storage/leads', (r) => {
      stores.push({ type: r.request().headers()['content-type'] ?? '', body: r.request().postDataBuffer()! });
      return r.fulfill({ status: 204 });
    });
    const lead = held((r) => r.fulfill(ACCEPTED));
    await page.route('**/send-email/', lead.handler);
    const dialog = await applyDialog(page);
    await dialog.getByLabel('Résumé (PDF, DOC or DOCX)').setInputFiles(PDF);
    await fillJob(dialog);
    await dialog.getByRole('button', { name: 'Submit application' }).dblclick();
    await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect.poll(() => lead.bodies.length).toBe(1);
    lead.release();
    await expect(page).toHaveURL(/\/Thanks$/);

    // The ticket names the form fill: the endpoint hands out only a few per fill.
    expect(tickets).toEqual([{ fileName: 'cv.pdf', contentType: 'application/pdf', size: PDF.buffer.length, submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    expect(stores).toHaveLength(1);
    const boundary = /boundary=(.+)$/.exec(stores[0]!.type)![1]!;
    expect(stores[0]!.type).toMatch(/^multipart\/form-data/);
    const parts = stores[0]!.body.toString('latin1').split(`--${boundary}`).slice(1, -1);
    const names = parts.map((p) => /name="([^"]+)"/.exec(p)![1]);
    expect(names).toEqual([...Object.keys(TICKET.fields), 'file']);
    expect(parts.at(-1)).toContain('filename="cv.pdf"');
    expect(parts.at(-1)).toContain(PDF.buffer.toString('latin1'));
    expect(parts[0]).toContain(TICKET.fields.key);

    const fields = { ...JOB_FIELDS, resume: 'cv.pdf' };
    expect(lead.bodies).toHaveLength(1);
    expect(lead.bodies[0]).toEqual({
      ...compose.job(fields), form: 'job', fields, submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/), fax: '',
      resumeKey: TICKET.key, attribution: expect.objectContaining({ page: expect.stringMatching(/^\/career/) }),
    });
    expect(lead.bodies[0].submissionId).toBe(tickets[0].submissionId);
  });

  test('without a résumé the lead is sent alone, with no upload and no resumeKey', async ({ page }) => {
    let uploads = 0;
    let body: any;
    await page.route('**/send-email/upload', (r) => { uploads++; return r.abort(); });
    await page.route('**/send-email/', (r) => { body = r.request().postDataJSON(); return r.fulfill(ACCEPTED); });
    const dialog = await applyDialog(page);
    await fillJob(dialog);
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await expect(page).toHaveURL(/\/Thanks$/);
    expect(uploads).toBe(0);
    expect(body).toEqual({ ...compose.job(JOB_FIELDS), form: 'job', fields: JOB_FIELDS, submissionId: expect.any(String), fax: '', attribution: expect.objectContaining({ page: expect.stringMatching(/^\/career/) }) });
  });

  test('the upload endpoint\'s refusal shows under the résumé, and the next attempt clears it', async ({ page, consoleErrors }) => {
    const refusal = 'This file could not be accepted';
    let refuse = true;
    const leads: any[] = [];
    await page.route('**/send-email/upload', (r) => (refuse ? json(r, 400, { accepted: false, errors: { resume: refusal } }) : json(r, 200, TICKET)));
    await page.route('**/__test-storage/leads', (r) => r.fulfill({ status: 204 }));
    const lead = held((r) => r.fulfill(ACCEPTED));
    await page.route('**/send-email/', (r) => { leads.push(1); return lead.handler(r); });
    const dialog = await applyDialog(page);
    const resume = dialog.getByLabel('Résumé (PDF, DOC or DOCX)');
    await resume.setInputFiles(PDF);
    await fillJob(dialog);
    const submit = dialog.getByRole('button', { name: 'Submit application' });
    await submit.click();
    await expect(resume).toHaveAccessibleDescription(`${refusal} Optional, up to 5 MB.`);
    await expect(resume).toBeFocused();
    await expect(page.getByRole('dialog', { name: ERROR })).toHaveCount(0);
    expect(leads).toHaveLength(0);
    refuse = false;
    await submit.click();
    await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeVisible();
    await expect(resume).toHaveAccessibleDescription('Optional, up to 5 MB.');
    lead.release();
    await expect(page).toHaveURL(/\/Thanks$/);
    expect(lead.bodies[0].resumeKey).toBe(TICKET.key);
    expect(leads).toHaveLength(1);
    // Chromium logs the deliberate 400 as a failed resource; nothing else may appear.
    expect(consoleErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    consoleErrors.length = 0;
  });

  test('a failed upload opens the error popup and keeps the typed values', async ({ page, consoleErrors }) => {
    await page.route('**/send-email/upload', (r) => json(r, 200, TICKET));
    await page.route('**/__test-storage/leads', (r) => r.fulfill({ status: 403, contentType: 'application/xml', body: '<Error><Code>AccessDenied</Code></Error>' }));
    const dialog = await applyDialog(page);
    await dialog.getByLabel('Résumé (PDF, DOC or DOCX)').setInputFiles(PDF);
    await fillJob(dialog);
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    const popup = page.getByRole('dialog', { name: ERROR });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(popup).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Full name', { exact: true })).toHaveValue('Ana Silva');
    await expect(dialog.getByLabel('Anything else you would like us to know')).toHaveValue('Available in May.');
    expect(consoleErrors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    consoleErrors.length = 0;
  });

  test('a failed send opens the popup; the retry sends the lead again without uploading the résumé twice', async ({ page, consoleErrors }) => {
    let uploads = 0;
    const leads: any[] = [];
    await page.route('**/send-email/upload', (r) => { uploads++; return json(r, 200, TICKET); });
    await page.route('**/__test-storage/leads', (r) => r.fulfill({ status: 204 }));
    await page.route('**/send-email/', (r) => {
      leads.push(r.request().postDataJSON());
      return leads.length === 1 ? json(r, 200, { accepted: false }) : r.fulfill(ACCEPTED);
    });
    const dialog = await applyDialog(page);
    await dialog.getByLabel('Résumé (PDF, DOC or DOCX)').setInputFiles(PDF);
    await fillJob(dialog);
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByRole('dialog', { name: ERROR })).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await expect(page).toHaveURL(/\/Thanks$/);
    expect(uploads).toBe(1);
    expect(leads).toHaveLength(2);
    expect(leads[1].submissionId).toBe(leads[0].submissionId);
    expect(leads[1].resumeKey).toBe(TICKET.key);
    expect(consoleErrors).toEqual([]);
  });

  test('the dialog with its errors shown has no serious axe violations', async ({ page }) => {
    const dialog = await applyDialog(page);
    await dialog.getByLabel('Résumé (PDF, DOC or DOCX)').setInputFiles({ name: 'cv.png', mimeType: 'image/png', buffer: Buffer.from('x') });
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await expect(dialog.locator('.form-field__error')).toHaveCount(4);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('without JavaScript, Apply leads to a plain form with form=job, no file input and the résumé e-mail address', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    let posted = '';
    await page.route('**/send-email/', async (r) => {
      posted = r.request().postData() ?? '';
      await r.fulfill({ status: 303, headers: { location: '/Thanks' } });
    });
    await page.goto('/career');
    // The button the island would use is not shown without JavaScript (CSS `scripting: none`).
    await expect(page.locator('.job-card').getByRole('button', { name: /^Apply/ })).toHaveCount(0);
    await page.locator('.job-card').getByRole('link', { name: /^Apply/ }).click();
    await expect(page).toHaveURL(/#job-application$/);
    const form = page.locator('#job-application form');
    await expect(form).toBeInViewport();
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', '/send-email/');
    await expect(form.locator('input[type="hidden"][name="form"]')).toHaveValue('job');
    await expect(page.locator('input[type="file"]')).toHaveCount(0);
    await expect(page.locator('#job-application')).toContainText(`e-mail your résumé to ${site.hiringInbox}`);
    await form.getByLabel('Position').selectOption('UX Designer');
    await form.getByLabel('Full name').fill('Ana Silva');
    await form.getByLabel('Email').fill('ana@fleet.ca');
    await form.getByLabel('Phone').fill('416-555-0123');
    await form.getByRole('button', { name: 'Submit application' }).click();
    await expect(page).toHaveURL(/\/Thanks$/);
    const sent = new URLSearchParams(posted);
    expect([sent.get('form'), sent.get('position'), sent.get('fullName'), sent.get('resume')]).toEqual(['job', 'UX Designer', 'Ana Silva', null]);
    await context.close();
  });
});

// ---- contact form, keyboard only (missing from #6) ----------------------------------------------

test('the contact form can be completed with the keyboard alone', async ({ page }) => {
  let body: any;
  await page.route('**/send-email/', (r) => { body = r.request().postDataJSON(); return r.fulfill(ACCEPTED); });
  const form = await hydrated(page, '/contact-us', 'LeadForm');
  await form.getByLabel('Name', { exact: true }).focus();
  for (const text of ['Ana Silva', '416 555 0123', 'ana@fleet.ca', 'LinkedIn', 'Twelve vans.']) {
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
  }
  // The optional news box: Space ticks it, and the lead says so beside the spec's keys.
  await expect(form.getByRole('checkbox')).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/Thanks$/);
  expect(body).toMatchObject({ form: 'contact', from_name: 'Ana Silva', message: 'Twelve vans.\nHow did you find? LinkedIn', newsOptIn: 'yes' });
});
