import { describe, expect, test } from 'vitest';
import { resolveUrl } from '../../../generator/preview/url-rule.ts';
import { permalink } from '../../../generator/render/routes.ts';
import { sitePath } from '../../../functions/send-email/http.ts';

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

  test('the query comes back as it was sent, as CloudFront hands it over: encoded, repeated names kept', () => {
    expect(resolveUrl('/blogs/', '?q=%26b%3Dc&tag=a&tag=b&flag')).toEqual({ kind: 'redirect', status: 301, location: '/blogs?q=%26b%3Dc&tag=a&tag=b&flag' });
    // Decoded, this was a line break in the Location header (Node refused it: a 500).
    expect(resolveUrl('/blogs/', '?a=%0d%0aX:1')).toEqual({ kind: 'redirect', status: 301, location: '/blogs?a=%0d%0aX:1' });
    expect(resolveUrl('/blogs/', '?__proto__=1&constructor=2')).toEqual({ kind: 'redirect', status: 301, location: '/blogs?__proto__=1&constructor=2' });
  });

  test('/fr/blog-details without an id redirects to /fr/blogs (it was a 404)', () => {
    expect(resolveUrl('/fr/blog-details')).toEqual({ kind: 'redirect', status: 301, location: '/fr/blogs' });
    expect(resolveUrl('/fr/blog-details/')).toEqual({ kind: 'redirect', status: 301, location: '/fr/blogs' });
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

describe('the URL rule never redirects off-site', () => {
  const SITE = 'https://www.trilliumfleet.example';
  /** A Location that stays on this site: one slash, then neither a slash nor a backslash, also once decoded. */
  const onSite = (location: string) => {
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(decodeURIComponent(location)).toMatch(/^\/(?![/\\\s])/);
    expect(new URL(location, SITE).origin).toBe(SITE);
  };

  test.each([
    '//evil.example/',
    '///evil.example/',
    '/\\evil.example/',
    '/\\/evil.example/',
    '\\\\evil.example/',
    '/%2F%2Fevil.example/',
    '/%2f/evil.example/',
    '/%5C%5Cevil.example/',
    '/%09/evil.example/',
    '/\t/evil.example/',
    '//evil.example//',
  ])('a trailing-slash redirect of %j stays on the site (was an open redirect: //evil.example/ → Location //evil.example)', (uri) => {
    const result = resolveUrl(uri);
    expect(result.kind).toBe('redirect');
    if (result.kind === 'redirect') onSite(result.location);
  });

  test('the collapsed path keeps the rest of the address and the query', () => {
    expect(resolveUrl('//evil.example/', '?a=1')).toEqual({ kind: 'redirect', status: 301, location: '/evil.example?a=1' });
    expect(resolveUrl('//solutions/adas/')).toEqual({ kind: 'redirect', status: 301, location: '/solutions/adas' });
    expect(resolveUrl('//')).toEqual({ kind: 'redirect', status: 301, location: '/' });
  });

  test('the lead function\'s error-page back link collapses a path by the same rule (a Referer of https://site//evil.example/x linked off-site)', () => {
    for (const path of ['//evil.example/x', '///evil.example', '/\\evil.example', '/%2F%2Fevil.example', '/%5c/evil.example', '/contact-us']) {
      const redirected = resolveUrl(`${path}/`);
      expect(redirected.kind === 'redirect' && redirected.location, path).toBe(sitePath(path));
      onSite(sitePath(path));
    }
    expect(sitePath(new URL('https://www.trilliumfleet.example//evil.example/x').pathname)).toBe('/evil.example/x');
  });
});
