// 10,000 random and malformed requests at the lead handler (with its real S3 and SES adapters
// on the emulators): no exception escapes, no 500, no e-mail and no archived lead for invalid input.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createHandler } from '../../../functions/send-email/handler.ts';
import { s3Archive } from '../../../functions/send-email/archive.ts';
import { sesMailer } from '../../../functions/send-email/mailer.ts';
import type { HttpEvent } from '../../../functions/send-email/http.ts';
import { leadSettings } from '../../../generator/leads/lead-settings.ts';
import { localS3Client, localSesClient, startLocalS3, startLocalSes, type LocalS3, type LocalSes } from '../../../generator/preview/local-aws.ts';
import { contentDir } from '../../helpers.ts';

const BUCKET = 'fuzz';
const ORIGIN = 'https://www.trilliumfleet.example';
const REQUESTS = 10_000;
let dir: string;
let s3: LocalS3;
let ses: LocalSes;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lead-fuzz-'));
  s3 = await startLocalS3({ directory: dir, buckets: [BUCKET] });
  ses = await startLocalSes();
  await fetch(`${ses.url}/clear-store`, { method: 'POST' });
});

afterAll(async () => {
  await ses.close();
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

// A seeded generator, so a failure can be replayed.
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FORMS = ['wizard', 'contact', 'newsletter', 'partner', 'job'];
const NASTY = ['', ' ', '\u0000', '\r\n', '😀'.repeat(50), 'é'.repeat(3000), '<script>alert(1)</script>', "'; DROP TABLE leads;--", '%00', '\u202e', 'a'.repeat(70_000), '{{7*7}}', '../../etc/passwd', 'null', '[]', '{}'];

function fuzzEvent(random: () => number): HttpEvent {
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const anyValue = (depth = 0): unknown => {
    const kind = Math.floor(random() * (depth > 2 ? 5 : 8));
    switch (kind) {
      case 0: return pick(NASTY);
      case 1: return random() * 1e12 - 5e11;
      case 2: return random() < 0.5;
      case 3: return null;
      case 4: return String.fromCharCode(...Array.from({ length: Math.floor(random() * 40) }, () => Math.floor(random() * 0xd7ff)));
      case 5: return Array.from({ length: Math.floor(random() * 4) }, () => anyValue(depth + 1));
      case 6: return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [pick(['email', 'name', 'phone', '__proto__', 'constructor', 'x']), anyValue(depth + 1)]));
      default: return pick(NASTY) + pick(NASTY);
    }
  };
  // Fields that can never validate: every form requires an e-mail with an @, and none here has one.
  const badFields = () => Object.fromEntries(['name', 'email', 'phone', 'firstName', 'fullName', 'department', 'website'].filter(() => random() < 0.6).map((k) => [k, String(anyValue()).replace(/@/g, '')]));
  let body: string | undefined;
  let type = pick(['application/json', 'application/json; charset=utf-8', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data', '', 'APPLICATION/JSON']);
  switch (Math.floor(random() * 7)) {
    case 0: body = JSON.stringify(anyValue()); break;
    case 1: body = JSON.stringify({ form: pick([...FORMS, 'quote', '', 42]), fields: badFields(), submissionId: pick(['abcdefgh12', 'x', 12, '', undefined, 'a'.repeat(200)]), fax: '' }); break;
    case 2: body = JSON.stringify({ form: pick(FORMS), fields: anyValue(), submissionId: anyValue(), fax: anyValue() }).slice(0, Math.floor(random() * 400)); break;
    case 3: body = new URLSearchParams({ form: pick(FORMS), ...badFields() as Record<string, string> }).toString(); type = 'application/x-www-form-urlencoded'; break;
    case 4: body = JSON.stringify({ form: pick(FORMS), fields: { email: 'bot@example.com', name: 'Bot' }, fax: 'filled by a bot' }); type = 'application/json'; break;
    case 5: body = Buffer.from(Array.from({ length: Math.floor(random() * 300) }, () => Math.floor(random() * 256))).toString('base64'); break;
    default: body = JSON.stringify({ fileName: anyValue(), contentType: anyValue(), size: anyValue() });
  }
  const isBase64 = random() < 0.1;
  return {
    version: '2.0',
    rawPath: pick(['/send-email/', '/send-email', '/send-email/upload', '/send-email/../upload']),
    headers: { 'content-type': type, ...(random() < 0.8 ? { origin: pick([ORIGIN, ORIGIN, 'https://evil.example', 'null']) } : {}) },
    body: isBase64 ? Buffer.from(body ?? '').toString('base64') : body,
    isBase64Encoded: isBase64,
    requestContext: { requestId: 'fuzz', http: { method: pick(['POST', 'POST', 'POST', 'POST', 'GET', 'PUT', 'OPTIONS', 'DELETE', 'post']) } },
  };
}

test(`${REQUESTS.toLocaleString('en-CA')} random and malformed requests: no exception, no 500, no e-mail, nothing archived`, async () => {
  const settings = leadSettings(contentDir);
  const handler = createHandler({
    archive: s3Archive(localS3Client(s3.url), BUCKET), mailer: sesMailer(localSesClient(ses.url)), settings, phone: settings.phone,
    allowedOrigins: [ORIGIN], log: () => {},
  });
  const random = rng(20261121);
  const statuses = new Map<number, number>();
  let thrown = 0;
  for (let i = 0; i < REQUESTS; i++) {
    try {
      const response = await handler(fuzzEvent(random));
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    } catch {
      thrown += 1;
    }
  }
  console.log(`fuzz: ${REQUESTS} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
  expect(thrown).toBe(0);
  expect(statuses.get(500) ?? 0).toBe(0);
  expect(statuses.get(503) ?? 0).toBe(0);
  expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(REQUESTS);
  const store = (await (await fetch(`${ses.url}/store`)).json()) as { emails: unknown[] };
  expect(store.emails).toHaveLength(0);
  const archived = await localS3Client(s3.url).send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'leads/' }));
  expect(archived.KeyCount ?? 0).toBe(0);
}, 120_000);
