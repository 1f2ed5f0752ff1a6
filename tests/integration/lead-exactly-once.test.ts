// One form fill, one e-mail: S3 answers a conditional write of the idempotency record with
// 409 ConditionalRequestConflict (a concurrent conditional write on the same key), through a
// loopback proxy in front of s3rver. The lead used to be written beside its record, so the 409
// left an unsent lead that `site leads resend` later sent next to the visitor's retry.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { call, lead, startEmulators, valid, type Emulators } from './lead-harness.ts';

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
