// The five lead forms on French pages, against the preview's real lead function (s3rver
// archive, SES emulator): bad input shows the French messages of common/lead/validation.ts
// (written out here, so a changed message fails), good input lands on /fr/Thanks and reaches the
// inbox marked French. Each test covers one form, bad input then good, on one page load.
import type { APIRequestContext, Locator, Page, Request } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { hydrated, PDF, use } from './form-helpers.ts';

interface Lead { form: string; status: string; fields: Record<string, string>; email: { subject: string; text: string } }

const NBSP = '\u00a0';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const FR = {
  emailInvalid: `Format de courriel invalide. Exemple${NBSP}: nom@example.com`,
  phoneInvalid: `Numéro de téléphone invalide. Formats acceptés${NBSP}: (XXX) XXX-XXXX ou XXX-XXX-XXXX`,
  emailRequired: 'L\'adresse courriel est obligatoire',
  phoneRequired: 'Le numéro de téléphone est obligatoire',
  firstNameRequired: 'Le prénom est obligatoire',
  formError: 'Une erreur s\'est produite. Veuillez réessayer plus tard.',
};

/** The archived lead whose fields contain `marker`, polled until the lead function has e-mailed it. */
async function leadWith(request: APIRequestContext, marker: string): Promise<Lead> {
  let found: Lead | undefined;
  await expect.poll(async () => {
    const { leads } = (await (await request.get('/_site/leads')).json()) as { leads: Lead[] };
    found = leads.find((l) => JSON.stringify(l.fields).includes(marker));
    return found?.status;
  }, { timeout: 10_000 }).toBe('sent');
  return found!;
}

/** Every JSON body the page posts to the lead function (and its upload), as sent. */
function posted(page: Page): Record<string, any>[] {
  const bodies: Record<string, any>[] = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && /\/send-email\/(upload)?$/.test(new URL(r.url()).pathname)) bodies.push({ path: new URL(r.url()).pathname, ...r.postDataJSON() });
  });
  return bodies;
}

/**
 * The message under each named field (its label → the text aria-describedby points to, '' for
 * none), read in one pass and retried until it matches: a long form under a loaded CI machine.
 */
async function described(form: Locator, expected: [label: string, message: string][]) {
  const read = () => form.locator('[name]').evaluateAll((controls) => Object.fromEntries(controls.flatMap((c) => {
    const label = (c as HTMLInputElement).labels?.[0]?.textContent?.trim();
    const ids = c.getAttribute('aria-describedby')?.split(' ') ?? [];
    return label ? [[label, ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')]] : [];
  })));
  await expect.poll(read).toMatchObject(Object.fromEntries(expected));
}

test('contact (/fr/contact-us): French messages, « Envoi… », the French error pop-up, then /fr/Thanks and a [FR] e-mail', async ({ page, request, consoleErrors }) => {
  const bodies = posted(page);
  const form = await hydrated(page, '/fr/contact-us', 'LeadForm');
  const send = form.getByRole('button', { name: 'Envoyer' });
  await send.click();
  await described(form, [['Nom', 'Nom obligatoire'], ['Téléphone', 'Numéro de téléphone obligatoire'], ['Courriel', FR.emailRequired], ['Comment nous avez-vous connus?', 'Obligatoire']]);
  await expect(form.getByLabel('Nom', { exact: true })).toBeFocused();

  const marker = `Parc de 12 camions (${unique()})`;
  await form.getByLabel('Nom', { exact: true }).fill('Élise Tremblay');
  await form.getByLabel('Téléphone', { exact: true }).fill('555-01');
  await form.getByLabel('Courriel', { exact: true }).fill('elise@parc');
  await form.getByLabel('Comment nous avez-vous connus?').selectOption('Recherche Google');
  await form.getByLabel('Message').fill(marker);
  await send.click();
  await described(form, [['Téléphone', FR.phoneInvalid], ['Courriel', FR.emailInvalid], ['Nom', '']]);

  // The first good send fails (held until « Envoi… » is seen): the pop-up is French.
  let failOnce!: () => void;
  const held = new Promise<void>((resolve) => (failOnce = resolve));
  await page.route('**/send-email/', async (route) => { await held; await route.fulfill({ status: 500, body: 'oops' }); }, { times: 1 });
  await form.getByLabel('Téléphone', { exact: true }).fill('(514) 555-0123');
  await form.getByLabel('Courriel', { exact: true }).fill('elise@parc.ca');
  await send.click();
  await expect(form.getByRole('button', { name: 'Envoi…' })).toBeDisabled();
  failOnce();
  const popup = page.getByRole('dialog');
  await expect(popup).toContainText(FR.formError);
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toBeHidden();

  await send.click();
  await expect(page).toHaveURL(/\/fr\/Thanks$/);
  expect(bodies.at(-1)).toMatchObject({ locale: 'fr', form: 'contact', fields: { department: 'Recherche Google', additionalInfo: marker } });
  const lead = await leadWith(request, marker);
  expect(lead.email.subject).toBe('[FR] Contact message: Élise Tremblay');
  expect(consoleErrors.filter((e) => !/status of 500/.test(e))).toEqual([]);
  consoleErrors.length = 0;
});

test('get started (/fr/get-started): French steps and choices that post the English values, French messages, then /fr/Thanks and a [FR] e-mail', async ({ page, request }) => {
  const bodies = posted(page);
  const wizard = await hydrated(page, '/fr/get-started', 'GetStartedWizard');
  await expect(wizard.getByRole('list', { name: 'Étape 1 de 3' })).toBeVisible();
  for (const label of ['1 - 4', '5 - 29', '30 - 399', `400 - 3${NBSP}900`, `4${NBSP}000+`]) await expect(wizard.getByRole('radio', { name: label, exact: true })).toBeVisible();
  await wizard.getByRole('radio', { name: `400 - 3${NBSP}900` }).check();
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await expect(wizard.getByRole('list', { name: 'Étape 2 de 3' })).toBeVisible();
  for (const label of ['Construction', 'Services sur le terrain', 'Camionnage et logistique', 'Livraison', 'Pétrole et gaz', 'Agriculture']) await expect(wizard.getByRole('radio', { name: label, exact: true })).toBeVisible();
  await wizard.getByRole('radio', { name: 'Camionnage et logistique' }).check();
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await expect(wizard.getByRole('list', { name: 'Étape 3 de 3' })).toBeVisible();

  const company = `Transport Laurentides ${unique()}`;
  const firstName = wizard.getByLabel('Prénom');
  await firstName.fill('x');
  await firstName.fill('');
  await firstName.blur();
  await expect(firstName).toHaveAccessibleDescription(FR.firstNameRequired);
  await firstName.fill('Élise');
  await wizard.getByLabel('Nom de famille').fill('Tremblay');
  await wizard.getByLabel('Téléphone').fill('12');
  await wizard.getByLabel('Courriel', { exact: true }).fill('elise@');
  await wizard.getByLabel('Nom de l\'entreprise').fill(company);
  const submit = wizard.getByRole('button', { name: 'Demander ma démo' });
  await submit.click();
  await expect(wizard.getByLabel('Téléphone')).toHaveAccessibleDescription(FR.phoneInvalid);
  await expect(wizard.getByLabel('Courriel', { exact: true })).toHaveAccessibleDescription(FR.emailInvalid);
  await expect(wizard.getByLabel('Téléphone')).toBeFocused();

  await wizard.getByLabel('Téléphone').fill('514-555-0123');
  await wizard.getByLabel('Courriel', { exact: true }).fill('elise@transport.ca');
  await submit.click();
  await expect(page).toHaveURL(/\/fr\/Thanks$/);
  expect(bodies.at(-1)).toMatchObject({ locale: 'fr', form: 'wizard', fields: { vehicles: '400 - 3,900', industry: 'Trucking & Logistics' } });
  const lead = await leadWith(request, company);
  expect(lead.fields).toMatchObject({ vehicles: '400 - 3,900', industry: 'Trucking & Logistics' });
  expect(lead.email.subject).toBe('[FR] Get started request: Élise Tremblay');
});

test('newsletter (French blog): the list stays under /fr/blogs, search ignores accents, French messages, then /fr/Thanks and a [FR] e-mail', async ({ page, request }) => {
  await page.goto('/fr/blogs');
  const list = page.locator('[data-island="BlogList"]');
  await expect(list).toHaveAttribute('data-hydrated', '');
  await list.getByRole('navigation').first().getByRole('link').nth(1).click();
  await expect(page).toHaveURL(/\/fr\/blogs\?category=[a-z-]+$/);
  await expect(list.locator('.pager__status')).toHaveText(/^Page 1 de \d+$/);
  await list.locator('.post-card a').first().click();
  await expect(page).toHaveURL(/\/fr\/blog-details\/\d+$/);

  // Every French post that says « véhicule » somewhere, found by typing it without the accent.
  const index = (await (await request.get('/fr/search-index.json')).json()) as { url: string; title: string; subheading: string; tags: string[]; category: string }[];
  const expected = index.filter((e) => /v[eé]hicule/i.test([e.title, e.subheading, ...e.tags, e.category].join(' ')));
  expect(expected.length).toBeGreaterThan(0);
  const search = page.locator('[data-island="BlogSearch"]');
  await search.scrollIntoViewIfNeeded();
  await expect(search).toHaveAttribute('data-hydrated', '');
  await search.getByRole('searchbox', { name: 'Rechercher des articles' }).fill('vehicule');
  await expect(search.getByRole('status')).toHaveText(expected.length === 1 ? '1 article trouvé' : `${expected.length} articles trouvés`);
  await expect(search.getByRole('listitem').getByRole('link')).toHaveCount(expected.length);
  for (const href of await search.getByRole('listitem').getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) expect(href).toMatch(/^\/fr\/blog-details\/\d+$/);

  const form = page.locator('[data-island="LeadForm"]');
  await use(form);
  await expect(form).toHaveAttribute('data-hydrated', '');
  const email = form.getByLabel('Courriel', { exact: true });
  const subscribe = form.getByRole('button', { name: 'S\'abonner' });
  await subscribe.click();
  await expect(email).toHaveAccessibleDescription(FR.emailRequired);
  await email.fill('lecteur@blogue');
  await subscribe.click();
  await expect(email).toHaveAccessibleDescription('Adresse courriel invalide');
  const address = `lecteur-${unique()}@blogue.ca`;
  await email.fill(address);
  await subscribe.click();
  await expect(page).toHaveURL(/\/fr\/Thanks$/);
  const lead = await leadWith(request, address);
  expect(lead.email.subject).toBe(`[FR] Newsletter sign-up: ${address}`);
});

test('partner (/fr/partnership): every French message of an empty form, invalid URL, e-mail and phone, then /fr/Thanks and a [FR] e-mail', async ({ page, request }) => {
  const bodies = posted(page);
  const form = await hydrated(page, '/fr/partnership', 'LeadForm');
  const apply = form.getByRole('button', { name: 'Demander un partenariat' });
  await apply.click();
  await described(form, [
    ['Partenariat souhaité', 'Le partenariat souhaité est obligatoire'], ['Nom de l\'entreprise', 'Le nom de l\'entreprise est obligatoire'],
    ['Type d\'entreprise', 'Le type d\'entreprise est obligatoire'], ['Site Web', 'Le site Web est obligatoire'],
    ['Nombre d\'employés', 'Le nombre d\'employés est obligatoire'], ['Titre du poste', 'Le titre du poste est obligatoire'],
    ['Prénom', FR.firstNameRequired], ['Nom de famille', 'Le nom de famille est obligatoire'], ['Courriel', FR.emailRequired],
    ['Numéro de téléphone', FR.phoneRequired], ['Pays', 'Le pays est obligatoire'], ['État ou province', 'L\'État ou la province est obligatoire'],
    ['Courriel de l\'autre personne-ressource', FR.emailRequired], ['Téléphone de l\'autre personne-ressource', FR.phoneRequired],
  ]);
  await expect(form.locator('.form-field__error')).toHaveCount(14);

  const marker = unique();
  const selects: Record<string, string> = { 'Partenariat souhaité': 'Ventes', 'Type d\'entreprise': 'Autre', 'Nombre d\'employés': 'Soutien', Pays: 'CA', 'État ou province': 'AZ' };
  const texts: Record<string, string> = {
    'Nom de l\'entreprise': 'Télématique Érable', 'Site Web': 'pas un site', 'Titre du poste': 'Propriétaire', Prénom: 'Ana', 'Nom de famille': 'Silva',
    Courriel: 'ana@erable', 'Numéro de téléphone': '555', 'Courriel de l\'autre personne-ressource': 'ops@erable.ca',
    'Téléphone de l\'autre personne-ressource': '438-555-0199', 'Autre chose que nous devrions savoir?': `Installateurs au Québec (${marker})`,
  };
  for (const [label, value] of Object.entries(selects)) await form.getByLabel(label, { exact: true }).selectOption(value);
  for (const [label, value] of Object.entries(texts)) await form.getByLabel(label, { exact: true }).fill(value);
  await apply.click();
  await described(form, [['Site Web', 'Adresse Web invalide'], ['Courriel', FR.emailInvalid], ['Numéro de téléphone', FR.phoneInvalid], ['Prénom', '']]);

  await form.getByLabel('Site Web', { exact: true }).fill('erable-telematique.ca');
  await form.getByLabel('Courriel', { exact: true }).fill('ana@erable.ca');
  await form.getByLabel('Numéro de téléphone', { exact: true }).fill('(438) 555-0123');
  await apply.click();
  await expect(page).toHaveURL(/\/fr\/Thanks$/);
  expect(bodies.at(-1)).toMatchObject({ locale: 'fr', form: 'partner', fields: { department: 'Ventes', country: 'CA' } });
  const lead = await leadWith(request, marker);
  expect(lead.email.subject).toBe('[FR] Partner application: Ana Silva');
});

test('job application (/fr/career): French messages and résumé refusals, then the upload and lead in French, /fr/Thanks and a [FR] e-mail', async ({ page, request }) => {
  const bodies = posted(page);
  const jobs = await hydrated(page, '/fr/career', 'CareerJobs');
  await jobs.getByRole('button', { name: `Postuler${NBSP}: Designer UX` }).click();
  const dialog = page.getByRole('dialog', { name: /^Postuler\s:\sDesigner UX$/ });
  await expect(dialog).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Envoyer ma candidature' });
  await send.click();
  await described(dialog, [['Nom complet', 'Le nom complet est obligatoire.'], ['Courriel', 'L\'adresse courriel est obligatoire.'], ['Téléphone', 'Le numéro de téléphone est obligatoire.']]);
  await expect(dialog.getByLabel('Nom complet')).toBeFocused();

  const resume = dialog.getByLabel('CV (PDF, DOC ou DOCX)');
  await resume.setInputFiles({ name: 'cv.txt', mimeType: 'text/plain', buffer: Buffer.from('bonjour') });
  await expect(resume).toHaveAccessibleDescription(/^Choisissez un fichier PDF, DOC ou DOCX/);
  await resume.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(resume).toHaveAccessibleDescription(new RegExp(`^Le CV ne doit pas dépasser 5${NBSP}Mo`));

  const marker = unique();
  await resume.setInputFiles(PDF);
  await dialog.getByLabel('Nom complet').fill('Élise Tremblay');
  await dialog.getByLabel('Courriel', { exact: true }).fill('elise@');
  await dialog.getByLabel('Téléphone', { exact: true }).fill('438-555-0123');
  await dialog.getByLabel('Autre chose que vous aimeriez nous dire').fill(`Disponible en mai (${marker})`);
  await send.click();
  await expect(dialog.getByLabel('Courriel', { exact: true })).toHaveAccessibleDescription(FR.emailInvalid);
  await dialog.getByLabel('Courriel', { exact: true }).fill('elise@exemple.ca');
  await send.click();
  await expect(page).toHaveURL(/\/fr\/Thanks$/);
  expect(bodies.map((b) => [b.path, b.locale])).toEqual([['/send-email/upload', 'fr'], ['/send-email/', 'fr']]);
  const lead = await leadWith(request, marker);
  expect(lead).toMatchObject({ form: 'job', fields: { position: 'Designer UX', resume: 'cv.pdf' } });
  expect(lead.email.subject).toBe('[FR] Job application: Élise Tremblay');
});
