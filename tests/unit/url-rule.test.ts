import { describe, expect, test } from 'vitest';
import { resolveUrl } from '../../generator/preview/url-rule.ts';
import { permalink } from '../../generator/routes.ts';

describe('URL rule (the CloudFront Function the preview also runs)', () => {
  test.each([
    ['/', 'index.html'],
    ['/solutions/adas', 'solutions/adas/index.html'],
    ['/Thanks', 'Thanks/index.html'],
    ['/blog-details/3', 'blog-details/3/index.html'],
    ['/assets/css/main-abc123defg.css', 'assets/css/main-abc123defg.css'],
    ['/sitemap.xml', 'sitemap.xml'],
  ])('%s is served from %s', (path, file) => {
    expect(resolveUrl(path)).toEqual({ kind: 'file', file });
  });

  test('a trailing slash redirects to the canonical path, keeping the query', () => {
    expect(resolveUrl('/solutions/', '?a=1')).toEqual({ kind: 'redirect', status: 301, location: '/solutions?a=1' });
  });

  test('/blog-details without an id redirects to /blogs', () => {
    expect(resolveUrl('/blog-details')).toEqual({ kind: 'redirect', status: 301, location: '/blogs' });
    expect(resolveUrl('/blog-details/')).toEqual({ kind: 'redirect', status: 301, location: '/blogs' });
  });

  test('permalink() and the URL rule agree for every kind of route', () => {
    for (const path of ['/', '/faqs', '/solutions/eld', '/blog-details/12', '/coming-soon']) {
      expect(resolveUrl(path)).toEqual({ kind: 'file', file: permalink(path) });
    }
    expect(permalink('/404')).toBe('404.html');
  });
});
