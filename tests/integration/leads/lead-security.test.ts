// Issue #14 against the emulators: what an attacker could do to the lead function, and what it
// now answers. Each test is named after what broke.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createHandler } from '../../../functions/send-email/handler.ts';
import { s3Archive } from '../../../functions/send-email/archive.ts';
import { sesMailer } from '../../../functions/send-email/mailer.ts';
import { E1, RESUME } from '../../../common/lead/validation.ts';
import { localS3Client, localSesClient } from '../../../generator/preview/local-aws.ts';
import { MAX_BODY_BYTES } from '../../../functions/send-email/http.ts';
import { call, event, lead, LEAD_ID, ORIGIN, PDF, rawSubject, settings, startEmulators, submissionId, upload, valid, type Emulators } from '../lead-harness.ts';

let aws: Emulators;
let handler: ReturnType<Emulators['handler']>;

beforeAll(async () => {
  aws = await startEmulators('leads-security');
  handler = aws.handler();
});
afterAll(() => aws.close());
beforeEach(() => aws.clearMail());

describe('field names come from the form\'s schema only', () => {
  test('a field named toString or constructor gets the spec\'s messages, not "_: field.resolve is not a function"', async () => {
    const response = await call(handler, lead('contact', { toString: 'x', constructor: 'y', valueOf: 'z', hasOwnProperty: 'w' }));
    expect(response.statusCode).toBe(400);
    expect(response.json).toEqual({ accepted: false, errors: { name: 'Name Required', phone: 'phone number Required', email: 'Email is required', department: 'Required' } });
    expect(response.body).not.toMatch(/resolve|function|TypeError|_"/);
  });

  test('a valid lead with extra prototype-named fields is accepted and keeps only the declared fields', async () => {
    const response = await call(handler, JSON.parse(JSON.stringify(lead('newsletter', { ...valid.newsletter, toString: 'x', constructor: 'y' })).replace('"fields":{', '"fields":{"__proto__":{"polluted":"yes"},')));
    expect(response.json).toEqual({ accepted: true, id: expect.stringMatching(LEAD_ID) });
    const stored = (await aws.leads()).find((l) => l.id === response.json.id)!;
    expect(Object.keys(stored.fields)).toEqual(['email']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('e-mail addresses within the limits mail can carry', () => {
  test('a 300-character address is refused with the spec\'s e-mail message (it was accepted and Reply-To cut to 254 characters)', async () => {
    const long = `${'a'.repeat(60)}@${'b'.repeat(236)}.ca`;
    expect(long).toHaveLength(300);
    expect((await call(handler, lead('contact', { ...valid.contact, email: long }))).json).toEqual({ accepted: false, errors: { email: E1 } });
    expect((await call(handler, lead('newsletter', { email: long }))).json).toEqual({ accepted: false, errors: { email: 'Invalid email address' } });
    expect(await aws.mails()).toHaveLength(0);
  });

  test('65 characters before the @ are refused with the spec\'s e-mail message', async () => {
    expect((await call(handler, lead('contact', { ...valid.contact, email: `${'a'.repeat(65)}@fleet.ca` }))).json).toEqual({ accepted: false, errors: { email: E1 } });
  });
});

describe('what reaches a header', () => {
  test('bidi controls and zero-width characters in a name do not reach the Subject (raw message checked)', async () => {
    const name = 'Ana\u202E\u200BSilva\uFEFF \u2066Evil\u2069\u200D\u061C';
    const response = await call(handler, lead('contact', { ...valid.contact, name }));
    expect(response.json.accepted).toBe(true);
    const [mail] = await aws.mails();
    expect(mail!.subject).not.toMatch(/\p{Cf}/u);
    expect(mail!.subject).toContain('AnaSilva Evil');
    const subject = rawSubject(await aws.eml(mail!.messageId));
    expect(subject).toContain('AnaSilva Evil');
    expect(subject).not.toMatch(/\p{Cf}/u);
  });
});

describe('controls and invisible characters', () => {
  test('C1 controls leave one-line fields; NEL, U+2028 and U+2029 in a message are line breaks the text body indents (C1 reached the archive and the e-mail, and the separators escaped the indentation)', async () => {
    const response = await call(handler, lead('contact', { ...valid.contact, name: 'Ana\u0085Bcc: x\u0080\u009fSilva', additionalInfo: 'Line one\u2028Label: forged\u2029Two\u0085Three\u0090' }));
    expect(response.json.accepted).toBe(true);
    const stored = (await aws.leads()).find((l) => l.id === response.json.id)!;
    expect(stored.fields.name).toBe('Ana Bcc: x Silva');
    expect(stored.fields.additionalInfo).toBe('Line one\nLabel: forged\nTwo\nThree');
    const [mail] = await aws.mails();
    for (const body of [mail!.body.text, mail!.body.html]) expect(body).not.toMatch(/[\u0080-\u009f\u2028\u2029]/);
    expect(mail!.body.text).toContain('\n  Line one\n  Label: forged\n  Two\n  Three');
    expect(mail!.body.text).not.toMatch(/^Label: forged/m);
  });

  test('a name of nothing visible (zero-width space, word joiner, U+180E, Hangul filler, braille blank, NEL) gets the spec\'s "Name Required" (it was accepted)', async () => {
    for (const name of ['\u200B', '\u2060', '\u180E', '\u3164', '\u2800', '\u0085', ' \u200B\u3164\u2800 ', '\uFFA0\u115F']) {
      const response = await call(handler, lead('contact', { ...valid.contact, name }));
      expect(response.json, JSON.stringify(name)).toEqual({ accepted: false, errors: { name: 'Name Required' } });
    }
    expect(await aws.mails()).toHaveLength(0);
  });
});

describe('HTTP edge', () => {
  test('a form named by a deeply nested array → 400 naming its type (quoting it overflowed the stack: a 503, as if S3 were down)', async () => {
    const response = await call(handler, `{"form":${'['.repeat(20_000)}${']'.repeat(20_000)},"fields":{}}`);
    expect(response).toMatchObject({ statusCode: 400, json: { accepted: false, error: expect.stringMatching(/^Unknown form \(an array\); expected one of wizard, /) } });
    expect((await call(handler, { form: { big: 'A'.repeat(60_000) }, fields: {} })).body.length).toBeLessThan(200);
    expect((await call(handler, { form: 7, fields: {} })).json.error).toMatch(/^Unknown form \(a number\)/);
  });

  test('without JavaScript, a body over 64 KB and S3 unreachable get a page in the visitor\'s language with a way back (they got raw JSON)', async () => {
    const form = { type: 'application/x-www-form-urlencoded' };
    const big = await handler(event(`form=contact&additionalInfo=${'x'.repeat(70_000)}`, { ...form, headers: { referer: `${ORIGIN}/contact-us` } }));
    expect(big.statusCode).toBe(413);
    expect(big.headers['content-type']).toMatch(/^text\/html/);
    expect(big.body).toContain('larger than 64 KB');
    expect(big.body).toContain('<a href="/contact-us">Go back to the form</a>');
    const bigFr = await handler(event(`form=contact&additionalInfo=${'x'.repeat(70_000)}`, { ...form, headers: { referer: `${ORIGIN}/fr/contact-us` } }));
    expect(bigFr.body).toContain('<html lang="fr-CA">');
    expect(bigFr.body).toContain('href="/fr/contact-us"');

    const broken = createHandler({ archive: s3Archive(localS3Client('http://127.0.0.1:9'), aws.bucket), mailer: sesMailer(localSesClient(aws.ses.url)), settings, phone: settings.phone, allowedOrigins: [ORIGIN], log: () => {} });
    const down = await broken(event(new URLSearchParams({ form: 'job', locale: 'fr', ...valid.job }).toString(), form));
    expect(down.statusCode).toBe(503);
    expect(down.headers['content-type']).toMatch(/^text\/html/);
    expect(down.body).toContain('Une erreur s&#39;est produite. Veuillez réessayer plus tard.');
    expect(down.body).toContain('href="/fr/career"');
    expect(down.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    const downEn = await broken(event(new URLSearchParams({ form: 'contact', ...valid.contact }).toString(), { ...form, headers: { referer: `${ORIGIN}/contact-us` } }));
    expect(downEn.body).toContain('Something went wrong. Please try again later.');
    expect(downEn.body).toContain(settings.phone.replace(/'/g, '&#39;'));
    // Scripted forms keep their JSON answers.
    expect(JSON.parse((await broken(event(lead('contact', valid.contact)))).body)).toMatchObject({ accepted: false, requestId: expect.any(String) });
  });

  test('a 65 KB body → 413 from the function itself (the limit the preview adapter shares)', async () => {
    const body = JSON.stringify(lead('contact', { ...valid.contact, additionalInfo: '' }));
    const padded = body.replace('"additionalInfo":""', `"additionalInfo":"${'x'.repeat(65 * 1024 - body.length)}"`);
    expect(Buffer.byteLength(padded)).toBe(65 * 1024);
    expect(Buffer.byteLength(padded)).toBeGreaterThan(MAX_BODY_BYTES);
    const response = await call(handler, padded);
    expect(response).toMatchObject({ statusCode: 413, json: { accepted: false, error: 'The request body is larger than 64 KB.' } });
  });

  test('a caught bot gets an id of the real shape (a bare {accepted:true} gave the honeypot away), and nothing is kept or sent', async () => {
    const before = await aws.keys('');
    const response = await call(handler, lead('contact', valid.contact, { fax: '+1 416 555 0100' }));
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ accepted: true, id: expect.stringMatching(LEAD_ID) });
    expect(await aws.keys('')).toEqual(before);
    expect(await aws.mails()).toHaveLength(0);
  });

  test('the no-JavaScript error page links back on this site even when the Referer is https://site//evil.example/x', async () => {
    const params = new URLSearchParams({ form: 'contact', name: '', phone: '1', email: '', department: '' }).toString();
    for (const referer of [`${ORIGIN}//evil.example/x`, `${ORIGIN}/\\evil.example/x`, `${ORIGIN}/%2F%2Fevil.example/x`, 'https://evil.example/contact-us']) {
      const page = await handler(event(params, { type: 'application/x-www-form-urlencoded', headers: { referer } }));
      expect(page.statusCode).toBe(400);
      const href = /href="([^"]*)">Go back/.exec(page.body)![1]!.replace(/&amp;/g, '&');
      expect(href, referer).toMatch(/^\/(?![/\\])/);
      expect(decodeURIComponent(href)).toMatch(/^\/(?![/\\])/);
      expect(new URL(href, ORIGIN).origin).toBe(ORIGIN);
    }
    const fromForm = await handler(event(params, { type: 'application/x-www-form-urlencoded', headers: { referer: `${ORIGIN}/contact-us?x=1` } }));
    expect(fromForm.body).toContain('href="/contact-us"');
  });
});

describe('the origin secret CloudFront adds', () => {
  const SECRET = 'k3Yx9mQ2vLr8TzW4nB7cD1fG5hJ6pS0a';
  const guarded = () => aws.handler({ originSecret: SECRET });

  test('configured: a request without X-Origin-Verify or with a wrong one → 403 with the generic answer, logged as such', async () => {
    const logs: Record<string, unknown>[] = [];
    const h = aws.handler({ originSecret: SECRET, log: (entry) => logs.push(entry) });
    for (const headers of [{} as Record<string, string>, { 'x-origin-verify': 'wrong' }, { 'x-origin-verify': `${SECRET}x` }, { 'x-origin-verify': SECRET.slice(1) }]) {
      const response = await call(h, lead('newsletter', { email: 'direct@example.ca' }), { headers });
      expect(response.statusCode).toBe(403);
      expect(response.json).toEqual({ accepted: false, error: 'Forbidden.' });
    }
    expect((await call(h, '', { method: 'OPTIONS' })).statusCode).toBe(403);
    expect((await call(h, { fileName: 'cv.pdf', contentType: 'application/pdf', size: 10, submissionId: submissionId() }, { path: '/send-email/upload' })).statusCode).toBe(403);
    expect(logs.every((l) => l.outcome === 'origin-unverified' && l.status === 403 && l.level === 'warn')).toBe(true);
    expect(logs).toHaveLength(6);
    expect(JSON.stringify(logs)).not.toContain(SECRET);
    expect(await aws.mails()).toHaveLength(0);
  });

  test('configured: the matching header is let through', async () => {
    const response = await call(guarded(), lead('newsletter', { email: 'via-cloudfront@example.ca' }), { headers: { 'x-origin-verify': SECRET } });
    expect(response.json).toEqual({ accepted: true, id: expect.stringMatching(LEAD_ID) });
    expect(await aws.mails()).toHaveLength(1);
  });

  test('not configured (local preview, tests): no header is required', async () => {
    const response = await call(handler, lead('newsletter', { email: 'local@example.ca' }));
    expect(response.json).toEqual({ accepted: true, id: expect.stringMatching(LEAD_ID) });
  });
});

describe('résumé uploads', () => {
  test('upload tickets are limited per form fill (they were unlimited): the fourth for one submissionId → 429', async () => {
    const fill = submissionId();
    for (let i = 0; i < 3; i++) {
      const { ticket } = await upload(handler, `cv-${i}.pdf`, PDF, fill);
      expect(ticket.statusCode).toBe(200);
      expect(ticket.json.key).toMatch(/^uploads\//);
    }
    const refused = await call(handler, { fileName: 'cv.pdf', contentType: 'application/pdf', size: PDF.length, submissionId: fill }, { path: '/send-email/upload' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json).toEqual({ accepted: false, error: expect.stringMatching(/too many/i) });
    // Another fill is not affected.
    expect((await call(handler, { fileName: 'cv.pdf', contentType: 'application/pdf', size: PDF.length, submissionId: submissionId() }, { path: '/send-email/upload' })).statusCode).toBe(200);
  });

  test('a ticket without the fill\'s submissionId is refused', async () => {
    for (const fill of [undefined, '', 'short', 'a/b/c/d/e/f/g/h', 42]) {
      const response = await call(handler, { fileName: 'cv.pdf', contentType: 'application/pdf', size: PDF.length, ...(fill === undefined ? {} : { submissionId: fill }) }, { path: '/send-email/upload' });
      expect(response.statusCode, String(fill)).toBe(400);
      expect(response.json.error).toMatch(/submissionId/);
    }
  });

  test('a résumé lands in the pending prefix and moves to the kept one when a valid lead references it', async () => {
    const fill = submissionId();
    const { ticket, posted } = await upload(handler, 'Lee Wong CV.pdf', PDF, fill);
    expect(posted!.status).toBe(204);
    const pending = ticket.json.key as string;
    expect(pending).toMatch(/^uploads\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}\/Lee-Wong-CV\.pdf$/);
    const body = { ...lead('job', { ...valid.job, resume: 'Lee Wong CV.pdf' }, { resumeKey: pending }), submissionId: fill };
    const response = await call(handler, body);
    expect(response.json).toEqual({ accepted: true, id: expect.stringMatching(LEAD_ID) });
    const kept = pending.replace(/^uploads\//, 'resumes/');
    expect(await aws.keys(pending)).toEqual([]);
    expect(await aws.keys(kept)).toEqual([kept]);
    const stored = (await aws.leads()).find((l) => l.id === response.json.id)!;
    expect(stored.resumeKey).toBe(kept);
    const [mail] = await aws.mails();
    const link = /href="([^"]+)"[^>]*>Download the résumé/.exec(mail!.body.html)![1]!.replace(/&amp;/g, '&');
    expect(new URL(link).pathname).toContain(`/${kept.split('/').slice(0, -1).join('/')}/`);
    expect(Buffer.from(await (await fetch(link)).arrayBuffer())).toEqual(PDF);
    // The browser retries the same fill (its answer was lost): same id, no second e-mail, though the upload has moved.
    expect((await call(handler, body)).json).toEqual({ accepted: true, id: response.json.id });
    expect(await aws.mails()).toHaveLength(1);
  });

  test('an invalid lead leaves the résumé pending (the 1-day rule removes it)', async () => {
    const fill = submissionId();
    const { ticket } = await upload(handler, 'cv.pdf', PDF, fill);
    const response = await call(handler, { ...lead('job', { ...valid.job, email: 'nope' }, { resumeKey: ticket.json.key }), submissionId: fill });
    expect(response.statusCode).toBe(400);
    expect(await aws.keys(ticket.json.key)).toEqual([ticket.json.key]);
    expect(await aws.keys(ticket.json.key.replace(/^uploads\//, 'resumes/'))).toEqual([]);
  });

  test('a lead may reference only a pending upload, never another prefix', async () => {
    for (const resumeKey of ['leads/2026/01/01/x.json', 'resumes/2026/01/01/00000000-0000-4000-8000-000000000000/cv.pdf', '../uploads/x.pdf']) {
      expect((await call(handler, lead('job', valid.job, { resumeKey }))).json).toEqual({ accepted: false, errors: { resume: RESUME.wrongType } });
    }
  });
});
