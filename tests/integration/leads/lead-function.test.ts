// The lead function against s3rver and the SES emulator over their real HTTP APIs: the same
// handler the Lambda exports, with the same S3 and SES adapters, pointed at 127.0.0.1.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { createHandler } from '../../../functions/send-email/handler.ts';
import { s3Archive, type ArchivedLead } from '../../../functions/send-email/archive.ts';
import { sesMailer } from '../../../functions/send-email/mailer.ts';
import type { HttpEvent } from '../../../functions/send-email/http.ts';
import { E1, P1, RESUME, compose } from '../../../common/lead/validation.ts';
import { leadSettings } from '../../../generator/leads/lead-settings.ts';
import { localS3Client, localSesClient, startLocalS3, startLocalSes, type LocalS3, type LocalSes } from '../../../generator/preview/local-aws.ts';
import { contentDir, root } from '../../helpers.ts';
import { PDF, rawMessage, upload as uploadResume } from '../lead-harness.ts';

const BUCKET = 'leads-test';
const ORIGIN = 'https://www.trilliumfleet.example';
const settings = leadSettings(contentDir);
let dir: string;
let s3: LocalS3;
let ses: LocalSes;
let logs: Record<string, unknown>[] = [];
let handler: ReturnType<typeof createHandler>;
const client = () => localS3Client(s3.url);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lead-fn-'));
  s3 = await startLocalS3({ directory: dir, buckets: [BUCKET] });
  ses = await startLocalSes();
  handler = createHandler({
    archive: s3Archive(client(), BUCKET), mailer: sesMailer(localSesClient(ses.url)), settings, phone: settings.phone,
    allowedOrigins: [ORIGIN], log: (entry) => logs.push(entry),
  });
});

afterAll(async () => {
  await ses.close();
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  logs = [];
  await fetch(`${ses.url}/clear-store`, { method: 'POST' });
});

interface Captured { messageId: string; from: string; replyTo: string[]; destination: { to: string[] }; subject: string; body: { text: string; html: string } }
const mails = async () => ((await (await fetch(`${ses.url}/store`)).json()) as { emails: Captured[] }).emails;
const eml = (id: string) => rawMessage(ses.url, id);

function event(body: unknown, { method = 'POST', type = 'application/json', origin = ORIGIN, path = '/send-email/' } = {}): HttpEvent {
  return {
    version: '2.0', rawPath: path, headers: { 'content-type': type, ...(origin ? { origin } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    requestContext: { requestId: `req-${Math.random().toString(36).slice(2)}`, http: { method, path } },
  };
}

let counter = 0;
const lead = (form: string, fields: Record<string, string>, extra: Record<string, unknown> = {}) => ({ form, fields, submissionId: `test-${Date.now()}-${counter++}`, fax: '', ...extra });
const call = async (body: unknown, options?: Parameters<typeof event>[1]) => {
  const response = await handler(event(body, options));
  return { ...response, json: response.body && response.headers['content-type']?.startsWith('application/json') ? JSON.parse(response.body) : undefined };
};

async function archived(id: string): Promise<ArchivedLead> {
  const list = await client().send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'leads/' }));
  const key = list.Contents!.map((o) => o.Key!).find((k) => k.endsWith(`/${id}.json`));
  expect(key, `lead ${id} archived`).toBeTruthy();
  const object = await client().send(new GetObjectCommand({ Bucket: BUCKET, Key: key! }));
  return JSON.parse(await object.Body!.transformToString());
}

const valid = {
  wizard: { vehicles: '30 - 399', industry: 'Trucking & Logistics', firstName: 'Maya', lastName: 'Chen', email: 'maya@northhaul.ca', phone: '416-555-0123', companyName: 'North Haul Ltd.' },
  contact: { name: 'Ana Silva', phone: '(416) 555-0123', email: 'ana@fleet.ca', department: 'LinkedIn', additionalInfo: 'Twelve vans in Mississauga.' },
  newsletter: { email: 'reader@example.ca' },
  partner: {
    department: 'Sales', businessname: 'Lakeshore Installs', companytype: 'Other', website: 'https://lakeshore.example.ca', employees: 'Support',
    jobtitle: 'Owner', firstname: 'Raj', lastname: 'Patel', email: 'raj@lakeshore.example.ca', phonenumber: '+1 905 555 0199', country: 'CA', state: 'CO',
    otherinfo: 'We install dash cameras.', otheremail: 'office@lakeshore.example.ca', otherphone: '905-555-0100', othercountry: 'CA', otherstate: 'AL',
  },
  job: { fullName: 'Lee Wong', email: 'lee@example.ca', phone: '647 555 0111', location: 'Toronto, ON', company: 'Acme', linkedin: 'https://linkedin.com/in/lee', portfolio: 'https://lee.example', website: '', additionalInfo: '' },
} as const;

describe('accepted leads are archived, then e-mailed', () => {
  for (const [form, fields] of Object.entries(valid)) {
    test(`a valid ${form} lead is archived encrypted and e-mailed to the right inbox, Reply-To the visitor`, async () => {
      const response = await call(lead(form, fields, { from_name: 'forged', message: 'forged' }));
      expect(response.statusCode).toBe(200);
      expect(response.json).toEqual({ accepted: true, id: expect.stringMatching(/^\d{8}-\d{6}-[0-9a-f]{10}$/) });
      const stored = await archived(response.json.id);
      expect(stored).toMatchObject({ form, status: 'sent', fields, message: (compose as any)[form](fields) });
      // s3rver does not model encryption; the bucket's default encryption is checked in the template test.
      expect(stored.key).toMatch(/^leads\/\d{4}\/\d{2}\/\d{2}\/.+\.json$/);
      const [mail, ...more] = await mails();
      expect(more).toHaveLength(0);
      expect(mail!.destination.to).toEqual([form === 'job' ? settings.hiringInbox : settings.salesInbox]);
      expect(mail!.from).toBe(settings.sender);
      expect(mail!.replyTo).toEqual([fields.email]);
      expect(mail!.subject).toContain({ wizard: 'Get started request', contact: 'Contact message', newsletter: 'Newsletter sign-up', partner: 'Partner application', job: 'Job application' }[form]);
      expect(mail!.body.text).toContain(fields.email);
      expect(mail!.body.html).toContain(fields.email);
      expect(stored.messageId).toBe(mail!.messageId);
    });
  }

  test('the log has one line per request with form, outcome and latency, and no visitor data', async () => {
    await call(lead('contact', valid.contact));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ level: 'info', form: 'contact', outcome: 'accepted', status: 200, latencyMs: expect.any(Number), requestId: expect.stringMatching(/^req-/) });
    const line = JSON.stringify(logs);
    for (const value of Object.values(valid.contact)) expect(line).not.toContain(value);
  });
});

describe('invalid input gets the spec message and sends nothing', () => {
  const cases: [string, Record<string, string>, Record<string, string>][] = [
    ['wizard', {}, { vehicles: 'Choose how many vehicles or assets you operate', industry: 'Choose your industry', firstName: 'First name is required', lastName: 'Last name is required', email: 'Email is required', phone: 'Phone number is required', companyName: 'Company name is required' }],
    ['wizard', { ...valid.wizard, email: 'maya@northhaul', phone: '12345' }, { email: E1, phone: P1 }],
    ['contact', {}, { name: 'Name Required', phone: 'phone number Required', email: 'Email is required', department: 'Required' }],
    ['contact', { ...valid.contact, phone: '(416 555-0123', email: 'ana@' }, { phone: P1, email: E1 }],
    ['newsletter', {}, { email: 'Email is required' }],
    ['newsletter', { email: 'not-an-address' }, { email: 'Invalid email address' }],
    ['partner', {}, {
      department: 'Department is required', businessname: 'Business name is required', companytype: 'Company/Business type is required', website: 'Website is required',
      employees: 'Number of employees is required', jobtitle: 'Job title is required', firstname: 'First name is required', lastname: 'Last name is required',
      email: 'Email is required', phonenumber: 'Phone number is required', country: 'Country is required', state: 'State/Province is required',
      otheremail: 'Email is required', otherphone: 'Phone number is required',
    }],
    ['partner', { ...valid.partner, website: 'not a url', otheremail: 'x@y', otherphone: 'abc' }, { website: 'Invalid URL', otheremail: E1, otherphone: P1 }],
    ['job', {}, { fullName: 'Full Name is required.', email: 'Email is required.', phone: 'Phone number is required.' }],
    ['job', { ...valid.job, email: 'lee@example', phone: '416-555-01234' }, { email: E1, phone: P1 }],
  ];
  for (const [form, fields, errors] of cases) {
    test(`${form} with ${Object.keys(fields).length ? 'bad values' : 'nothing filled in'} → 400 with ${Object.keys(errors).length} exact messages`, async () => {
      const response = await call(lead(form, fields));
      expect(response.statusCode).toBe(400);
      expect(response.json).toEqual({ accepted: false, errors });
      expect(await mails()).toHaveLength(0);
    });
  }

  test('the first submission key of an invalid lead can be used again once it is fixed', async () => {
    const body = lead('contact', { ...valid.contact, email: 'bad' });
    expect((await call(body)).statusCode).toBe(400);
    expect((await call({ ...body, fields: valid.contact })).json.accepted).toBe(true);
    expect(await mails()).toHaveLength(1);
  });
});

describe('spam, duplicates and failures', () => {
  test('a filled honeypot answers accepted, with an id like a real one, and archives and sends nothing', async () => {
    const before = (await client().send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'leads/' }))).KeyCount ?? 0;
    const response = await call(lead('contact', valid.contact, { fax: '+1 416 555 0100' }));
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ accepted: true, id: expect.stringMatching(/^\d{8}-\d{6}-[0-9a-f]{10}$/) });
    expect(await mails()).toHaveLength(0);
    expect((await client().send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'leads/' }))).KeyCount ?? 0).toBe(before);
  });

  test('the same submissionId twice sends one e-mail and answers the first id', async () => {
    const body = lead('wizard', valid.wizard);
    const first = await call(body);
    const second = await call(body);
    expect(second.statusCode).toBe(200);
    expect(second.json).toEqual({ accepted: true, id: first.json.id });
    expect(await mails()).toHaveLength(1);
  });

  test('SES down: the visitor is told (accepted false), the lead stays archived unsent; `site leads resend` sends it once when SES is back', async () => {
    const port = ses.port;
    await ses.close();
    const body = lead('contact', { ...valid.contact, name: 'Dana While-SES-Down' });
    const response = await call(body);
    expect(response.statusCode).toBe(502);
    expect(response.json).toMatchObject({ accepted: false });
    const { id } = await findByName('Dana While-SES-Down');
    const stored = await archived(id);
    expect(stored).toMatchObject({ status: 'unsent', attempts: 1 });

    ses = await startLocalSes({ port });
    // Asynchronously: the emulators live in this process and must keep answering the child.
    const resend = () => promisify(execFile)(join(root, 'node_modules/.bin/node'), [join(root, 'bin/site.js'), 'leads', 'resend', '--bucket', BUCKET, '--s3-endpoint', s3.url, '--ses-endpoint', ses.url], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const run = await resend();
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/1 lead sent, 0 failed/);
    expect(await mails()).toHaveLength(1);
    expect(await archived(id)).toMatchObject({ status: 'sent', attempts: 2 });

    expect((await resend()).stdout).toMatch(/0 leads sent, 0 failed/);
    const retry = await call(body);
    expect(retry.json).toEqual({ accepted: true, id });
    expect(await mails()).toHaveLength(1);
  });

  test('a retry with the same key while unsent sends it once', async () => {
    const port = ses.port;
    await ses.close();
    const body = lead('newsletter', { email: 'retry@example.ca' });
    expect((await call(body)).statusCode).toBe(502);
    ses = await startLocalSes({ port });
    const retry = await call(body);
    expect(retry.json).toEqual({ accepted: true, id: expect.any(String) });
    expect(await call(body)).toMatchObject({ statusCode: 200 });
    expect(await mails()).toHaveLength(1);
  });

  test('S3 down: 503 with accepted false and a request id, nothing sent', async () => {
    const broken = createHandler({
      archive: s3Archive(localS3Client('http://127.0.0.1:9'), BUCKET), mailer: sesMailer(localSesClient(ses.url)), settings, phone: settings.phone, allowedOrigins: [ORIGIN], log: () => {},
    });
    const response = await broken(event(lead('contact', valid.contact)));
    expect(response.statusCode).toBe(503);
    expect(JSON.parse(response.body)).toMatchObject({ accepted: false, requestId: expect.any(String) });
    expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    expect(await mails()).toHaveLength(0);
  });

  async function findByName(name: string): Promise<ArchivedLead> {
    const list = await client().send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'leads/' }));
    for (const o of list.Contents ?? []) {
      const l = JSON.parse(await (await client().send(new GetObjectCommand({ Bucket: BUCKET, Key: o.Key! }))).Body!.transformToString()) as ArchivedLead;
      if (l.fields.name === name) return l;
    }
    throw new Error(`no archived lead for ${name}`);
  }
});

describe('what reaches the sales desk is safe', () => {
  test('CR/LF in a name does not reach a header', async () => {
    const response = await call(lead('contact', { ...valid.contact, name: 'Eve\r\nBcc: victim@example.com\r\nX-Injected: yes' }));
    expect(response.json.accepted).toBe(true);
    const [mail] = await mails();
    expect(mail!.subject).not.toMatch(/[\r\n]/);
    expect(mail!.subject).toContain('Eve Bcc: victim@example.com X-Injected: yes');
    const raw = await eml(mail!.messageId);
    expect(raw).not.toMatch(/^Bcc:/im);
    expect(raw).not.toMatch(/^X-Injected:/im);
  });

  test('<script> in a message is escaped in the HTML body', async () => {
    await call(lead('contact', { ...valid.contact, additionalInfo: '<script>alert("x")</script><img src=x onerror=alert(1)>' }));
    const [mail] = await mails();
    expect(mail!.body.html).not.toContain('<script>');
    expect(mail!.body.html).not.toContain('<img src=x');
    expect(mail!.body.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });
});

describe('HTTP edge', () => {
  test('a body over 64 KB → 413', async () => {
    const response = await call(lead('contact', { ...valid.contact, additionalInfo: 'x'.repeat(70_000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json).toEqual({ accepted: false, error: 'The request body is larger than 64 KB.' });
  });

  test('malformed JSON → 400, unknown form → 400, wrong content type → 415, GET → 405', async () => {
    expect(await call('{"form": "contact",')).toMatchObject({ statusCode: 400, json: { accepted: false, error: 'The request body is not valid JSON.' } });
    expect(await call(lead('quote', {}))).toMatchObject({ statusCode: 400, json: { accepted: false, error: expect.stringContaining('Unknown form "quote"') } });
    expect(await call('hello', { type: 'text/plain' })).toMatchObject({ statusCode: 415, json: { accepted: false, error: expect.stringContaining('application/json') } });
    const get = await call('', { method: 'GET' });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST, OPTIONS');
  });

  test('CORS: the site origin is allowed and its preflight answered; another origin is refused', async () => {
    const preflight = await call('', { method: 'OPTIONS' });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({ 'access-control-allow-origin': ORIGIN, 'access-control-allow-methods': 'POST, OPTIONS' });
    const ok = await call(lead('newsletter', { email: 'cors@example.ca' }));
    expect(ok.headers['access-control-allow-origin']).toBe(ORIGIN);
    const evil = await call(lead('newsletter', { email: 'cors2@example.ca' }), { origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    expect((await call('', { method: 'OPTIONS', origin: 'https://evil.example' })).statusCode).toBe(403);
    expect(await mails()).toHaveLength(1);
  });

  test('a plain form post (no JavaScript) → 303 to /Thanks; an invalid one → a page listing the problems with a link back', async () => {
    const params = new URLSearchParams({ form: 'contact', ...valid.contact, fax: '' }).toString();
    const ok = await handler(event(params, { type: 'application/x-www-form-urlencoded' }));
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/Thanks');
    expect(await mails()).toHaveLength(1);
    const bad = await handler({ ...event(new URLSearchParams({ form: 'contact', name: '', phone: '1', email: '', department: '' }).toString(), { type: 'application/x-www-form-urlencoded' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^text\/html/);
    for (const text of ['Name Required', P1, 'Email is required', 'How did you find us?', 'href="/contact-us"']) expect(bad.body).toContain(text.replace(/'/g, '&#39;'));
    expect(await mails()).toHaveLength(1);
  });
});

describe('résumés reach the hiring inbox', () => {
  const pdf = PDF;
  /** The browser's upload (lead-harness.ts), each from a form fill of its own. */
  const upload = (fileName: string, bytes: Buffer, type = 'application/pdf') => uploadResume(handler, fileName, bytes, `fill-${Date.now()}-${counter++}`, type);

  test('presigned upload of a small PDF, then the application: the e-mail links to the file', async () => {
    const { ticket, posted } = await upload('Lee Wong CV.pdf', pdf);
    expect(ticket.json).toMatchObject({ key: expect.stringMatching(/^uploads\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}\/Lee-Wong-CV\.pdf$/), maxBytes: RESUME.maxBytes });
    expect(ticket.json.fields).toMatchObject({ 'Content-Type': 'application/pdf', 'x-amz-server-side-encryption': 'AES256', Policy: expect.any(String) });
    const policy = JSON.parse(Buffer.from(ticket.json.fields.Policy, 'base64').toString());
    expect(policy.conditions).toContainEqual(['content-length-range', 1, RESUME.maxBytes]);
    expect(posted!.status).toBe(204);
    const response = await call(lead('job', { ...valid.job, resume: 'Lee Wong CV.pdf' }, { resumeKey: ticket.json.key }));
    expect(response.json).toEqual({ accepted: true, id: expect.any(String) });
    const [mail] = await mails();
    expect(mail!.destination.to).toEqual([settings.hiringInbox]);
    const link = /href="([^"]+)"[^>]*>Download the résumé/.exec(mail!.body.html)![1]!.replace(/&amp;/g, '&');
    expect(link).toContain('X-Amz-Expires=604800');
    const downloaded = await fetch(link);
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer())).toEqual(pdf);
    expect(mail!.body.text).toContain('Lee Wong CV.pdf');
  });

  test('a résumé named without Latin letters is kept as resume.<ext> and accepted; accents lose their marks (резюме.pdf became "pdf" and was refused as not a PDF)', async () => {
    const names: [string, string][] = [['резюме.pdf', 'resume.pdf'], ['简历.pdf', 'resume.pdf'], ['سيرة ذاتية.pdf', 'resume.pdf'], ['-.pdf', 'resume.pdf'], ['CV Élodie Côté.pdf', 'CV-Elodie-Cote.pdf']];
    for (const [fileName, stored] of names) {
      const { ticket, posted } = await upload(fileName, pdf);
      expect(ticket.json.key.split('/').pop(), fileName).toBe(stored);
      expect(posted!.status).toBe(204);
      const response = await call(lead('job', { ...valid.job, resume: fileName }, { resumeKey: ticket.json.key }));
      expect(response.json, fileName).toEqual({ accepted: true, id: expect.any(String) });
    }
    const sent = await mails();
    expect(sent).toHaveLength(5);
    // Sales read the name the visitor's file had.
    expect(sent[0]!.body.text).toContain('резюме.pdf');
  });

  test('a 6 MB file and an .exe are refused before upload', async () => {
    const big = await call({ fileName: 'cv.pdf', contentType: 'application/pdf', size: 6 * 1024 * 1024, submissionId: 'fill-big-0001' }, { path: '/send-email/upload' });
    expect(big).toMatchObject({ statusCode: 400, json: { accepted: false, errors: { resume: RESUME.tooLarge } } });
    const exe = await call({ fileName: 'cv.exe', contentType: 'application/octet-stream', size: 1000, submissionId: 'fill-exe-0001' }, { path: '/send-email/upload' });
    expect(exe).toMatchObject({ statusCode: 400, json: { accepted: false, errors: { resume: RESUME.wrongType } } });
  });

  test('the function checks the stored file again: too large, not really a PDF, or never uploaded', async () => {
    const { ticket } = await upload('cv.pdf', pdf);
    // Bypass the policy (s3rver does not enforce it) to prove the function's own check.
    await client().send(new PutObjectCommand({ Bucket: BUCKET, Key: ticket.json.key, Body: Buffer.alloc(6 * 1024 * 1024, 1), ContentType: 'application/pdf' }));
    expect((await call(lead('job', valid.job, { resumeKey: ticket.json.key }))).json).toEqual({ accepted: false, errors: { resume: RESUME.tooLarge } });
    const fake = await upload('cv.pdf', Buffer.from('MZ\x90\x00 this is an executable'));
    expect((await call(lead('job', valid.job, { resumeKey: fake.ticket.json.key }))).json).toEqual({ accepted: false, errors: { resume: RESUME.wrongType } });
    const never = ticket.json.key.replace(/[0-9a-f-]{36}/, '00000000-0000-4000-8000-000000000000');
    expect((await call(lead('job', valid.job, { resumeKey: never }))).json.errors.resume).toMatch(/did not finish uploading/);
    expect((await call(lead('job', valid.job, { resumeKey: '../leads/x.json' }))).json).toEqual({ accepted: false, errors: { resume: RESUME.wrongType } });
    // Refused leads leave their uploads pending: neither reached resumes/.
    for (const key of [ticket.json.key, fake.ticket.json.key]) {
      expect((await client().send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: key.replace(/^uploads\//, 'resumes/') }))).KeyCount ?? 0).toBe(0);
    }
    expect(await mails()).toHaveLength(0);
  });
});
