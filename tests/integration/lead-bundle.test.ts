// The Lambda as deployed: the esbuild bundle of functions/send-email/index.ts, configured only
// through the environment the template sets (plus endpoint variables pointing the SDK at the
// emulators), imported fresh and called with an API Gateway payload 2.0 event.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalS3, startLocalSes, LOCAL_CREDENTIALS, type LocalS3, type LocalSes } from '../../generator/local-aws.ts';
import { leadSettings } from '../../generator/lead-settings.ts';
import { contentDir } from '../helpers.ts';
// @ts-expect-error: a plain .mjs script without types
import { bundleFunction } from '../../scripts/bundle-function.mjs';

let dir: string;
let s3: LocalS3;
let ses: LocalSes;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lead-bundle-'));
  s3 = await startLocalS3({ directory: join(dir, 's3'), buckets: ['bundle-leads'] });
  ses = await startLocalSes();
});

afterAll(async () => {
  await ses.close();
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the bundled handler accepts a lead from the site origin, archives it and e-mails it', async () => {
  const { outfile } = await bundleFunction({ outDir: join(dir, 'bundle') });
  Object.assign(process.env, {
    LEADS_BUCKET: 'bundle-leads', LEAD_SENDER: 'Test <leads@trilliumfleet.example>', AWS_REGION: 'ca-central-1',
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_S3: s3.url, AWS_ENDPOINT_URL_SES: ses.url,
    AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED', AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
  });
  const { handler } = await import(outfile);
  const origin = leadSettings(contentDir).origin;
  const response = await handler({
    version: '2.0', rawPath: '/send-email/', headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ form: 'newsletter', fields: { email: 'bundle@example.ca' }, submissionId: 'bundle-test-0001', fax: '' }),
    requestContext: { requestId: 'r1', http: { method: 'POST', path: '/send-email/' } },
  });
  expect(response.statusCode).toBe(200);
  expect(JSON.parse(response.body)).toEqual({ accepted: true, id: expect.any(String) });
  expect(response.headers['access-control-allow-origin']).toBe(origin);
  const { emails } = (await (await fetch(`${ses.url}/store`)).json()) as { emails: { from: string; destination: { to: string[] } }[] };
  expect(emails.map((e) => [e.from, e.destination.to])).toEqual([['Test <leads@trilliumfleet.example>', [leadSettings(contentDir).salesInbox]]]);
}, 60_000);
