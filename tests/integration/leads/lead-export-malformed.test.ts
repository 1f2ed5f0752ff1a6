// `site leads export` with an object under leads/ that is not a lead (written by hand, truncated,
// not JSON): it is skipped and named on stderr, every other lead is exported, exit 0. One such
// object ({"id":"x"}) had failed the whole export with a TypeError (exit 4), leaving
// `> leads.csv` empty.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Archive } from '../../../functions/send-email/archive.ts';
import { addressHash } from '../../../functions/send-email/consent.ts';
import { runExport } from '../../../generator/cli/leads-command.ts';
import { EXPORT_COLUMNS, leadShapeProblem } from '../../../generator/leads/leads-export.ts';
import { call, lead, startEmulators, valid, type Emulators } from '../lead-harness.ts';
import { contentDir, root } from '../../helpers.ts';

let aws: Emulators;
let good: string;
const BAD = 'leads/2026/11/28/zz-bad.json';
const NOT_JSON = 'leads/2026/11/28/zz-not-json.json';

beforeAll(async () => {
  aws = await startEmulators('leads-export-malformed');
  const answer = await call(aws.handler(), lead('contact', { ...valid.contact, email: `kept-${Date.now()}@fleet.ca` }));
  expect(answer.json).toMatchObject({ accepted: true });
  good = answer.json.id;
  const put = (Key: string, Body: string) => aws.client().send(new PutObjectCommand({ Bucket: aws.bucket, Key, Body, ContentType: 'application/json' }));
  await put(BAD, '{"id":"x"}');
  await put(NOT_JSON, '{"id": "half a lead');
});
afterAll(() => aws.close());

describe('site leads export skips what is not a lead', () => {
  test('a malformed archived lead is skipped and named, the others exported (it failed the whole export, exit 4)', async () => {
    let text = '';
    const warnings: string[] = [];
    const count = await runExport({ contentDir, bucket: aws.bucket, s3Endpoint: aws.s3.url, write: (t) => (text += t), warn: (l) => warnings.push(l) });
    expect(count).toBe(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${EXPORT_COLUMNS.map((c) => `"${c}"`).join(',')}`);
    expect(lines[1]).toMatch(new RegExp(`^"${good}",`));
    expect(warnings.join('\n')).toMatch(/⚠ skipped leads\/2026\/11\/28\/zz-bad\.json: not a lead \(receivedAt is missing\)/);
    expect(warnings.join('\n')).toMatch(/⚠ skipped leads\/2026\/11\/28\/zz-not-json\.json: not a lead \(its text is not JSON\)/);
    expect(warnings.at(-1)).toMatch(/2 archived objects were skipped \(named above\) and 1 lead exported/);
  });

  test('the command exits 0 with the CSV on stdout and the skipped keys on stderr', async () => {
    // Asynchronous: the emulators live in this process and must keep answering the child.
    const { stdout, stderr } = await promisify(execFile)(join(root, 'node_modules/.bin/node'), [join(root, 'bin/site.js'), 'leads', 'export', '--bucket', aws.bucket, '--s3-endpoint', aws.s3.url], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(stdout.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(stdout).toContain(`"${good}"`);
    expect(stderr).toContain(`skipped ${BAD}`);
    expect(stderr).toContain(`skipped ${NOT_JSON}`);
  });

  test('a consent event without a time or type (put there by hand) is left out; the export and the address\'s standing still come', async () => {
    const address = `consent-odd-${Date.now()}@fleet.ca`;
    const answer = await call(aws.handler(), lead('newsletter', { email: address }));
    expect(answer.json).toMatchObject({ accepted: true });
    await aws.client().send(new PutObjectCommand({ Bucket: aws.bucket, Key: `consent/${addressHash(address)}/00000000-requested-odd.json`, Body: '{"type":"requested"}', ContentType: 'application/json' }));
    await aws.client().send(new PutObjectCommand({ Bucket: aws.bucket, Key: `consent/${addressHash(address)}/99999999-confirmed-odd.json`, Body: '[1,2]', ContentType: 'application/json' }));
    let text = '';
    const count = await runExport({ contentDir, bucket: aws.bucket, s3Endpoint: aws.s3.url, format: 'json', write: (t) => (text += t), warn: () => {} });
    expect(count).toBe(2);
    expect(text).toContain(address);
    const events = await s3Archive(aws.client(), aws.bucket).consentEvents(address);
    expect(events.map((e) => e.type)).toEqual(['requested']);
  });

  test('the shape check names what is wrong, and accepts a lead as the function archives it', async () => {
    const key = (await aws.keys('leads/')).find((k) => k.endsWith(`/${good}.json`))!;
    const archived = (await s3Archive(aws.client(), aws.bucket).get(key))!;
    expect(leadShapeProblem(archived)).toBeUndefined();
    expect(leadShapeProblem([])).toBe('it is not a JSON object');
    expect(leadShapeProblem({ ...archived, message: { ...archived.message, from_email: 3 } })).toBe('message is not an object with from_name, from_email and phone_number');
    expect(leadShapeProblem({ ...archived, fields: { name: ['a'] } })).toBe('fields is not an object of texts');
    expect(leadShapeProblem({ ...archived, consent: { wording: 1 } })).toBe('consent is not an object with a wording');
  });
});
