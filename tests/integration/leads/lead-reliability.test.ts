// Every lead kept and sent exactly once where answers are lost or slow, through the real handler
// against the S3 stand-in (create-only writes, whole objects) and the SES emulator, with loopback
// proxies in front that lose or delay answers as a network does.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { sesMailer } from '../../../functions/send-email/mailer.ts';
import { resendUnsent } from '../../../functions/send-email/lead.ts';
import { s3Archive } from '../../../functions/send-email/archive.ts';
import { localS3Client, localSesClient } from '../../../generator/preview/local-aws.ts';
import { LOCAL_LEADS_BUCKET, startLeadService } from '../../../generator/preview/leads.ts';
import { contentDir } from '../../helpers.ts';
import { call, lead, settings, startEmulators, valid, type Emulators } from '../lead-harness.ts';

/** A proxy to `target` that lets `fault(req)` decide: 'pass', 'lose' (forward, then drop the answer), or a delay in ms. */
async function proxy(target: string, fault: (req: IncomingMessage) => 'pass' | 'lose' | number): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const decision = fault(req);
      const forward = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } }, (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (c: Buffer) => body.push(c));
        answer.on('end', () => {
          if (decision === 'lose') return void res.socket?.destroy();
          const reply = () => res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(body));
          if (typeof decision === 'number') setTimeout(reply, decision);
          else reply();
        });
      });
      forward.on('error', () => res.socket?.destroy());
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

let aws: Emulators;
beforeAll(async () => {
  aws = await startEmulators('leads-reliable');
});
afterAll(async () => {
  await aws.close();
});
beforeEach(async () => {
  await aws.clearMail();
});

const mine = async (name: string) => (await aws.leads()).filter((l) => l.fields.name === name || l.fields.fullName === name);
const mailsTo = async (name: string) => (await aws.mails()).filter((m) => m.body.text.includes(name));

describe('one character cannot make a lead unsendable', () => {
  test('a name with a lone surrogate is sent (as U+FFFD), and the next visitor\'s lead after it too (both had failed)', async () => {
    const handler = aws.handler();
    const broken = await call(handler, lead('contact', { ...valid.contact, name: 'Ana \ud800 Surrogate' }));
    expect(broken.statusCode).toBe(200);
    const next = await call(handler, lead('contact', { ...valid.contact, name: 'Next Visitor' }));
    expect(next.statusCode).toBe(200);
    expect((await mailsTo('Ana \ufffd Surrogate'))).toHaveLength(1);
    expect(await mailsTo('Next Visitor')).toHaveLength(1);
  });

  test('an archived unsent lead holding a lone surrogate is resent, and the unsent lead after it as well', async () => {
    const handler = aws.handler({ mailer: sesMailer(localSesClient('http://127.0.0.1:9')) });
    const first = await call(handler, lead('contact', { ...valid.contact, name: 'Old Surrogate' }));
    const second = await call(handler, lead('contact', { ...valid.contact, name: 'After Surrogate' }));
    expect([first.statusCode, second.statusCode]).toEqual([502, 502]);
    // As written by a function that kept the value as it came.
    const [old] = await mine('Old Surrogate');
    old!.fields.name = 'Old \ud800 Surrogate';
    old!.message.from_name = 'Old \ud800 Surrogate';
    await aws.client().send(new PutObjectCommand({ Bucket: aws.bucket, Key: old!.key, Body: JSON.stringify(old), ContentType: 'application/json' }));
    const result = await resendUnsent({ archive: s3Archive(aws.client(), aws.bucket), mailer: sesMailer(localSesClient(aws.ses.url)), settings });
    expect(result).toMatchObject({ sent: 2, failed: 0 });
    expect(await mailsTo('Old \ufffd Surrogate')).toHaveLength(1);
    expect(await mailsTo('After Surrogate')).toHaveLength(1);
  });
});

describe('lost and slow answers', () => {
  test('the answer to the lead\'s own create-only write lost: the SDK\'s retry gets 412, and the lead is still sent, once (it had been answered accepted and never sent)', async () => {
    let lost = 0;
    const s3 = await proxy(aws.s3.url, (req) => (req.method === 'PUT' && req.headers['if-none-match'] === '*' && req.url?.includes('/leads/') && lost++ === 0 ? 'lose' : 'pass'));
    try {
      const answer = await call(aws.handler({ s3Endpoint: s3.url }), lead('contact', { ...valid.contact, name: 'Lost Write' }));
      expect(lost).toBeGreaterThanOrEqual(2);
      expect(answer.json).toEqual({ accepted: true, id: expect.any(String) });
      expect(await mailsTo('Lost Write')).toHaveLength(1);
      expect((await mine('Lost Write')).map((l) => l.status)).toEqual(['sent']);
    } finally {
      await s3.close();
    }
  });

  test('a retry while the first attempt is still waiting on SES joins it: one e-mail, both answered accepted (there were two e-mails)', async () => {
    const ses = await proxy(aws.ses.url, () => 2_500);
    try {
      const handler = aws.handler({ mailer: sesMailer(localSesClient(ses.url)), joinMs: 8_000 });
      const body = lead('contact', { ...valid.contact, name: 'Slow Send' });
      const first = call(handler, body);
      await new Promise((resolve) => setTimeout(resolve, 700));
      const retry = await call(handler, body);
      expect((await first).json).toEqual({ accepted: true, id: expect.any(String) });
      expect(retry.json).toEqual({ accepted: true, id: (await first).json.id });
      expect(await mailsTo('Slow Send')).toHaveLength(1);
    } finally {
      await ses.close();
    }
  });

  test('SES\'s answer lost: the client does not send again by itself; the lead is kept unsent, with why, for the resend', async () => {
    const ses = await proxy(aws.ses.url, () => 'lose');
    try {
      const answer = await call(aws.handler({ mailer: sesMailer(localSesClient(ses.url)) }), lead('contact', { ...valid.contact, name: 'Lost Answer' }));
      expect(answer.statusCode).toBe(502);
      expect(await mailsTo('Lost Answer')).toHaveLength(1);
      expect((await mine('Lost Answer')).map((l) => [l.status, l.attempts, l.lastFailure])).toEqual([['unsent', 1, expect.any(String)]]);
    } finally {
      await ses.close();
    }
  });

  test('five copies of each of 20 submissions at once through the preview\'s lead service: 20 leads, 20 e-mails (there were 98 of each)', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'leads-five-')), 'dist');
    const logs: string[] = [];
    const service = await startLeadService({ contentDir, outDir: out, origin: 'http://127.0.0.1:1', endpoint: '/send-email/', log: (line) => logs.push(line) });
    const server = createServer((req, res) => void service.handle(req, res, new URL(req.url ?? '/', 'http://127.0.0.1')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send-email/`;
    try {
      const bodies = Array.from({ length: 20 }, (_, i) => JSON.stringify(lead('contact', { ...valid.contact, name: `Five Times ${i}` })));
      const answers = await Promise.all(bodies.flatMap((body) => Array.from({ length: 5 }, () =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.status))));
      expect(answers.filter((s) => s !== 200)).toEqual([]);
      const { leads } = await service.list();
      expect(leads).toHaveLength(20);
      expect(leads.every((l) => l.status === 'sent')).toBe(true);
      const inbox = (await (await fetch(`${service.inbox}store`)).json()) as { emails: { body: { text: string } }[] };
      expect(inbox.emails.filter((m) => m.body.text.includes('Five Times'))).toHaveLength(20);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
      rmSync(join(out, '..'), { recursive: true, force: true });
    }
  }, 60_000);
});

describe('unreadable objects under leads/', () => {
  test('`site leads resend` names and passes over an object that is not a lead and sends the unsent lead after it (it had stopped with exit 4, every run)', async () => {
    const down = aws.handler({ mailer: sesMailer(localSesClient('http://127.0.0.1:9')) });
    await call(down, lead('contact', { ...valid.contact, name: 'Behind Broken' }));
    const [waiting] = await mine('Behind Broken');
    const brokenKey = waiting!.key.replace(/[^/]+\.json$/, '00000000-000000-broken.json');
    await aws.client().send(new PutObjectCommand({ Bucket: aws.bucket, Key: brokenKey, Body: '{"id": "half a lea', ContentType: 'application/json' }));
    const run = await aws.resend();
    expect(run.stdout).toContain(brokenKey);
    expect(run.stdout).toMatch(/skipped/);
    expect(await mailsTo('Behind Broken')).toHaveLength(1);
    await aws.client().send(new DeleteObjectCommand({ Bucket: aws.bucket, Key: brokenKey }));
    expect((await mine('Behind Broken')).map((l) => l.status)).toEqual(['sent']);
  });

  test('the preview\'s lead list names an unreadable object beside the leads (the admin had answered 500)', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'leads-broken-')), 'dist');
    const service = await startLeadService({ contentDir, outDir: out, origin: 'http://127.0.0.1:1', endpoint: '/send-email/', log: () => undefined });
    try {
      await localS3Client(service.s3!).send(new PutObjectCommand({ Bucket: LOCAL_LEADS_BUCKET, Key: 'leads/2026/01/02/bad.json', Body: 'not json', ContentType: 'application/json' }));
      const listed = await service.list();
      expect(listed.skipped).toEqual([{ key: 'leads/2026/01/02/bad.json', reason: 'not valid JSON' }]);
    } finally {
      await service.close();
      rmSync(join(out, '..'), { recursive: true, force: true });
    }
  });
});
