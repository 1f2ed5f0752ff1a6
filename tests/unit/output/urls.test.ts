// The record of published URLs and content/redirects.yaml (generator/output/urls.ts): the record
// after a page is added, renamed, deleted and retired; redirects checked (a chain, a loop, a
// missing target, a page that still exists); expired items answered 410; the URL rule's table.
import { describe, expect, test } from 'vitest';
import { parseSource } from '../../../generator/content/load.ts';
import { planUrls, readRecord, urlRuleCode, urlRuleSource } from '../../../generator/output/urls.ts';
import { resolveUrl } from '../../../generator/preview/url-rule.ts';
import type { Route } from '../../../generator/render/routes.ts';
import type { ScheduledItem } from '../../../generator/validate/schedule.ts';

const routes = (...paths: string[]) => paths.map((path) => ({ path, status: 200, sources: [`content/pages${path}.yaml`] }) as unknown as Route);
const SITE = ['/', '/blogs', '/blog-details/1', '/blog-details/2', '/solutions', '/solutions/eld', '/fr', '/fr/blogs', '/fr/blog-details/1', '/fr/blog-details/2'];
const redirects = (yaml: string) => parseSource(yaml, 'content/redirects.yaml', 'redirects', 'redirects.yaml');
const plan = (input: { built?: string[]; yaml?: string; record?: string; scheduled?: ScheduledItem[]; now?: number }) => planUrls({
  routes: routes(...(input.built ?? SITE)),
  redirects: input.yaml === undefined ? undefined : redirects(input.yaml),
  recordText: input.record,
  recordFile: 'content/published-urls.txt',
  scheduled: input.scheduled ?? [],
  now: input.now ?? Date.UTC(2026, 11, 2),
});
const recordOf = (paths: string[]) => plan({ built: paths }).record;

describe('the record of published URLs', () => {
  test('a first build writes every URL it publishes, sorted, and warns of nothing', () => {
    const first = plan({});
    expect([...readRecord(first.record).keys()]).toEqual([...SITE].sort());
    expect(first.changed).toBe(true);
    expect(first.warnings).toEqual([]);
  });

  test('a page added: the record gains it, and says it was out of date (--strict fails until it is committed)', () => {
    const result = plan({ built: [...SITE, '/blog-details/3', '/fr/blog-details/3'], record: recordOf(SITE) });
    expect(readRecord(result.record).has('/blog-details/3')).toBe(true);
    expect(result.warnings.map((w) => [w.code, w.message])).toEqual([['url-record-out-of-date', 'content/published-urls.txt did not list 2 URLs this site publishes or has scheduled (/blog-details/3…)']]);
    // Once committed, the same build warns of nothing and changes nothing.
    const again = plan({ built: [...SITE, '/blog-details/3', '/fr/blog-details/3'], record: result.record });
    expect(again.changed).toBe(false);
    expect(again.warnings).toEqual([]);
  });

  test('a page deleted: located at its line in the record, naming the URL and the entry to write; the URL stays recorded', () => {
    const record = recordOf(SITE);
    const result = plan({ built: SITE.filter((p) => !p.endsWith('/2')), record });
    expect(result.warnings.map((w) => [w.code, w.file, w.line])).toEqual([
      ['url-no-longer-built', 'content/published-urls.txt', record.split('\n').indexOf('/blog-details/2') + 1],
      ['url-no-longer-built', 'content/published-urls.txt', record.split('\n').indexOf('/fr/blog-details/2') + 1],
    ]);
    expect(result.warnings[0]!.message).toBe('/blog-details/2 was published and is no longer built: visitors, search engines and old links would get a 404');
    expect(result.warnings[0]!.hint).toContain('"- from: /blog-details/2" with "to: /blogs"');
    expect(result.warnings[0]!.severity).toBe('warning');
    expect(readRecord(result.record).has('/blog-details/2')).toBe(true);
  });

  test('a page renamed: the message proposes its new path', () => {
    const result = plan({ built: SITE.map((p) => (p === '/solutions/eld' ? '/solutions/electronic-logging' : p)), record: recordOf(SITE) });
    const gone = result.warnings.find((w) => w.code === 'url-no-longer-built')!;
    expect(gone.hint).toContain('"- from: /solutions/eld" with "to: /solutions/electronic-logging" (it looks renamed)');
  });

  test('a page retired in content/redirects.yaml: no warning, and the URL rule answers 301 or 410', () => {
    const result = plan({
      built: SITE.filter((p) => !p.endsWith('/2')),
      record: recordOf(SITE),
      yaml: 'redirects:\n  - from: /blog-details/2\n    to: /blog-details/1\n  - from: /fr/blog-details/2\n    gone: true\n',
    });
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.table).toEqual({ '/blog-details/2': [301, '/blog-details/1'], '/fr/blog-details/2': [410] });
    expect(resolveUrl('/blog-details/2/', '?utm_source=mail', result.table)).toEqual({ kind: 'redirect', status: 301, location: '/blog-details/1?utm_source=mail' });
    const gone = resolveUrl('/fr/blog-details/2', '', result.table);
    expect(gone).toMatchObject({ kind: 'response', status: 410, headers: { 'content-type': 'text/html; charset=utf-8' } });
    expect(gone.kind === 'response' && gone.body).toContain('Cette page a été retirée');
    expect(resolveUrl('/blog-details/1', '', result.table)).toEqual({ kind: 'file', file: 'blog-details/1/index.html' });
  });

  test('a scheduled page is recorded with the moment it publishes, and dropped without a warning if it is taken out before', () => {
    const now = Date.UTC(2026, 11, 2);
    const publishAt = now + 86_400_000;
    const item: ScheduledItem = { file: 'content/blog/x.md', collection: 'blog', title: 'X', status: 'scheduled', publishAt, paths: ['/blog-details/9', '/fr/blog-details/9'] };
    const result = plan({ record: recordOf(SITE), scheduled: [item], now });
    expect(readRecord(result.record).get('/blog-details/9')).toBe(publishAt);
    expect(result.record).toContain('/blog-details/9 publishes 2026-12-03T00:00:00.000Z');
    const dropped = plan({ record: result.record, now });
    expect(readRecord(dropped.record).has('/blog-details/9')).toBe(false);
    expect(dropped.warnings).toEqual([]);
    // Past that moment it was published: taken out then, it warns like any page.
    const later = plan({ record: result.record, now: publishAt + 1 });
    expect(later.warnings.map((w) => w.code)).toEqual(['url-no-longer-built', 'url-no-longer-built']);
  });

  test('an expired item\'s pages answer 410 without an entry, or as content/redirects.yaml sends them', () => {
    const item: ScheduledItem = { file: 'content/solutions/fair.yaml', collection: 'solutions', title: 'Fair', status: 'expired', expiresAt: 1, paths: ['/solutions/fair', '/fr/solutions/fair'] };
    const result = plan({ record: recordOf([...SITE, '/solutions/fair', '/fr/solutions/fair']), scheduled: [item], yaml: 'redirects:\n  - from: /solutions/fair\n    to: /solutions\n' });
    expect(result.warnings).toEqual([]);
    expect(result.table).toEqual({ '/solutions/fair': [301, '/solutions'], '/fr/solutions/fair': [410] });
    expect(result.retired).toEqual(['/solutions/fair', '/fr/solutions/fair']);
  });
});

describe('content/redirects.yaml', () => {
  const problems = (yaml: string) => plan({ yaml }).problems.map((p) => [p.code, p.line, p.path, p.hint]);

  test('a redirect to a page the site does not build, with the near one when there is', () => {
    expect(problems('redirects:\n  - from: /old\n    to: /solution/eld\n')).toEqual([['redirect-target-missing', 3, 'redirects[0].to', 'did you mean /solutions/eld?']]);
  });

  test('a chain names where it ends; a loop says so', () => {
    expect(problems('redirects:\n  - from: /a\n    to: /b\n  - from: /b\n    to: /blogs\n')).toEqual([['redirect-chain', 3, 'redirects[0].to', 'send it straight to /blogs: every hop costs the visitor a round trip']]);
    const loop = problems('redirects:\n  - from: /a\n    to: /b\n  - from: /b\n    to: /a\n');
    expect(loop.map(([code, line]) => [code, line])).toEqual([['redirect-chain', 3], ['redirect-chain', 5]]);
    expect(loop[0]![3]).toContain('loop');
  });

  test('a redirect from a page that still exists, one repeated, one with neither a target nor gone', () => {
    expect(problems('redirects:\n  - from: /blogs\n    to: /\n')).toEqual([['redirect-from-live-page', 2, 'redirects[0].from', 'remove this redirect, or remove the page it would hide']]);
    expect(problems('redirects:\n  - from: /x\n    gone: true\n  - from: /x\n    to: /\n').map(([code, line]) => [code, line])).toEqual([['redirect-repeated', 4]]);
    expect(problems('redirects:\n  - from: /x\n').map(([code]) => code)).toEqual(['redirect-needs-target']);
  });
});

test('the URL rule with its table is the deployed rule with one line filled in, small enough for CloudFront Functions', () => {
  const code = urlRuleCode(urlRuleSource, { '/b': [410], '/a': [301, '/blogs'] });
  expect(code.split('\n').filter((line, i) => line !== urlRuleSource.split('\n')[i])).toEqual(['var REDIRECTS = {"/a":[301,"/blogs"],"/b":[410]};']);
  expect(Buffer.byteLength(urlRuleSource)).toBeLessThan(6_000);
});
