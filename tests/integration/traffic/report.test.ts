// `site report` on real traffic: requests through a real `site preview` with its access log on,
// a UTM landing and a lead sent to the lead function, the log files then put in an S3 bucket (the
// emulator, over its HTTP API) as CloudFront delivers them, gzip, and the report run by the CLI
// against that bucket and the lead archive: every count checked.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CreateBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { startPreview, type Preview } from '../../../generator/preview/server.ts';
import { localS3Client } from '../../../generator/preview/local-aws.ts';
import { root, sandbox, type Sandbox } from '../../helpers.ts';

let box: Sandbox;
let preview: Preview;
const logs = () => join(box.dir, 'access-logs');

beforeAll(async () => {
  box = sandbox();
  preview = await startPreview({ contentDir: box.content, outDir: join(box.dir, 'out'), port: 0, host: '127.0.0.1', watch: false, accessLog: logs(), log: () => {} });
  const visit = (path: string, who: string, referer?: string) => fetch(`${preview.url}${path}`, { headers: { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/131 ${who}`, ...(referer ? { referer } : {}) } }).then((r) => r.text());
  // Two people from the LinkedIn campaign, one of whom reloads; one from a Google ad who goes on to the French contact page; a crawler.
  await visit('/?utm_source=linkedin&utm_medium=social&utm_campaign=winter%20eld', 'ana', 'https://www.linkedin.com/');
  await visit('/?utm_source=linkedin&utm_medium=social&utm_campaign=winter%20eld', 'ana', 'https://www.linkedin.com/');
  await visit('/contact-us', 'ana', `${preview.url}/`);
  await visit('/?utm_source=linkedin&utm_medium=social&utm_campaign=winter%20eld', 'bruno', 'https://www.linkedin.com/');
  await visit('/solutions/eld?utm_source=google&utm_medium=cpc&utm_campaign=eld-2026', 'carla', 'https://www.google.com/');
  await visit('/fr/contact-us', 'carla', `${preview.url}/solutions/eld`);
  await fetch(`${preview.url}/`, { headers: { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' } });
  await fetch(`${preview.url}/styles/missing.css`);
  // Ana sends the contact form: the lead carries where her visit began.
  const sent = await fetch(`${preview.url}/send-email/`, {
    method: 'POST',
    headers: { origin: preview.url, 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 ana' },
    body: JSON.stringify({ form: 'contact', submissionId: 'report-test-1', fax: '', fields: { name: 'Ana Silva', phone: '(416) 555-0123', email: 'ana@fleet.ca', department: 'LinkedIn', additionalInfo: 'Winter planning' }, attribution: { landing: '/?utm_source=linkedin&utm_medium=social&utm_campaign=winter%20eld', referrer: 'www.linkedin.com', utm_source: 'linkedin', utm_medium: 'social', utm_campaign: 'winter eld', page: '/contact-us' } }),
  });
  expect(sent.status).toBe(200);
  // CloudFront's delivery: each hour's file, gzip, under the prefix, named <distribution>.<hour>.<id>.gz.
  const s3 = localS3Client(preview.leads.s3!);
  await s3.send(new CreateBucketCommand({ Bucket: 'trillium-access-logs' }));
  for (const name of readdirSync(logs())) {
    const key = `cloudfront/${name.replace(/^LOCAL\./, 'E2EXAMPLE1234.').replace(/\.log$/, '.0a1b2c3d.gz')}`;
    await s3.send(new PutObjectCommand({ Bucket: 'trillium-access-logs', Key: key, Body: gzipSync(readFileSync(join(logs(), name))) }));
  }
}, 120_000);

afterAll(async () => {
  await preview?.close();
  box?.remove();
});

/** The CLI, without blocking this process: the S3 emulator it reads runs here. */
function report(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(join(root, 'node_modules/.bin/node'), [join(root, 'bin/site.js'), 'report', ...args], { cwd: box.dir, env: { ...process.env, NO_COLOR: '1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

describe('site report', () => {
  test('from the log bucket and the lead archive: visits, the campaigns, the lead and the conversion, counts only', async () => {
    const run = await report(['--logs-bucket', 'trillium-access-logs', '--bucket', 'trillium-leads-local', '--s3-endpoint', preview.leads.s3!, '--json', '--out', join(box.dir, 'report')]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const r = JSON.parse(run.stdout);
    // Ana's reload is one visit; the crawler and the stylesheet are none.
    expect(r.totals).toMatchObject({ visits: 5, leads: 1, rate: 0.2, botRequests: 1, skippedLines: 0 });
    const row = (rows: { key: string }[], key: string) => rows.find((x) => x.key === key);
    expect(row(r.campaigns, 'linkedin / social / winter eld')).toMatchObject({ visits: 2, leads: 1, rate: 0.5 });
    expect(row(r.campaigns, 'google / cpc / eld-2026')).toMatchObject({ visits: 1, leads: 0, rate: 0 });
    expect(row(r.referrers, 'linkedin.com')).toMatchObject({ visits: 2, leads: 1 });
    expect(row(r.referrers, 'google.com')).toMatchObject({ visits: 1 });
    expect(row(r.pages, '/')).toMatchObject({ visits: 2, leads: 1 });
    expect(row(r.pages, '/fr/contact-us')).toMatchObject({ visits: 1 });
    expect(row(r.languages, 'fr')).toMatchObject({ visits: 1, leads: 0 });
    expect(row(r.entryPages, '/contact-us')).toBeUndefined();
    expect(r.forms.find((f: { form: string }) => f.form === 'contact')).toEqual({ form: 'contact', visits: 5, formPageVisits: 2, leads: 1, rate: 0.5 });
    const written = readFileSync(join(box.dir, 'report/report.csv'), 'utf8') + readFileSync(join(box.dir, 'report/report.json'), 'utf8');
    expect(written).toContain('campaign,linkedin / social / winter eld,2,1,0.5,0,');
    expect(written).not.toMatch(/127\.0\.0\.1|Mozilla|bingbot|ana@fleet|Ana Silva/);
  });

  test('the same from the folder the preview wrote, and the tables in the terminal', async () => {
    const run = await report(['--logs', logs(), '--bucket', 'trillium-leads-local', '--s3-endpoint', preview.leads.s3!, '--out', join(box.dir, 'report2')]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/5 visits .* 1 leads, conversion 20\.0%; 1 requests by crawlers/);
    expect(run.stdout).toMatch(/linkedin \/ social \/ winter eld\s+2\s+1\s+50\.0%/);
  });

  test('the admin\'s Traffic tab reads the same log', async () => {
    const traffic = await (await fetch(`${preview.url}/_admin/api/traffic?days=7`)).json() as { source: string; report: { totals: { visits: number; leads: number } } };
    expect(traffic.source).toBe('preview');
    expect(traffic.report.totals).toMatchObject({ visits: 5, leads: 1 });
  });

  test('usage errors: a bad date, no logs named', async () => {
    expect((await report(['--since', '2026-13-01', '--logs', logs()])).status).toBe(2);
    const none = await report([]);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('--logs-bucket');
  });
});
