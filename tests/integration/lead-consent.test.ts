// Issue #18 against the emulators: consent to news and offers (CASL) with double opt-in, the
// signed confirm and unsubscribe links, and the receipt every visitor gets after a valid lead.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { signLink, wording } from '../../functions/send-email/consent.ts';
import { s3Archive } from '../../functions/send-email/archive.ts';
import type { Mailer } from '../../functions/send-email/mailer.ts';
import { call, event, lead, ORIGIN, settings, startEmulators, valid, type Captured, type Emulators } from './lead-harness.ts';

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const SECRET = 'test-link-secret-0123456789-abcdefghijklmnop';
let aws: Emulators;
let handler: ReturnType<Emulators['handler']>;

beforeAll(async () => {
  aws = await startEmulators('leads-consent');
  handler = aws.handler({ linkSecret: SECRET, linkBase: ORIGIN });
});
afterAll(() => aws.close());
beforeEach(() => aws.clearMail());

const CLIENT = { 'user-agent': 'Mozilla/5.0 (Consent test)', referer: `${ORIGIN}/blogs/eld-canada` };
const to = (mails: Captured[], address: string) => mails.filter((m) => m.destination.to.includes(address));
const linkIn = (mail: Captured, kind: 'confirm' | 'unsubscribe') => {
  const found = new RegExp(`${ORIGIN}/send-email/${kind}\\?t=[A-Za-z0-9_.-]+(?:&l=fr)?`).exec(mail.body.text)?.[0];
  if (!found) throw new Error(`no ${kind} link in ${mail.subject}`);
  return new URL(found);
};
/** A GET or POST of a link as the browser sends it. */
const open = (url: URL, method = 'GET', body?: string) => handler({
  ...event(body ?? '', { method, path: url.pathname, type: 'application/x-www-form-urlencoded', origin: method === 'POST' ? ORIGIN : undefined, headers: { 'user-agent': 'Mozilla/5.0 (Clicker)' } }),
  rawQueryString: url.search.slice(1),
});
const archive = () => s3Archive(aws.client(), aws.bucket);

describe('newsletter sign-up with double opt-in', () => {
  test('sign-up → consent record (wording, time, IP, page) → e-mail with both links → confirm → confirmed; unsubscribe → withdrawn', async () => {
    const address = `reader-${Date.now()}@example.ca`;
    const before = Date.now();
    const response = await call(handler, lead('newsletter', { email: address }), { headers: CLIENT });
    expect(response.json).toMatchObject({ accepted: true });

    const [requested] = await archive().consentEvents(address);
    expect(requested).toMatchObject({
      type: 'requested', email: address, form: 'newsletter', locale: 'en', leadId: response.json.id, consentId: response.json.id,
      wording: wording(settings.consentText!.en!.newsletter), userAgent: 'Mozilla/5.0 (Consent test)', page: '/blogs/eld-canada',
    });
    expect((requested as { wording: { text: string } }).wording.text).toContain('withdraw your consent at any time');
    expect(Date.parse(requested!.at)).toBeGreaterThanOrEqual(before - 1000);
    // The harness's events carry no source address; the record keeps what the request had.
    expect(requested).toHaveProperty('ip');

    const mails = await aws.mails();
    expect(to(mails, settings.salesInbox)).toHaveLength(1);
    const [optIn] = to(mails, address);
    expect(optIn!.from).toBe(settings.sender);
    expect(optIn!.subject).toBe('Please confirm your subscription to Trillium Fleet news');
    for (const part of ['Trillium Fleet Technologies Inc.', 'Suite 1400, 250 Harbourview Street, Toronto', '(416) 555-0142', 'info@trilliumfleet.example', 'https://www.trilliumfleet.example']) {
      expect(optIn!.body.text).toContain(part);
    }
    const confirm = linkIn(optIn!, 'confirm');
    const unsubscribe = linkIn(optIn!, 'unsubscribe');
    expect(optIn!.body.html).toContain(`href="${confirm.href.replace(/&/g, '&amp;')}"`);

    // A scanner's GET shows a page with a button and confirms nothing.
    const page = await open(confirm);
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<form method="post"');
    expect((await archive().consentEvents(address)).map((e) => e.type)).toEqual(['requested']);

    const done = await open(confirm, 'POST', new URLSearchParams({ t: confirm.searchParams.get('t')! }).toString());
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your subscription is confirmed');
    const confirmed = (await archive().consentEvents(address))[1]!;
    expect(confirmed).toMatchObject({ type: 'confirmed', consentId: response.json.id, email: address, userAgent: 'Mozilla/5.0 (Clicker)' });
    // Again: nothing new.
    expect((await open(confirm, 'POST', `t=${confirm.searchParams.get('t')}`)).body).toContain('already confirmed');

    const gone = await open(unsubscribe);
    expect(gone.statusCode).toBe(200);
    expect(gone.body).toContain('You are unsubscribed');
    expect((await archive().consentEvents(address)).map((e) => e.type)).toEqual(['requested', 'confirmed', 'withdrawn']);
    // The old confirmation link cannot undo the withdrawal.
    expect((await open(confirm, 'POST', `t=${confirm.searchParams.get('t')}`)).statusCode).toBe(409);
  });

  test('a forged, altered, misdirected or expired token is refused and records nothing', async () => {
    const address = `victim-${Date.now()}@example.ca`;
    const base = new URL(`${ORIGIN}/send-email/unsubscribe`);
    const good = signLink(SECRET, 'unsubscribe', address, new Date());
    const [payload, signature] = good.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ a: 'unsubscribe', e: 'someone-else@example.ca', t: Math.floor(Date.now() / 1000) })).toString('base64url');
    const tokens = [
      signLink('another-secret-of-the-same-length-0123456789', 'unsubscribe', address, new Date()), // forged with a guessed key
      `${other}.${signature}`, // someone else's address under this signature
      `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, // one character changed
      `${payload}.${signature.slice(0, -1)}${B64URL[B64URL.indexOf(signature.at(-1)!) ^ 1]}`, // the same bytes spelled otherwise (the last character's unused bits)
      signLink(SECRET, 'confirm', address, new Date(), 'x'), // a confirm token used to unsubscribe
      signLink(SECRET, 'unsubscribe', address, new Date(Date.now() - 401 * 86_400_000)), // too old
      '', 'not-a-token', `${payload}.`,
    ];
    for (const t of tokens) {
      const url = new URL(base);
      url.searchParams.set('t', t);
      const answer = await open(url);
      expect(answer.statusCode, t).toBe(400);
      expect(answer.body).toContain('This link does not work');
    }
    // A well-signed confirm link for a request that was never made confirms nothing.
    const confirm = new URL(`${ORIGIN}/send-email/confirm`);
    const t = signLink(SECRET, 'confirm', address, new Date(), '20260101-000000-000000000000');
    expect((await open(confirm, 'POST', `t=${t}`)).statusCode).toBe(400);
    expect(await archive().consentEvents(address)).toEqual([]);
    expect(await archive().consentEvents('someone-else@example.ca')).toEqual([]);
  });

  test('a French sign-up gets the French e-mail, and its links answer French pages', async () => {
    const address = `lectrice-${Date.now()}@example.ca`;
    await call(handler, lead('newsletter', { email: address }, { locale: 'fr' }), { headers: CLIENT });
    const [optIn] = to(await aws.mails(), address);
    expect(optIn!.subject).toBe('Confirmez votre abonnement aux nouvelles de Trillium Fleet');
    expect(optIn!.body.text).toContain('250, rue Harbourview, bureau 1400');
    const page = await open(linkIn(optIn!, 'unsubscribe'));
    expect(page.body).toContain('<html lang="fr-CA">');
    expect(page.body).toContain('Vous êtes désabonné');
    const [requested] = await archive().consentEvents(address);
    expect(requested).toMatchObject({ locale: 'fr', wording: wording(settings.consentText!.fr!.newsletter) });
  });
});

describe('the receipt to every visitor', () => {
  test('a contact lead gets a receipt in its language with none of what the visitor typed; the news box follows the consent path', async () => {
    const address = `ana-${Date.now()}@fleet.ca`;
    const fields = { ...valid.contact, email: address, name: 'Zebulon Quux', additionalInfo: 'Buy cheap pills at spam.example now' };
    const response = await call(handler, lead('contact', fields, { newsOptIn: true }), { headers: CLIENT });
    expect(response.json).toMatchObject({ accepted: true });
    const mine = to(await aws.mails(), address);
    const receipt = mine.find((m) => m.subject === 'Trillium Fleet: we received your message')!;
    expect(receipt.body.text).toContain('within one business day');
    expect(receipt.body.text).toContain('/send-email/unsubscribe?t=');
    for (const part of ['Zebulon', 'Quux', 'spam.example', 'pills', valid.contact.phone, 'LinkedIn']) {
      expect(receipt.body.text).not.toContain(part);
      expect(receipt.body.html).not.toContain(part);
      expect(receipt.subject).not.toContain(part);
    }
    // The box ticked: a consent request with the box's own wording, and the opt-in e-mail.
    expect(mine.map((m) => m.subject).sort()).toEqual(['Please confirm your subscription to Trillium Fleet news', 'Trillium Fleet: we received your message']);
    const [requested] = await archive().consentEvents(address);
    expect(requested).toMatchObject({ form: 'contact', wording: wording(settings.consentText!.en!.optIn) });
    const sales = to(await aws.mails(), settings.salesInbox)[0]!;
    expect(sales.body.text).toContain('News and offers: Asked for');
  });

  test('the box unticked: a receipt, no consent request', async () => {
    const address = `plain-${Date.now()}@fleet.ca`;
    await call(handler, lead('wizard', { ...valid.wizard, email: address }), { headers: CLIENT });
    expect(to(await aws.mails(), address).map((m) => m.subject)).toEqual(['Trillium Fleet: we received your demo request']);
    expect(await archive().consentEvents(address)).toEqual([]);
  });

  test('two leads from one address in a day → one receipt; another form the same day gets its own', async () => {
    const address = `twice-${Date.now()}@fleet.ca`;
    await call(handler, lead('contact', { ...valid.contact, email: address }));
    await call(handler, lead('contact', { ...valid.contact, email: address.toUpperCase(), additionalInfo: 'Second message' }));
    await call(handler, lead('job', { ...valid.job, email: address }));
    const mails = await aws.mails();
    expect(to(mails, settings.salesInbox)).toHaveLength(2);
    expect(to(mails, settings.hiringInbox)).toHaveLength(1);
    const receipts = mails.filter((m) => m.destination.to.some((t) => t.toLowerCase() === address));
    expect(receipts.map((m) => m.subject).sort()).toEqual(['Trillium Fleet: we received your job application', 'Trillium Fleet: we received your message']);
  });

  test('no receipt for a honeypot hit or an invalid lead', async () => {
    const address = `bot-${Date.now()}@fleet.ca`;
    await call(handler, lead('contact', { ...valid.contact, email: address }, { fax: 'bot' }));
    await call(handler, lead('contact', { ...valid.contact, email: address, phone: '12' }));
    expect(await aws.mails()).toEqual([]);
  });

  test('SES failing on the receipt: the lead is still accepted, archived and sent to sales', async () => {
    const address = `ses-down-${Date.now()}@fleet.ca`;
    const real = (await import('../../functions/send-email/mailer.ts')).sesMailer((await import('../../generator/local-aws.ts')).localSesClient(aws.ses.url));
    // SES refuses every message to the visitor (as it does for an address on its suppression list).
    const mailer: Mailer = { send: (email) => (email.to.includes(address) ? Promise.reject(new Error('MessageRejected')) : real.send(email)) };
    const warnings: string[] = [];
    const failing = aws.handler({ linkSecret: SECRET, linkBase: ORIGIN, mailer, warn: (step) => warnings.push(step) });
    const response = await call(failing, lead('contact', { ...valid.contact, email: address }, { newsOptIn: 'yes' }));
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({ accepted: true });
    expect((await aws.leads()).find((l) => l.id === response.json.id)).toMatchObject({ status: 'sent' });
    expect(to(await aws.mails(), settings.salesInbox)).toHaveLength(1);
    expect(warnings.sort()).toEqual(['consent', 'receipt']);
    // The consent request was archived before its e-mail failed.
    expect((await archive().consentEvents(address)).map((e) => e.type)).toEqual(['requested']);
  });
});
