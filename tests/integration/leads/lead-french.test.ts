// Issue #16 against the emulators: a lead carries its language (`locale`, English by default);
// a French visitor reads the problems in French, lands on /fr/Thanks, and sales learn from the
// e-mail's subject and first line that the answer must be in French.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { E1, messages } from '../../../common/lead/validation.ts';
import { call, event, lead, LEAD_ID, rawSubject, startEmulators, submissionId, valid, type Emulators } from '../lead-harness.ts';

let aws: Emulators;
let handler: ReturnType<Emulators['handler']>;

beforeAll(async () => {
  aws = await startEmulators('leads-french');
  handler = aws.handler();
});
afterAll(() => aws.close());
beforeEach(() => aws.clearMail());

const FORM = { type: 'application/x-www-form-urlencoded' };
const post = (values: Record<string, string>) => handler(event(new URLSearchParams(values).toString(), FORM));

describe('field errors in the visitor\'s language', () => {
  test('a French JSON lead with bad input gets French messages', async () => {
    const response = await call(handler, lead('contact', { ...valid.contact, email: 'ana@fleet', name: '' }, { locale: 'fr' }));
    expect(response.statusCode).toBe(400);
    expect(response.json).toEqual({ accepted: false, errors: { name: 'Nom obligatoire', email: messages.fr.emailInvalid } });
    expect(await aws.mails()).toHaveLength(0);
  });

  test('a French no-JS post with bad input gets a French page (lang="fr-CA", French labels) that links back to the French form', async () => {
    const response = await post({ form: 'contact', locale: 'fr', name: '', phone: '1', email: 'x@', department: '' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<html lang="fr-CA">');
    const text = response.body.replace(/&#39;/g, '\'');
    for (const part of ['Vérifiez le formulaire', 'formulaire de contact', 'Nom obligatoire', messages.fr.phoneInvalid, messages.fr.emailInvalid, 'Comment nous avez-vous connus?', 'Retour au formulaire', 'href="/fr/contact-us"']) expect(text).toContain(part);
    expect(text).not.toMatch(/Please|Required|Go back/);
  });

  test('an unknown locale is English', async () => {
    const response = await call(handler, lead('contact', { ...valid.contact, email: 'ana@fleet' }, { locale: 'de' }));
    expect(response.json).toEqual({ accepted: false, errors: { email: E1 } });
    const page = await post({ form: 'contact', locale: 'klingon', name: '', phone: '(416) 555-0123', email: 'ana@fleet.ca', department: 'x' });
    expect(page.body).toContain('<html lang="en-CA">');
    expect(page.body).toContain('Name Required');
    expect(page.body).toContain('href="/contact-us"');
  });
});

describe('résumé problems in the visitor\'s language', () => {
  test('a French upload request for a .txt file and a French job lead with a foreign résumé key get French messages', async () => {
    const ticket = await call(handler, { fileName: 'cv.txt', contentType: 'text/plain', size: 10, submissionId: submissionId(), locale: 'fr' }, { path: '/send-email/upload' });
    expect(ticket.json).toEqual({ accepted: false, errors: { resume: 'Choisissez un fichier PDF, DOC ou DOCX' } });
    const missing = await call(handler, lead('job', valid.job, { locale: 'fr', resumeKey: 'uploads/2026/11/23/00000000-0000-4000-8000-000000000000/cv.pdf' }));
    expect(missing.json).toEqual({ accepted: false, errors: { resume: messages.fr.resumeNotUploaded } });
    const foreign = await call(handler, lead('job', valid.job, { locale: 'fr', resumeKey: 'resumes/elsewhere.pdf' }));
    expect(foreign.json).toEqual({ accepted: false, errors: { resume: messages.fr.resumeWrongType } });
  });
});

describe('a good French lead', () => {
  test('a French no-JS post is answered 303 to /fr/Thanks and archived with its locale', async () => {
    const response = await post({ form: 'newsletter', locale: 'fr', email: `lecteur-${Date.now()}@example.ca` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/fr/Thanks');
    const [mail] = await aws.mails();
    expect(mail!.subject).toMatch(/^\[FR\] /);
    const stored = (await aws.leads()).find((l) => l.fields.email?.startsWith('lecteur-'))!;
    expect(stored.locale).toBe('fr');
    expect(stored.fields).not.toHaveProperty('locale');
  });

  test('the e-mail to sales states French in its subject and first line, text and HTML', async () => {
    const response = await call(handler, lead('wizard', { ...valid.wizard, firstName: 'Élise', lastName: 'Tremblay' }, { locale: 'fr' }));
    expect(response.json).toEqual({ accepted: true, id: expect.stringMatching(LEAD_ID) });
    const [mail] = await aws.mails();
    expect(mail!.subject).toBe('[FR] Get started request: Élise Tremblay');
    expect(rawSubject(await aws.eml(mail!.messageId))).toBe('[FR] Get started request: Élise Tremblay');
    expect(mail!.body.text.split('\n')[0]).toBe('The visitor wrote in French: reply in French.');
    expect(mail!.body.html).toContain('The visitor wrote in French: reply in French.');
    expect((await aws.leads()).find((l) => l.id === response.json.id)!.locale).toBe('fr');
  });
});

describe('English leads are unchanged', () => {
  test('no locale: English subject and first line, /Thanks, archived as en', async () => {
    const response = await call(handler, lead('contact', { ...valid.contact, name: 'Plain English' }));
    expect(response.json).toEqual({ accepted: true, id: expect.stringMatching(LEAD_ID) });
    const [mail] = await aws.mails();
    expect(mail!.subject).toBe('Contact message: Plain English');
    expect(mail!.body.text.split('\n')[0]).toBe('Contact message from the Trillium Fleet website');
    expect(mail!.body.text).not.toContain('French');
    expect((await aws.leads()).find((l) => l.id === response.json.id)!.locale).toBe('en');
    const page = await post({ form: 'newsletter', email: `english-${Date.now()}@example.ca` });
    expect(page.headers.location).toBe('/Thanks');
  });
});
