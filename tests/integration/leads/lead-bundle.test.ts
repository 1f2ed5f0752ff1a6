// The Lambda as deployed: the esbuild bundle of functions/send-email/index.ts, configured only
// through the environment the template sets (plus endpoint variables pointing the SDK at the
// emulators), imported fresh and called with an API Gateway payload 2.0 event.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startLocalS3, startLocalSes, LOCAL_CREDENTIALS, type LocalS3, type LocalSes } from '../../../generator/preview/local-aws.ts';
import { leadSettings } from '../../../generator/leads/lead-settings.ts';
import { contentDir } from '../../helpers.ts';
// @ts-expect-error: a plain .mjs script without types
import { bundleFunction } from '../../../scripts/bundle-function.mjs';

let dir: string;
let s3: LocalS3;
let ses: LocalSes;
let outfile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lead-bundle-'));
  s3 = await startLocalS3({ directory: join(dir, 's3'), buckets: ['bundle-leads'] });
  ses = await startLocalSes();
  ({ outfile } = await bundleFunction({ outDir: join(dir, 'bundle') }));
}, 60_000);

afterAll(async () => {
  await ses.close();
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

const ENV = () => ({
  LEADS_BUCKET: 'bundle-leads', LEAD_SENDER: 'Test <leads@trilliumfleet.example>', AWS_REGION: 'ca-central-1',
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  AWS_ENDPOINT_URL_S3: s3.url, AWS_ENDPOINT_URL_SES: ses.url,
  AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED', AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
});
/** The bundle imported afresh (its own module instance), configured by the environment at that moment. */
const load = async (tag: string) => (await import(`${pathToFileURL(outfile).href}?${tag}`)) as { handler: (event: unknown) => Promise<{ statusCode: number; body: string; headers: Record<string, string> }> };
const newsletter = (email: string, headers: Record<string, string> = {}) => ({
  version: '2.0', rawPath: '/send-email/', headers: { 'content-type': 'application/json', origin: leadSettings(contentDir).origin, ...headers },
  body: JSON.stringify({ form: 'newsletter', fields: { email }, submissionId: `bundle-${email.replace(/\W/g, '')}`, fax: '' }),
  requestContext: { requestId: 'r1', http: { method: 'POST', path: '/send-email/' } },
});

test('the bundled handler accepts a lead from the site origin, archives it and e-mails it', async () => {
  Object.assign(process.env, ENV());
  delete process.env.ORIGIN_SECRET;
  const { handler } = await load('local');
  const origin = leadSettings(contentDir).origin;
  const response = await handler(newsletter('bundle@example.ca'));
  expect(response.statusCode).toBe(200);
  expect(JSON.parse(response.body)).toEqual({ accepted: true, id: expect.any(String) });
  expect(response.headers['access-control-allow-origin']).toBe(origin);
  const { emails } = (await (await fetch(`${ses.url}/store`)).json()) as { emails: { from: string; destination: { to: string[] } }[] };
  expect(emails.map((e) => [e.from, e.destination.to])).toEqual([['Test <leads@trilliumfleet.example>', [leadSettings(contentDir).salesInbox]]]);
}, 60_000);

test('with ORIGIN_SECRET set, the bundle answers 403 without the X-Origin-Verify header CloudFront adds, or with a wrong one', async () => {
  const secret = 'Zr4KqP9vT2mW7xY1bN5cH8jL3dF6gS0e';
  const sent = async () => ((await (await fetch(`${ses.url}/store`)).json()) as { emails: unknown[] }).emails.length;
  const before = await sent();
  Object.assign(process.env, ENV(), { ORIGIN_SECRET: secret });
  try {
    const { handler } = await load('configured');
    for (const headers of [{} as Record<string, string>, { 'x-origin-verify': 'not-the-secret' }]) {
      const refused = await handler(newsletter('bypass@example.ca', headers));
      expect(refused.statusCode).toBe(403);
      expect(JSON.parse(refused.body)).toEqual({ accepted: false, error: 'Forbidden.' });
    }
    const through = await handler(newsletter('through-cloudfront@example.ca', { 'x-origin-verify': secret }));
    expect(JSON.parse(through.body)).toEqual({ accepted: true, id: expect.any(String) });
    // A secret set but too short is a broken deployment: the bundle refuses to start.
    process.env.ORIGIN_SECRET = 'short';
    await expect(load('broken')).rejects.toThrow(/ORIGIN_SECRET/);
  } finally {
    delete process.env.ORIGIN_SECRET;
  }
  expect(await sent()).toBe(before + 1);
}, 60_000);
