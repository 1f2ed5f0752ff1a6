// `site publish` against s3rver over the real S3 API: headers, incremental uploads, order,
// --delete with the grace period, faults and re-runs, --dry-run, and the failures people see.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { HeadObjectCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { publish, PublishError, type PublishOptions } from '../../../generator/publish/publish.ts';
import { DEPLOY_MANIFEST } from '../../../generator/publish/plan.ts';
import { isPublishable } from '../../../generator/publish/local.ts';
import { cacheControl, contentType, isHashedAsset } from '../../../generator/output/headers.ts';
import { localS3Client } from '../../../generator/preview/local-aws.ts';
import { MANIFEST } from '../../../generator/output/write.ts';
import { respond } from '../../../generator/preview/server.ts';
import { resolveUrl, NOT_FOUND_FILE } from '../../../generator/preview/url-rule.ts';
import { root, sandbox, type Sandbox } from '../../helpers.ts';
import { buildTo, danglingReferences, download, isWrite, listing, node, startProxy, startS3rver, type LoggedRequest, type Proxy, type S3rverProcess } from '../publish-harness.ts';

const WINTER_POST = 'blog/preparing-fleet-for-canadian-winter.md';
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let box: Sandbox;
let s3: S3rverProcess;
let proxy: Proxy;
let client: S3Client;
/** A: the shipped content. A1: one page's text edited. B: a post removed and an image changed. C: that image changed again. */
const dirs = { A: '', A1: '', B: '', C: '' };
const builds: Record<keyof typeof dirs, Map<string, Buffer>> = { A: new Map(), A1: new Map(), B: new Map(), C: new Map() };

beforeAll(async () => {
  box = sandbox();
  s3 = await startS3rver(join(box.dir, 's3'));
  proxy = await startProxy(() => s3.url);
  client = localS3Client(s3.url);
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  for (const name of Object.keys(dirs) as (keyof typeof dirs)[]) dirs[name] = join(box.dir, `dist-${name}`);
  builds.A = await buildTo(box, dirs.A);
  box.edit('legal/privacy-policies.md', 'what rights you have.', 'what rights you have, in plain words.');
  builds.A1 = await buildTo(box, dirs.A1);
  box.edit('legal/privacy-policies.md', 'what rights you have, in plain words.', 'what rights you have.');
  rmSync(join(box.content, WINTER_POST));
  box.edit('images/illustrations/faq.svg', '</svg>', '<!-- v2 --></svg>');
  builds.B = await buildTo(box, dirs.B);
  box.edit('images/illustrations/faq.svg', '<!-- v2 -->', '<!-- v3 -->');
  builds.C = await buildTo(box, dirs.C);
}, 60_000);

// Generous: with the other suites running on two cores, removing the builds alone can take seconds.
afterAll(async () => {
  await proxy?.close();
  await s3?.stop();
  box?.remove();
}, 30_000);

const run = (dir: string, prefix: string, options: Partial<PublishOptions> = {}) =>
  publish({ dir, bucket: 'site', prefix, endpoint: proxy.url, concurrency: 8, maxAttempts: 3, ...options });

/** The build's publishable files. */
const published = (build: Map<string, Buffer>) => [...build.keys()].filter(isPublishable).sort();

/** Asserts the bucket holds exactly the build (plus the deploy record and `extra`), byte for byte by ETag. */
async function expectBucketHolds(prefix: string, build: Map<string, Buffer>, extra: string[] = []): Promise<void> {
  const remote = await listing(client, prefix);
  expect([...remote.keys()].sort()).toEqual([...published(build), DEPLOY_MANIFEST, ...extra].sort());
  for (const path of published(build)) expect(remote.get(path), path).toBe(md5(build.get(path)!));
}

function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  // Asynchronous: the proxy answering the child's requests lives in this process's event loop.
  return new Promise((resolve) => {
    const child = spawn(node, [join(root, 'bin/site.js'), 'publish', ...args], { cwd: root, env: { PATH: process.env.PATH, NO_COLOR: '1', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
const awsEnv = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_EC2_METADATA_DISABLED: 'true' };
const noStack = /\n\s+at \S+/;

describe('site publish', () => {
  test('the first publish uploads every file with its Content-Type and Cache-Control', async () => {
    const summary = await run(dirs.A, 'first');
    expect(summary).toMatchObject({ uploaded: published(builds.A).length, unchanged: 0, deleted: 0 });
    await expectBucketHolds('first', builds.A);
    const kinds: [RegExp, string, 'immutable' | 'revalidate'][] = [
      [/^index\.html$/, 'text/html; charset=utf-8', 'revalidate'],
      [/^solutions\/adas\/index\.html$/, 'text/html; charset=utf-8', 'revalidate'],
      [/^404\.html$/, 'text/html; charset=utf-8', 'revalidate'],
      [/^assets\/js\/shell-\w+\.js$/, 'text/javascript; charset=utf-8', 'immutable'],
      [/^assets\/fonts\/.*\.woff2$/, 'font/woff2', 'immutable'],
      [/^assets\/img\/illustrations\/faq-\w+\.svg$/, 'image/svg+xml', 'immutable'],
      [/^assets\/cards\/fr-solutions-adas-\w+\.png$/, 'image/png', 'immutable'],
      [/^feed\.xml$/, 'application/xml; charset=utf-8', 'revalidate'],
      [/^sitemap\.xml$/, 'application/xml; charset=utf-8', 'revalidate'],
      [/^robots\.txt$/, 'text/plain; charset=utf-8', 'revalidate'],
      [/^manifest\.webmanifest$/, 'application/manifest+json; charset=utf-8', 'revalidate'],
      [/^favicon\.ico$/, 'image/x-icon', 'revalidate'],
      [/^search-index\.json$/, 'application/json; charset=utf-8', 'revalidate'],
    ];
    for (const [pattern, type, cache] of kinds) {
      const path = published(builds.A).find((p) => pattern.test(p));
      expect(path, String(pattern)).toBeDefined();
      const head = await client.send(new HeadObjectCommand({ Bucket: 'site', Key: `first/${path}` }));
      expect(head.ContentType, path).toBe(type);
      expect(head.CacheControl, path).toBe(cache === 'immutable' ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      expect(head.ContentLength, path).toBe(builds.A.get(path!)!.length);
    }
  });

  test('pages go up only after every asset, with the deploy record started in between and completed last', async () => {
    proxy.log = [];
    await run(dirs.A, 'order');
    const writes = proxy.log.filter(isWrite).map((r) => r.key.replace(/^order\//, ''));
    const last = (test: (k: string) => boolean) => writes.findLastIndex(test);
    const first = (test: (k: string) => boolean) => writes.findIndex(test);
    const record = writes.flatMap((k, i) => (k === DEPLOY_MANIFEST ? [i] : []));
    expect(record).toHaveLength(2);
    expect(last(isHashedAsset)).toBeLessThan(record[0]!);
    expect(record[0]!).toBeLessThan(first((k) => k.endsWith('.html')));
    expect(last((k) => k !== DEPLOY_MANIFEST)).toBeLessThan(record[1]!);
    expect(first((k) => k.endsWith('.html'))).toBeGreaterThan(last((k) => !k.endsWith('.html') && k !== DEPLOY_MANIFEST));
  });

  test('a second publish of the same build uploads nothing and sends only the listing (every page of it) and one read', async () => {
    await run(dirs.A, 'second');
    proxy.log = [];
    const summary = await run(dirs.A, 'second', { listPageSize: 50 });
    expect(summary).toMatchObject({ uploaded: 0, unchanged: published(builds.A).length, deleted: 0, bytes: 0 });
    expect(proxy.log.filter(isWrite)).toEqual([]);
    const pages = Math.ceil((published(builds.A).length + 1) / 50);
    expect(proxy.log.filter((r) => r.query.includes('list-type=2'))).toHaveLength(pages);
    expect(summary.requests).toBe(pages + 1);
  });

  test('changing one page uploads that page only', async () => {
    await run(dirs.A, 'one-page');
    const summary = await run(dirs.A1, 'one-page');
    expect(summary.files.uploaded).toEqual(['privacy-policies/index.html']);
    await expectBucketHolds('one-page', builds.A1);
  });

  test('--delete removes a page removed from content but keeps the previous deploy\'s hashed assets until the deploy after', async () => {
    await run(dirs.A, 'delete');
    const oldAssets = published(builds.A).filter((p) => isHashedAsset(p) && !builds.B.has(p));
    // The deleted post's image and social cards (one per language), and an illustration B no longer uses.
    expect(oldAssets).toEqual([
      expect.stringMatching(/^assets\/cards\/blog-details-10-\w+\.png$/),
      expect.stringMatching(/^assets\/cards\/fr-blog-details-10-\w+\.png$/),
      expect.stringMatching(/^assets\/img\/blog\/winter-operations-\w+\.svg$/),
      expect.stringMatching(/^assets\/img\/illustrations\/faq-\w+\.svg$/),
    ]);

    proxy.log = [];
    const second = await run(dirs.B, 'delete', { delete: true });
    expect(second.files.deleted).toEqual(['blog-details/10/index.html', 'fr/blog-details/10/index.html']);
    expect(second.files.kept).toEqual(oldAssets);
    await expectBucketHolds('delete', builds.B, oldAssets);
    const writes = proxy.log.filter(isWrite);
    expect(writes.findIndex((r) => r.query.includes('delete'))).toBe(writes.length - 1);
    expect(danglingReferences(await download(client, 'delete'))).toEqual([]);

    const third = await run(dirs.C, 'delete', { delete: true });
    const bAssets = published(builds.B).filter((p) => isHashedAsset(p) && !builds.C.has(p));
    expect(third.files.deleted).toEqual(oldAssets);
    expect(third.files.kept).toEqual(bAssets);
    await expectBucketHolds('delete', builds.C, bAssets);
  });

  test('a page served from the bucket through the URL rule is identical to the local build', async () => {
    await run(dirs.A, 'served');
    const local = new Map(published(builds.A).map((p) => [p, builds.A.get(p)!]));
    const localServer = await listen((req, res) => respond(req, res, new URL(req.url!, 'http://local'), local));
    // CloudFront in front of the bucket: the URL rule picks the key; a missing key serves 404.html with 404.
    const bucketServer = await listen(async (req, res) => {
      const url = new URL(req.url!, 'http://bucket');
      const resolution = resolveUrl(url.pathname, url.search);
      if (resolution.kind === 'redirect') return void res.writeHead(resolution.status, { location: resolution.location }).end();
      if (resolution.kind === 'response') return void res.writeHead(resolution.status, resolution.headers).end(resolution.body);
      let status = 200;
      let object = await get(`served/${resolution.file}`);
      // One error page for the whole distribution: English for a French path too (the shell
      // script then brings in fr/404.html; the local servers serve that page themselves).
      if (!object) [status, object] = [404, await get(`served/${NOT_FOUND_FILE}`)];
      res.writeHead(status, { 'content-type': object!.ContentType!, 'cache-control': object!.CacheControl! });
      res.end(Buffer.from(await object!.Body!.transformToByteArray()));
    });
    try {
      const manifest = JSON.parse(builds.A.get(MANIFEST)!.toString('utf8')) as { routes: { path: string }[] };
      const urls = [...manifest.routes.map((r) => r.path), '/no/such/page', '/solutions/adas/', '/feed.xml', '/robots.txt', `/${published(builds.A).find((p) => p.endsWith('.woff2'))}`];
      for (const path of [...urls, '/fr/no/such/page']) {
        const [a, b] = await Promise.all([localServer, bucketServer].map((s) => fetch(s.url + path, { redirect: 'manual', headers: { 'accept-encoding': 'identity' } })));
        expect(b!.status, path).toBe(a!.status);
        if (/^\/fr\/(404|no\/)/.test(path)) {
          // The one difference, and the reason for it: CloudFront has one error page (above).
          expect(Buffer.from(await a!.arrayBuffer()).equals(builds.A.get('fr/404.html')!), path).toBe(true);
          expect(Buffer.from(await b!.arrayBuffer()).equals(builds.A.get(NOT_FOUND_FILE)!), path).toBe(true);
          continue;
        }
        for (const header of ['content-type', 'cache-control', 'location']) expect(b!.headers.get(header), `${path} ${header}`).toBe(a!.headers.get(header));
        expect(Buffer.from(await b!.arrayBuffer()).equals(Buffer.from(await a!.arrayBuffer())), path).toBe(true);
      }
    } finally {
      await Promise.all([localServer.close(), bucketServer.close()]);
    }
  });

  test('a throttled request and a dropped connection are retried, and the publish completes', async () => {
    let puts = 0;
    proxy.fault = (r) => {
      if (r.method !== 'PUT') return undefined;
      puts++;
      if (puts === 5) return { status: 503, code: 'SlowDown' };
      if (puts === 9) return { status: 500, code: 'InternalError' };
      if (puts === 12) return 'drop';
      return undefined;
    };
    try {
      const summary = await run(dirs.A, 'retry');
      expect(summary.retries).toBeGreaterThanOrEqual(3);
      await expectBucketHolds('retry', builds.A);
    } finally {
      proxy.fault = undefined;
    }
  });

  // An outage that starts at each step of publishing B over A (with --delete); then a re-run.
  const outages: [string, (r: LoggedRequest, log: LoggedRequest[]) => boolean][] = [
    ['the first asset upload', (r) => r.method === 'PUT' && isHashedAsset(r.key.replace(/^[^/]+\//, ''))],
    ['the deploy record', (r) => r.method === 'PUT' && r.key.endsWith(DEPLOY_MANIFEST)],
    ['the fifth page upload', (r, log) => r.method === 'PUT' && r.key.endsWith('.html') && log.filter((x) => x.method === 'PUT' && x.key.endsWith('.html')).length >= 5],
    ['the deletion', (r) => r.method === 'POST' && r.query.includes('delete')],
  ];
  test.each(outages.map(([name, when], i) => ({ name, when, prefix: `outage-${i}` })))('an outage at $name fails with a re-run hint, leaves no page without its assets, and a re-run completes', async ({ when, prefix }) => {
    await run(dirs.A, prefix);
    let down = false;
    proxy.fault = (r, log) => ((down ||= when(r, log)) ? { status: 503, code: 'ServiceUnavailable' } : undefined);
    try {
      const error = await run(dirs.B, prefix, { delete: true, maxAttempts: 2 }).then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(PublishError);
      expect((error as PublishError).exitCode).toBe(4);
      expect((error as PublishError).message).toMatch(/failed after 2 attempts: ServiceUnavailable.*run the same publish again/);
    } finally {
      proxy.fault = undefined;
    }
    expect(danglingReferences(await download(client, prefix))).toEqual([]);
    const rerun = await run(dirs.B, prefix, { delete: true });
    expect(rerun.files.deleted).toEqual(['blog-details/10/index.html', 'fr/blog-details/10/index.html']);
    const oldAssets = published(builds.A).filter((p) => isHashedAsset(p) && !builds.B.has(p));
    await expectBucketHolds(prefix, builds.B, oldAssets);
  });

  test('a publish whose server stops mid-upload exits 4 without a stack, and completes when run again', async () => {
    await run(dirs.A, 'stopped');
    // The server goes away at the third page: from then on every connection is dropped at the
    // proxy. (Stopping s3rver itself did that too, but s3rver writes an object's file and its
    // metadata separately, and a stop between the two left an object that answered every GET
    // with InternalError, which S3, whose PUT is atomic, never does: the test then failed on
    // the emulator's leftovers, not on the publish.)
    let pages = 0;
    let down = false;
    proxy.fault = (r) => {
      if (r.method === 'PUT' && r.key.endsWith('.html') && ++pages === 3) down = true;
      return down ? 'drop' : undefined;
    };
    const args = ['--bucket', 'site', '--prefix', 'stopped', '--endpoint', proxy.url, '--dir', dirs.B, '--delete'];
    try {
      const failed = await cli(args, awsEnv);
      expect(failed.status, failed.stderr).toBe(4);
      expect(failed.stderr).toMatch(/✗ upload \(s3:PutObject\) s3:\/\/site\/stopped\/.* failed after \d+ attempts: .*run the same publish again/);
      expect(failed.stderr).not.toMatch(noStack);
    } finally {
      proxy.fault = undefined;
    }
    expect(danglingReferences(await download(client, 'stopped'))).toEqual([]);
    const again = await cli([...args, '--json'], awsEnv);
    expect(again.status, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: true, deleted: 2 });
    await expectBucketHolds('stopped', builds.B, published(builds.A).filter((p) => isHashedAsset(p) && !builds.B.has(p)));
  });

  test('--dry-run prints what would change and sends no write request', async () => {
    await run(dirs.A, 'dry');
    const before = await listing(client, 'dry');
    proxy.log = [];
    const result = await cli(['--bucket', 'site', '--prefix', 'dry', '--endpoint', proxy.url, '--dir', dirs.B, '--delete', '--dry-run'], awsEnv);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^would upload {2}assets\/img\/illustrations\/faq-\w+\.svg$/m);
    expect(result.stdout).toMatch(/^would delete {2}blog-details\/10\/index\.html$/m);
    expect(result.stdout).toMatch(/^would keep {4}assets\/img\/blog\/winter-operations-\w+\.svg/m);
    expect(result.stdout).toMatch(/Dry run, nothing changed in s3:\/\/site\/dry: would upload \d+ files/);
    expect(proxy.log.length).toBeGreaterThan(0);
    expect(proxy.log.filter(isWrite)).toEqual([]);
    expect(await listing(client, 'dry')).toEqual(before);
  });

  test('--json prints exactly one JSON object on stdout', async () => {
    await run(dirs.A, 'json');
    const result = await cli(['--bucket', 'site', '--prefix', 'json', '--endpoint', proxy.url, '--dir', dirs.A, '--json'], awsEnv);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, dryRun: false, bucket: 'site', prefix: 'json', uploaded: 0, unchanged: published(builds.A).length, deleted: 0, requests: 2 });
  });

  test('a large file goes up in parts, with its headers, and counts as unchanged next time; the manifest and admin pages never go up', async () => {
    const dir = join(box.dir, 'dist-large');
    cpSync(dirs.A, dir, { recursive: true });
    const video = 'assets/video/tour-Ab12Cd34Ef.mp4';
    const bytes = Buffer.alloc(11 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
    mkdirSync(join(dir, 'assets/video'), { recursive: true });
    writeFileSync(join(dir, video), bytes);
    mkdirSync(join(dir, '_admin'), { recursive: true });
    writeFileSync(join(dir, '_admin/index.html'), '<h1>admin</h1>');
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8'));
    manifest.files[video] = { bytes: bytes.length, sha256: sha256(bytes) };
    manifest.files['_admin/index.html'] = { bytes: 14, sha256: sha256(Buffer.from('<h1>admin</h1>')) };
    writeFileSync(join(dir, MANIFEST), JSON.stringify(manifest));

    proxy.log = [];
    const first = await run(dir, 'large', { multipartThreshold: 5 * 1024 * 1024 });
    expect(first.files.uploaded).toContain(video);
    const parts = proxy.log.filter((r) => r.key === `large/${video}`);
    expect(parts.filter((r) => r.method === 'PUT' && r.query.includes('partNumber'))).toHaveLength(3);
    const head = await client.send(new HeadObjectCommand({ Bucket: 'site', Key: `large/${video}` }));
    expect([head.ContentType, head.CacheControl, head.ContentLength]).toEqual([contentType(video), cacheControl(video), bytes.length]);
    const remote = await listing(client, 'large');
    expect(remote.has(MANIFEST) || remote.has('_admin/index.html')).toBe(false);
    expect((await run(dir, 'large', { multipartThreshold: 5 * 1024 * 1024 })).uploaded).toBe(0);
  });

  test('a same-size file swapped after the build is refused (exit 2, naming it) and nothing is uploaded', async () => {
    const dir = join(box.dir, 'dist-swapped');
    cpSync(dirs.A, dir, { recursive: true });
    const page = 'solutions/adas/index.html';
    const original = readFileSync(join(dir, page), 'utf8');
    const swapped = original.replace('</body>', '<script>steal()</script></body>').slice(0, original.length);
    expect(swapped).not.toBe(original);
    expect(Buffer.byteLength(swapped)).toBe(Buffer.byteLength(original));
    writeFileSync(join(dir, page), swapped);
    writeFileSync(join(dir, 'not-in-the-manifest.html'), 'extra');
    proxy.log = [];
    const result = await cli(['--bucket', 'site', '--prefix', 'swapped', '--endpoint', proxy.url, '--dir', dir], awsEnv);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(page);
    expect(result.stderr).toMatch(/differ.*\.site-build\.json/);
    expect(result.stderr).not.toMatch(noStack);
    expect(proxy.log.filter(isWrite)).toEqual([]);
    expect(await listing(client, 'swapped')).toEqual(new Map());
  });

  test('a file swapped after the check, while the publish runs, is not uploaded', async () => {
    const dir = join(box.dir, 'dist-swapped-late');
    cpSync(dirs.A, dir, { recursive: true });
    const page = 'index.html';
    const original = readFileSync(join(dir, page));
    const swapped = Buffer.from(original);
    swapped.write('EVIL', swapped.indexOf('</title>') - 4);
    let swaps = 0;
    // The first upload is a hashed asset: pages go last, so the swap happens after every file was checked.
    proxy.fault = (request) => {
      if (request.method === 'PUT' && swaps++ === 0) writeFileSync(join(dir, page), swapped);
      return undefined;
    };
    try {
      const error = await run(dir, 'swapped-late').then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(PublishError);
      expect((error as PublishError).exitCode).toBe(2);
      expect((error as PublishError).message).toContain(page);
    } finally {
      proxy.fault = undefined;
    }
    expect(swaps).toBeGreaterThan(0);
    expect((await listing(client, 'swapped-late')).has(page)).toBe(false);
  });

  test('a listed file that is a symbolic link in dist/ is not followed: exit 2 and nothing is uploaded', async () => {
    const dir = join(box.dir, 'dist-linked');
    cpSync(dirs.A, dir, { recursive: true });
    writeFileSync(join(box.dir, 'robots-outside.txt'), readFileSync(join(dir, 'robots.txt')));
    rmSync(join(dir, 'robots.txt'));
    symlinkSync(join(box.dir, 'robots-outside.txt'), join(dir, 'robots.txt'));
    proxy.log = [];
    const result = await cli(['--bucket', 'site', '--prefix', 'linked', '--endpoint', proxy.url, '--dir', dir], awsEnv);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/robots\.txt.*symbolic link/);
    expect(proxy.log.filter(isWrite)).toEqual([]);
  });

  describe('failures people can act on', () => {
    test('no credentials: exit 5 and how to provide them', async () => {
      const home = join(box.dir, 'empty-home');
      mkdirSync(home, { recursive: true });
      const result = await cli(['--bucket', 'site', '--endpoint', proxy.url, '--dir', dirs.A], { HOME: home, AWS_CONFIG_FILE: join(home, 'none'), AWS_SHARED_CREDENTIALS_FILE: join(home, 'none'), AWS_EC2_METADATA_DISABLED: 'true' });
      expect(result.status).toBe(5);
      expect(result.stderr).toMatch(/No AWS credentials found\. Set AWS_ACCESS_KEY_ID/);
      expect(result.stderr).not.toMatch(noStack);
    });

    test('rejected credentials: exit 5 and what S3 said', async () => {
      const result = await cli(['--bucket', 'site', '--endpoint', proxy.url, '--dir', dirs.A], { ...awsEnv, AWS_ACCESS_KEY_ID: 'NOT-A-KEY' });
      expect(result.status).toBe(5);
      expect(result.stderr).toMatch(/AWS rejected the credentials \(InvalidAccessKeyId/);
      expect(result.stderr).not.toMatch(noStack);
    });

    test('access denied: exit 5, which action on which bucket, and the permissions needed', async () => {
      proxy.fault = () => ({ status: 403, code: 'AccessDenied' });
      try {
        const result = await cli(['--bucket', 'site', '--endpoint', proxy.url, '--dir', dirs.A, '--json'], awsEnv);
        expect(result.status).toBe(5);
        expect(result.stderr).toMatch(/Access denied: list \(s3:ListBucket\) on s3:\/\/site\. The role needs s3:ListBucket/);
        expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, exitCode: 5, error: { kind: 'credentials' } });
      } finally {
        proxy.fault = undefined;
      }
    });

    test('no region for AWS itself: exit 2 and how to give one', async () => {
      const home = join(box.dir, 'empty-home');
      mkdirSync(home, { recursive: true });
      const result = await cli(['--bucket', 'site', '--dir', dirs.A], { ...awsEnv, HOME: home, AWS_CONFIG_FILE: join(home, 'none') });
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/No AWS region: pass --region or set AWS_REGION/);
    });

    test('a bucket that does not exist: exit 6', async () => {
      const result = await cli(['--bucket', 'no-such-bucket', '--endpoint', proxy.url, '--dir', dirs.A], awsEnv);
      expect(result.status).toBe(6);
      expect(result.stderr).toMatch(/Bucket "no-such-bucket" does not exist/);
      expect(result.stderr).not.toMatch(noStack);
    });

    test('a folder that is not a build (exit 2) or a build that failed validation (exit 1) is never published', async () => {
      const empty = join(box.dir, 'not-a-build');
      mkdirSync(empty, { recursive: true });
      proxy.log = [];
      const missing = await cli(['--bucket', 'site', '--endpoint', proxy.url, '--dir', empty], awsEnv);
      expect(missing.status).toBe(2);
      expect(missing.stderr).toMatch(/has no \.site-build\.json, so it is not the output of `npx site build`/);
      writeFileSync(join(empty, MANIFEST), JSON.stringify({ valid: false, mode: 'production', files: {} }));
      const invalid = await cli(['--bucket', 'site', '--endpoint', proxy.url, '--dir', empty], awsEnv);
      expect(invalid.status).toBe(1);
      expect(invalid.stderr).toMatch(/did not pass validation and is never published/);
      expect(proxy.log).toEqual([]);
    });
  });
});

async function get(key: string) {
  try {
    return await client.send(new GetObjectCommand({ Bucket: 'site', Key: key }));
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
