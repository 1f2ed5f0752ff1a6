// `site preview` in its "talks to AWS" mode (LEADS_BUCKET and AWS_REGION set), with
// the AWS SDK's own endpoint settings pointing S3 and SES at s3rver and the SES emulator: the
// preview lists the bucket's leads but never deletes them, whoever asks.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { startPreview, type Preview } from '../../../generator/preview/server.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, localS3Client, startLocalS3, startLocalSes, type LocalS3, type LocalSes } from '../../../generator/preview/local-aws.ts';
import { contentDir } from '../../helpers.ts';
import { call } from '../http-client.ts';

const BUCKET = 'trillium-leads-aws-mode';
const saved = { ...process.env };
let dir: string;
let s3: LocalS3;
let ses: LocalSes;
let preview: Preview;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'preview-aws-'));
  s3 = await startLocalS3({ directory: join(dir, 's3'), buckets: [BUCKET] });
  ses = await startLocalSes();
  Object.assign(process.env, {
    LEADS_BUCKET: BUCKET, AWS_REGION: LOCAL_REGION, LEAD_SENDER: 'leads@trilliumfleet.example',
    AWS_ENDPOINT_URL_S3: s3.url, AWS_ENDPOINT_URL_SES: ses.url,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    // s3rver mis-stores streamed, checksummed uploads (see localS3Client).
    AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED', AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
  });
  preview = await startPreview({ contentDir, outDir: join(dir, 'preview'), port: 0, host: '127.0.0.1', watch: false, log: () => {} });
}, 60_000);

afterAll(async () => {
  await preview?.close();
  process.env = saved;
  await ses?.close();
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function keys(): Promise<string[]> {
  const listing = await localS3Client(s3.url).send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listing.Contents ?? []).map((o) => o.Key!).sort();
}

describe('the preview with LEADS_BUCKET set (AWS)', () => {
  test('a DELETE in AWS mode is refused, even from the preview itself, and the bucket keeps every lead', async () => {
    const fields = { name: 'Ana Silva', phone: '(416) 555-0123', email: 'ana@fleet.ca', department: 'LinkedIn', additionalInfo: 'a real lead' };
    const sent = await call(preview.url, '/send-email/', { method: 'POST', origin: preview.url, type: 'application/json', body: JSON.stringify({ form: 'contact', fields, submissionId: 'aws-mode-1', fax: '' }) });
    expect(sent.status, sent.text).toBe(200);
    const before = await keys();
    expect(before.filter((k) => k.startsWith('leads/'))).toHaveLength(1);
    expect(before.filter((k) => k.startsWith('submissions/'))).toHaveLength(1);

    const refused = await call(preview.url, '/_site/leads', { method: 'DELETE', origin: preview.url });
    expect(refused.status).toBe(405);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(refused.text)).toEqual({ cleared: false, error: `Leads are in the real bucket s3://${BUCKET} (AWS, ${LOCAL_REGION}); the preview never deletes them.` });
    await expect(preview.leads.clear()).rejects.toThrow('the preview never deletes them');
    expect(await keys()).toEqual(before);
  });

  test('the leads answer says where the leads are and that they cannot be cleared', async () => {
    const answer = JSON.parse((await call(preview.url, '/_site/leads')).text) as Record<string, unknown> & { leads: { fields: Record<string, string> }[] };
    expect(answer).toMatchObject({ mode: 'aws', bucket: `s3://${BUCKET}`, clearable: false, inbox: null, archive: null });
    expect(answer.notice).toContain('the preview never deletes them');
    expect(answer.leads.map((l) => l.fields.additionalInfo)).toEqual(['a real lead']);
  });
});
