// One form fill, one e-mail: S3 answers a conditional write of the idempotency record with
// 409 ConditionalRequestConflict (a concurrent conditional write on the same key), through a
// loopback proxy in front of s3rver. The lead used to be written beside its record, so the 409
// left an unsent lead that `site leads resend` later sent next to the visitor's retry.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { sesMailer } from '../../../functions/send-email/mailer.ts';
import { localSesClient } from '../../../generator/preview/local-aws.ts';
import { call, lead, PDF, startEmulators, upload, valid, type Emulators } from '../lead-harness.ts';

let aws: Emulators;
let proxy: Server;
let proxyUrl: string;
/** How many conditional writes under submissions/ the proxy still answers with 409. */
let conflicts = 0;
let conflicted = 0;

const CONFLICT = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>ConditionalRequestConflict</Code><Message>A conflicting conditional operation is currently in progress against this resource. Please try again.</Message><RequestId>PROXY</RequestId></Error>';

beforeAll(async () => {
  aws = await startEmulators('leads-once');
  const target = new URL(aws.s3.url);
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (conflicts > 0 && req.method === 'PUT' && req.headers['if-none-match'] && req.url?.includes('/submissions/')) {
        conflicts -= 1;
        conflicted += 1;
        res.writeHead(409, { 'content-type': 'application/xml' }).end(CONFLICT);
        return;
      }
      const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await aws.close();
});

beforeEach(async () => {
  conflicts = 0;
  conflicted = 0;
  await aws.clearMail();
});

describe('exactly one e-mail per submission', () => {
  test('a 409 on the idempotency record write, the visitor\'s retry and `site leads resend` end with one e-mail (there were two)', async () => {
    const handler = aws.handler({ s3Endpoint: proxyUrl });
    conflicts = 1;
    const body = lead('contact', { ...valid.contact, name: 'Conflict Once' });
    const first = await call(handler, body);
    expect(conflicted).toBe(1);
    // Whatever the first answer was, the browser retries a failure with the same key.
    const answer = first.json?.accepted ? first : await call(handler, body);
    expect(answer.json).toEqual({ accepted: true, id: expect.any(String) });
    const run = await aws.resend();
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/0 leads sent, 0 failed/);
    expect(await aws.mails()).toHaveLength(1);
    const mine = (await aws.leads()).filter((l) => l.fields.name === 'Conflict Once');
    expect(mine.map((l) => [l.id, l.status])).toEqual([[answer.json.id, 'sent']]);
  });

  test('conflicts on every attempt: 503, nothing kept, and the retry later sends it once', async () => {
    const handler = aws.handler({ s3Endpoint: proxyUrl });
    conflicts = 100;
    const body = lead('contact', { ...valid.contact, name: 'Conflict Always' });
    const first = await call(handler, body);
    expect(first.statusCode).toBe(503);
    expect((await aws.leads()).filter((l) => l.fields.name === 'Conflict Always')).toEqual([]);
    conflicts = 0;
    expect((await call(handler, body)).json).toEqual({ accepted: true, id: expect.any(String) });
    expect((await aws.resend()).stdout).toMatch(/0 leads sent/);
    expect(await aws.mails()).toHaveLength(1);
  });

  test('a function stopped after the record and before the lead: the retry with the same key completes that lead, under the recorded id', async () => {
    const handler = aws.handler();
    const body = lead('contact', { ...valid.contact, name: 'Crashed Once' });
    const id = '20260102-030405-0123456789';
    const key = `leads/2026/01/02/${id}.json`;
    const hash = createHash('sha256').update(body.submissionId).digest('hex');
    await aws.client().send(new PutObjectCommand({ Bucket: aws.bucket, Key: `submissions/${hash}.json`, Body: JSON.stringify({ id, key, receivedAt: '2026-01-02T03:04:05.000Z' }) }));
    expect((await call(handler, body)).json).toEqual({ accepted: true, id });
    const mine = (await aws.leads()).filter((l) => l.fields.name === 'Crashed Once');
    expect(mine).toMatchObject([{ id, key, receivedAt: '2026-01-02T03:04:05.000Z', status: 'sent' }]);
    expect((await call(handler, body)).json).toEqual({ accepted: true, id });
    expect((await aws.resend()).stdout).toMatch(/0 leads sent/);
    expect(await aws.mails()).toHaveLength(1);
  });
});

describe('a retry with what the visitor corrected (the form keeps its key after a failure)', () => {
  /** SES unreachable: the lead is archived unsent and the visitor sees the error popup. */
  const sesDown = () => aws.handler({ mailer: sesMailer(localSesClient('http://127.0.0.1:9')) });
  const mine = async (test: (fields: Record<string, string>) => boolean) => (await aws.leads()).filter((l) => test(l.fields));

  test('SES down, then a corrected retry with the same key: sales get the corrected lead once, under the first id (they got the first content, and the visitor was told it was sent)', async () => {
    const first = lead('contact', { ...valid.contact, name: 'Edit While Unsent', phone: '416-555-0000', additionalInfo: 'Call me on 416-555-0000' });
    expect((await call(sesDown(), first)).statusCode).toBe(502);
    const [unsent] = await mine((f) => f.name === 'Edit While Unsent');
    const corrected = { ...first, fields: { ...first.fields, phone: '416-555-9999', additionalInfo: 'CORRECTED: 416-555-9999' } };
    const answer = await call(aws.handler(), corrected);
    expect(answer.json).toEqual({ accepted: true, id: unsent!.id });
    const [mail, ...more] = await aws.mails();
    expect(more).toEqual([]);
    expect(mail!.body.text).toContain('CORRECTED: 416-555-9999');
    expect(mail!.body.text).not.toContain('416-555-0000');
    expect(await mine((f) => f.name === 'Edit While Unsent')).toMatchObject([{
      id: unsent!.id, key: unsent!.key, receivedAt: unsent!.receivedAt, status: 'sent', revisions: 1,
      fields: { phone: '416-555-9999' }, message: { phone_number: '416-555-9999', message: expect.stringContaining('CORRECTED') },
    }]);
    // The same corrected retry again is a duplicate; nothing is left for `site leads resend`.
    expect((await call(aws.handler(), corrected)).json).toEqual({ accepted: true, id: unsent!.id });
    expect((await aws.resend()).stdout).toMatch(/0 leads sent/);
    expect(await aws.mails()).toHaveLength(1);
  });

  test('sent, its answer lost, then a changed retry: a new lead sent once; the same changed retry again is its duplicate, the first content again the first lead\'s', async () => {
    const handler = aws.handler();
    const first = lead('wizard', { ...valid.wizard, companyName: 'Lost Answer Ltd.' });
    const sent = await call(handler, first);
    const changed = { ...first, fields: { ...first.fields, vehicles: '400 - 3,900' } };
    const second = await call(handler, changed);
    expect(second.json).toEqual({ accepted: true, id: expect.any(String) });
    expect(second.json.id).not.toBe(sent.json.id);
    expect((await call(handler, changed)).json).toEqual({ accepted: true, id: second.json.id });
    expect((await call(handler, first)).json).toEqual({ accepted: true, id: sent.json.id });
    const leads = await mine((f) => f.companyName === 'Lost Answer Ltd.');
    expect(leads.map((l) => [l.id, l.fields.vehicles, l.status]).sort()).toEqual([[sent.json.id, '30 - 399', 'sent'], [second.json.id, '400 - 3,900', 'sent']].sort());
    expect((await aws.mails()).map((m) => m.body.text.includes('400 - 3,900'))).toEqual([false, true]);
  });

  test('résumés: a corrected retry with a new upload revises the unsent lead\'s file; a changed retry of a sent one finds its upload already moved and keeps it', async () => {
    const handler = aws.handler();
    const fill = `fill-edit-${Date.now()}`;
    const { ticket } = await upload(handler, 'first.pdf', PDF, fill);
    const body = lead('job', { ...valid.job, fullName: 'Edit Resume', resume: 'first.pdf' }, { submissionId: fill, resumeKey: ticket.json.key });
    expect((await call(sesDown(), body)).statusCode).toBe(502);
    const replaced = await upload(handler, 'second.pdf', PDF, fill);
    const revised = await call(handler, { ...body, fields: { ...body.fields, resume: 'second.pdf' }, resumeKey: replaced.ticket.json.key });
    expect(revised.json).toMatchObject({ accepted: true });
    expect(await mine((f) => f.fullName === 'Edit Resume')).toMatchObject([{ id: revised.json.id, revisions: 1, resumeKey: replaced.ticket.json.key.replace(/^uploads\//, 'resumes/') }]);

    // Sent now; its answer lost; the visitor adds a line and retries with the same (moved) upload.
    const again = await call(handler, { ...body, fields: { ...body.fields, resume: 'second.pdf', additionalInfo: 'One more thing' }, resumeKey: replaced.ticket.json.key });
    expect(again.json).toMatchObject({ accepted: true });
    expect(again.json.id).not.toBe(revised.json.id);
    const added = (await mine((f) => f.fullName === 'Edit Resume')).find((l) => l.id === again.json.id)!;
    expect(added).toMatchObject({ status: 'sent', resumeKey: replaced.ticket.json.key.replace(/^uploads\//, 'resumes/'), fields: { additionalInfo: 'One more thing' } });
    const link = /href="([^"]+)"[^>]*>Download the résumé/.exec((await aws.mails()).at(-1)!.body.html)![1]!.replace(/&amp;/g, '&');
    expect(Buffer.from(await (await fetch(link)).arrayBuffer())).toEqual(PDF);
    expect(await aws.mails()).toHaveLength(2);
  });
});
