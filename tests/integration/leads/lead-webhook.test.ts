// Issue #18: the optional webhook against the emulators and a local receiver. The lead function
// only queues (outbox/<id>.json) and answers; the webhook function, as EventBridge would call it
// for the new outbox entry, POSTs the lead signed and retries with backoff.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { s3Archive } from '../../../functions/send-email/archive.ts';
import { createWebhookHandler, SIGNATURE_HEADER } from '../../../functions/send-email/webhook.ts';
import { call, lead, settings, startEmulators, valid, type Emulators } from '../lead-harness.ts';

const SECRET = 'webhook-secret-0123456789-abcdefghijklmnopq';
let aws: Emulators;
let server: Server;
let url: string;
/** What the receiver answers next, and what it got. */
let status = 200;
const received: { body: string; signatureOk: boolean }[] = [];

beforeAll(async () => {
  aws = await startEmulators('leads-webhook');
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      // The receiver's check, as its documentation would show it.
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(req.headers[SIGNATURE_HEADER] ?? ''));
      const expected = match ? createHmac('sha256', SECRET).update(`${match[1]}.${body}`).digest() : Buffer.alloc(32);
      const signatureOk = !!match && timingSafeEqual(Buffer.from(match[2]!, 'hex'), expected) && Math.abs(Date.now() / 1000 - Number(match[1])) < 300;
      received.push({ body, signatureOk });
      res.writeHead(signatureOk ? status : 401).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await aws.close();
});

const outbox = (key: string) => ({ detail: { bucket: { name: 'leads-webhook' }, object: { key } } });

describe('the lead webhook', () => {
  test('a sent lead is queued; the webhook function POSTs it signed and clears the queue', async () => {
    const queued: string[] = [];
    const handler = aws.handler({ webhook: { onQueued: (key) => queued.push(key) } });
    const response = await call(handler, lead('contact', { ...valid.contact, email: `hook-${Date.now()}@fleet.ca` }));
    expect(response.json).toMatchObject({ accepted: true });
    expect(queued).toEqual([`outbox/${response.json.id}.json`]);

    received.length = 0;
    status = 200;
    const webhook = createWebhookHandler({ archive: s3Archive(aws.client(), aws.bucket), target: { url, secret: SECRET }, log: () => {} });
    expect(await webhook(outbox(queued[0]!))).toEqual({ delivered: true });
    expect(received).toHaveLength(1);
    expect(received[0]!.signatureOk).toBe(true);
    const body = JSON.parse(received[0]!.body) as { type: string; lead: { id: string; status: string; fields: Record<string, string> } };
    expect(body).toMatchObject({ type: 'lead.archived', lead: { id: response.json.id, status: 'sent', fields: { name: valid.contact.name } } });
    expect(await aws.keys('outbox/')).toEqual([]);
    // The same event again (Lambda may deliver an event twice): nothing left, nothing sent.
    expect(await webhook(outbox(queued[0]!))).toEqual({ delivered: false });
    expect(received).toHaveLength(1);
  });

  test('a failing receiver: retried with backoff, then the function fails for Lambda to retry; the lead stays archived and sent, its entry queued', async () => {
    await aws.clearMail();
    const queued: string[] = [];
    const handler = aws.handler({ webhook: { onQueued: (key) => queued.push(key) } });
    const response = await call(handler, lead('wizard', { ...valid.wizard, email: `hook-down-${Date.now()}@fleet.ca` }));
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({ accepted: true });
    expect((await aws.mails()).filter((m) => m.destination.to.includes(settings.salesInbox))).toHaveLength(1);

    received.length = 0;
    status = 503;
    const webhook = createWebhookHandler({ archive: s3Archive(aws.client(), aws.bucket), target: { url, secret: SECRET }, deliverOptions: { attempts: 3, backoffMs: 20 }, log: () => {} });
    await expect(webhook(outbox(queued[0]!))).rejects.toThrow(/did not accept/);
    expect(received).toHaveLength(3);
    expect(received.every((r) => r.signatureOk)).toBe(true);
    expect((await aws.leads()).find((l) => l.id === response.json.id)).toMatchObject({ status: 'sent' });
    expect(await aws.keys('outbox/')).toEqual([queued[0]]);

    // A receiver nobody listens on: refused at once, the same outcome.
    const nowhere = createWebhookHandler({ archive: s3Archive(aws.client(), aws.bucket), target: { url: 'http://127.0.0.1:9/', secret: SECRET }, deliverOptions: { attempts: 2, backoffMs: 10 }, log: () => {} });
    await expect(nowhere(outbox(queued[0]!))).rejects.toThrow();

    // Back up: the retry delivers and clears.
    status = 200;
    expect(await webhook(outbox(queued[0]!))).toEqual({ delivered: true });
    expect(await aws.keys('outbox/')).toEqual([]);
  });

  test('a handler built as index.ts builds it (webhook on, no onQueued) queues the sent lead (it queued nothing: the optional call skipped its argument)', async () => {
    const handler = aws.handler({ webhook: {} });
    const response = await call(handler, lead('contact', { ...valid.contact, email: `hook-prod-${Date.now()}@fleet.ca` }));
    expect(response.json).toMatchObject({ accepted: true });
    const entry = `outbox/${response.json.id}.json`;
    expect(await aws.keys('outbox/')).toContain(entry);
    received.length = 0;
    status = 200;
    const webhook = createWebhookHandler({ archive: s3Archive(aws.client(), aws.bucket), target: { url, secret: SECRET }, log: () => {} });
    expect(await webhook(outbox(entry))).toEqual({ delivered: true });
    expect(JSON.parse(received[0]!.body)).toMatchObject({ lead: { id: response.json.id } });
  });

  test('an event naming anything but an outbox entry is ignored', async () => {
    const webhook = createWebhookHandler({ archive: s3Archive(aws.client(), aws.bucket), target: { url, secret: SECRET }, log: () => {} });
    received.length = 0;
    for (const key of ['leads/2026/11/24/x.json', 'outbox/../leads/x.json', '']) expect(await webhook(outbox(key))).toEqual({ delivered: false });
    expect(received).toEqual([]);
  });
});
