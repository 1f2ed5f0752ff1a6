// Issue #18 against the emulators: consent to news and offers (CASL) with double opt-in, the
// signed confirm and unsubscribe links, and the receipt every visitor gets after a valid lead.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { addressHash, consentStatus, signLink, wording, type ConsentEvent } from '../../../functions/send-email/consent.ts';
import { s3Archive } from '../../../functions/send-email/archive.ts';
import { resendUnsent } from '../../../functions/send-email/lead.ts';
import { sesMailer, type Mailer } from '../../../functions/send-email/mailer.ts';
import { localSesClient } from '../../../generator/preview/local-aws.ts';
import { call, event, lead, ORIGIN, settings, startEmulators, valid, type Captured, type Emulators } from '../lead-harness.ts';

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
    const real = (await import('../../../functions/send-email/mailer.ts')).sesMailer((await import('../../../generator/preview/local-aws.ts')).localSesClient(aws.ses.url));
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

describe('an address\'s consent history stays small and cheap to read', () => {
  /** The archive on a client that counts its S3 requests. */
  function counted() {
    const client = aws.client();
    const counter = { requests: 0 };
    client.middlewareStack.add((next) => async (args) => {
      counter.requests += 1;
      return next(args);
    }, { step: 'initialize', name: 'count-requests' });
    return { archive: s3Archive(client, aws.bucket), counter };
  }

  test('many sign-ups of one address in a day: one consent request, every lead\'s consent naming it, one opt-in e-mail (each sign-up wrote an event)', async () => {
    const address = `many-${Date.now()}@example.ca`;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await call(handler, lead('newsletter', { email: i % 2 ? address.toUpperCase() : address }), { headers: CLIENT })).json.id);
    const events = await archive().consentEvents(address);
    expect(events.map((e) => e.type)).toEqual(['requested']);
    expect(events[0]).toMatchObject({ consentId: ids[0], leadId: ids[0] });
    const leads = (await aws.leads()).filter((l) => ids.includes(l.id));
    expect(leads).toHaveLength(12);
    for (const l of leads) expect(l.consent).toMatchObject({ id: ids[0] });
    expect(to(await aws.mails(), address)).toHaveLength(1);
  });

  test('a stop between the day\'s marker and its event: the next sign-up that day writes the event the marker names', async () => {
    const address = `stopped-${Date.now()}@example.ca`;
    const at = new Date().toISOString();
    const event = { type: 'requested', consentId: 'marked-request', email: address, at, form: 'newsletter', locale: 'en', wording: wording('x'), leadId: 'marked-request', ip: '', userAgent: '' } as const;
    const key = `consent/${addressHash(address)}/${at.replace(/[:.]/g, '')}-requested-00000000.json`;
    await aws.client().send(new PutObjectCommand({ Bucket: aws.bucket, Key: `notices/${at.slice(0, 10)}/consent-request/${addressHash(address)}.json`, Body: JSON.stringify({ key, event }) }));
    const response = await call(handler, lead('newsletter', { email: address }));
    expect((await archive().consentEvents(address)).map((e) => [e.type, e.consentId])).toEqual([['requested', 'marked-request']]);
    expect((await aws.leads()).find((l) => l.id === response.json.id)!.consent).toMatchObject({ id: 'marked-request' });
  });

  test('a long history: the standing is read in at most three requests and agrees with the whole history; an unsubscribe click costs as little (it read every event, one by one)', async () => {
    const address = `history-${Date.now()}@example.ca`;
    const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString();
    const base = { email: address, ip: '', userAgent: '' };
    const request = (n: number): ConsentEvent => ({ ...base, type: 'requested', consentId: `r${n}`, at: day(n), form: 'newsletter', locale: 'en', wording: wording('x'), leadId: `r${n}` });
    for (let n = 0; n < 120; n++) await archive().addConsent(request(n));
    const check = async (expected: string) => {
      const { archive: reader, counter } = counted();
      const standing = await reader.consentStanding(address);
      expect(counter.requests).toBeLessThanOrEqual(3);
      expect(consentStatus(standing)).toEqual(consentStatus(await archive().consentEvents(address)));
      expect(consentStatus(standing).status).toBe(expected);
    };
    await check('pending');
    await archive().addConsent({ ...base, type: 'confirmed', consentId: 'r100', at: day(121) });
    await archive().addConsent(request(122));
    await check('confirmed');
    await archive().addConsent({ ...base, type: 'withdrawn', via: 'link', consentId: '', at: day(123) });
    await check('withdrawn');
    await archive().addConsent(request(124));
    await check('pending');

    const { archive: reader, counter } = counted();
    const clicking = aws.handler({ archive: reader, linkSecret: SECRET, linkBase: ORIGIN });
    const url = new URL(`${ORIGIN}/send-email/unsubscribe?t=${signLink(SECRET, 'unsubscribe', address, new Date())}`);
    const answer = await clicking({ ...event('', { method: 'GET', path: url.pathname, origin: undefined }), rawQueryString: url.search.slice(1) });
    expect(answer.statusCode).toBe(200);
    expect(counter.requests).toBeLessThanOrEqual(4);
    // The whole history (export, `site leads consent`, a confirmation) is still all there, in order.
    expect((await archive().consentEvents(address)).map((e) => e.type).slice(-4)).toEqual(['requested', 'withdrawn', 'requested', 'withdrawn']);
  });
});

describe('`site leads resend` completes what the visitor\'s request would have done', () => {
  test('a newsletter sign-up made while SES was down, sent by resendUnsent: its consent request (dated when asked), opt-in e-mail and webhook entry (it got none of them)', async () => {
    const address = `while-down-${Date.now()}@example.ca`;
    const down = aws.handler({ linkSecret: SECRET, linkBase: ORIGIN, webhook: {}, mailer: sesMailer(localSesClient('http://127.0.0.1:9')) });
    const response = await call(down, lead('newsletter', { email: address }), { headers: CLIENT });
    expect(response.statusCode).toBe(502);
    expect(await archive().consentEvents(address)).toEqual([]);
    const [unsent] = (await aws.leads()).filter((l) => l.message.from_email === address);
    await new Promise((resolve) => setTimeout(resolve, 20));

    const result = await resendUnsent({ archive: archive(), mailer: sesMailer(localSesClient(aws.ses.url)), settings, linkSecret: SECRET, linkBase: ORIGIN, webhook: {} });
    expect(result).toMatchObject({ sent: 1, failed: 0 });
    const events = await archive().consentEvents(address);
    expect(events).toEqual([expect.objectContaining({ type: 'requested', consentId: unsent!.consent!.id, at: unsent!.receivedAt, ip: '', userAgent: '', page: '/blogs/eld-canada' })]);
    const [optIn] = to(await aws.mails(), address);
    expect(optIn!.subject).toBe('Please confirm your subscription to Trillium Fleet news');
    expect(await aws.keys('outbox/')).toContain(`outbox/${unsent!.id}.json`);
    // The confirm link it carries works: the request it names is archived.
    const confirm = linkIn(optIn!, 'confirm');
    expect((await open(confirm, 'POST', `t=${confirm.searchParams.get('t')}`)).body).toContain('Your subscription is confirmed');
  });

  test('the CLI as operators run it, with the function\'s LEAD_LINK_SECRET and LEAD_WEBHOOK_URL: the opt-in e-mail and the webhook entry; without the secret it says no visitor e-mail goes', async () => {
    const signUp = async (address: string) => {
      const down = aws.handler({ linkSecret: SECRET, linkBase: ORIGIN, webhook: {}, mailer: sesMailer(localSesClient('http://127.0.0.1:9')) });
      expect((await call(down, lead('newsletter', { email: address }), { headers: CLIENT })).statusCode).toBe(502);
      return (await aws.leads()).find((l) => l.message.from_email === address)!;
    };
    const address = `cli-resend-${Date.now()}@example.ca`;
    const unsent = await signUp(address);
    const { stdout } = await aws.resend({ LEAD_LINK_SECRET: SECRET, LEAD_WEBHOOK_URL: 'https://hooks.example/leads' });
    expect(stdout).toContain('✓ sent');
    expect(stdout).not.toContain('LEAD_LINK_SECRET is not set');
    const [optIn] = to(await aws.mails(), address);
    expect(optIn!.subject).toBe('Please confirm your subscription to Trillium Fleet news');
    const confirm = linkIn(optIn!, 'confirm');
    expect((await open(confirm, 'POST', `t=${confirm.searchParams.get('t')}`)).body).toContain('Your subscription is confirmed');
    expect(await aws.keys('outbox/')).toContain(`outbox/${unsent.id}.json`);

    const quiet = `cli-resend-quiet-${Date.now()}@example.ca`;
    const second = await signUp(quiet);
    const env = { LEAD_LINK_SECRET: '', LEAD_WEBHOOK_URL: '' };
    expect((await aws.resend(env)).stdout).toContain('LEAD_LINK_SECRET is not set: resent leads get no visitor e-mail');
    expect(to(await aws.mails(), quiet)).toEqual([]);
    expect(await archive().consentEvents(quiet)).toEqual([expect.objectContaining({ type: 'requested', consentId: second.consent!.id })]);
    expect(await aws.keys('outbox/')).not.toContain(`outbox/${second.id}.json`);
  });
});
