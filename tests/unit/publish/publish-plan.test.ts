import { describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { digestFile } from '../../../generator/publish/local.ts';
import { DEPLOY_MANIFEST, graceAssets, makePlan, nextHistory, parseDeployManifest, phaseOf, type DeployRecord, type LocalFile } from '../../../generator/publish/plan.ts';

const md5 = (s: string | Buffer) => createHash('md5').update(s).digest('hex');
const file = (path: string, body = path): LocalFile => ({ path, bytes: body.length, md5: md5(body), etags: [md5(body)] });
const deploy = (build: string, complete: boolean, assets: string[]): DeployRecord => ({ build, at: '2025-01-01T00:00:00Z', complete, assets });
const css = (n: number) => `assets/css/main-${String(n).repeat(10)}.css`;

describe('publish plan', () => {
  test('files go up in three phases: hashed assets, other files, pages', () => {
    expect(['assets/js/shell-SSQKRFHL.js', 'assets/img/a/b-xQVWX6GLlk.svg', 'feed.xml', 'favicon.ico', 'index.html', 'blogs/index.html'].map(phaseOf)).toEqual(['assets', 'assets', 'files', 'files', 'pages', 'pages']);
  });

  test('only new or changed files are uploaded; the deploy record is neither uploaded nor deleted', () => {
    const local = [file('index.html', 'new'), file(css(1)), file('robots.txt')];
    const remote = new Map([['index.html', md5('old')], [css(1), md5(css(1))], ['robots.txt', md5('robots.txt')], [DEPLOY_MANIFEST, 'x']]);
    const plan = makePlan(local, remote, { version: 1, deploys: [] }, { delete: true, now: 'now' });
    expect(plan.uploads.pages.map((f) => f.path)).toEqual(['index.html']);
    expect(plan.uploads.assets).toEqual([]);
    expect(plan.unchanged).toEqual([css(1), 'robots.txt']);
    expect(plan.deletes).toEqual([]);
  });

  test('keeps the previous complete deploy\'s assets and deletes older ones', () => {
    const history = [deploy('B', true, [css(2)]), deploy('A', true, [css(1)])];
    const remote = new Map([[css(1), 'x'], [css(2), 'y'], ['old/index.html', 'z']]);
    const plan = makePlan([file(css(3)), file('index.html')], remote, { version: 1, deploys: history }, { delete: true, now: 'now' });
    expect(plan.kept).toEqual([css(2)]);
    expect(plan.deletes).toEqual([css(1), 'old/index.html']);
    expect(plan.history!.map((d) => [d.build, d.complete, d.assets])).toEqual([[plan.build, false, [css(3)]], ['B', true, [css(2)]]]);
  });

  test('without --delete nothing is deleted', () => {
    const plan = makePlan([file('index.html')], new Map([['gone.html', 'x']]), { version: 1, deploys: [deploy('A', true, [])] }, { delete: false, now: 'now' });
    expect(plan.deletes).toEqual([]);
  });

  test('an interrupted deploy\'s assets are kept as well as those of the last complete one before it', () => {
    const history = [deploy('B', false, [css(2)]), deploy('A', true, [css(1)])];
    expect([...graceAssets(history, 'C', [])].sort()).toEqual([css(1), css(2)]);
    expect(nextHistory(history, deploy('C', false, [css(3)])).map((d) => d.build)).toEqual(['C', 'B', 'A']);
  });

  test('a re-run of the same build looks past its own earlier attempt and keeps its first time', () => {
    const local = [file(css(2)), file('index.html')];
    const first = makePlan(local, new Map(), { version: 1, deploys: [deploy('A', true, [css(1)])] }, { delete: true, now: 'first' });
    const history = [{ ...first.history![0]!, complete: false }, deploy('A', true, [css(1)])];
    expect([...graceAssets(history, first.build, [])]).toEqual([css(1)]);
    const again = makePlan(local, new Map([[css(1), 'x']]), { version: 1, deploys: history }, { delete: true, now: 'second' });
    expect(again.kept).toEqual([css(1)]);
    expect(again.history!.map((d) => [d.build, d.at])).toEqual([[first.build, 'first'], ['A', '2025-01-01T00:00:00Z']]);
  });

  test('a build already recorded as complete writes no new record', () => {
    const local = [file('index.html')];
    const build = makePlan(local, new Map(), { version: 1, deploys: [] }, { delete: false, now: 'now' }).build;
    expect(makePlan(local, new Map(), { version: 1, deploys: [deploy(build, true, [])] }, { delete: false, now: 'now' }).history).toBeUndefined();
  });

  test('a revert to an older build keeps the assets of the deploy it replaces', () => {
    const history = [deploy('B', true, [css(2)]), deploy('A', true, [css(1)])];
    expect([...graceAssets(history, 'A', [])]).toEqual([css(2)]);
  });

  test('with no readable deploy record every hashed asset in the bucket is kept, once', () => {
    expect(parseDeployManifest('{not json')).toEqual({ version: 1, deploys: [] });
    const plan = makePlan([file('index.html')], new Map([[css(1), 'x'], ['old.html', 'y']]), parseDeployManifest(undefined), { delete: true, now: 'now' });
    expect(plan.kept).toEqual([css(1)]);
    expect(plan.deletes).toEqual(['old.html']);
  });

  test('a large file also gets its multipart ETag: the MD5 of the parts\' MD5s and the part count; both sizes get their SHA-256', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'publish-digest-'));
    try {
      const body = Buffer.from('abcdefghijkl');
      writeFileSync(join(dir, 'big'), body);
      writeFileSync(join(dir, 'small'), 'abc');
      const parts = [body.subarray(0, 5), body.subarray(5, 10), body.subarray(10)];
      const expected = md5(Buffer.concat(parts.map((p) => createHash('md5').update(p).digest())));
      const sha256 = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');
      expect(await digestFile(join(dir, 'big'), 5)).toEqual({ bytes: 12, md5: md5(body), sha256: sha256(body), etags: [md5(body), `${expected}-3`] });
      expect(await digestFile(join(dir, 'small'), 5)).toEqual({ bytes: 3, md5: md5('abc'), sha256: sha256('abc'), etags: [md5('abc')] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
