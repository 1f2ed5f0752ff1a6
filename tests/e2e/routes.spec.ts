import { test, expect, manifest, site } from './fixtures.ts';
import { pathLocale } from '../../generator/content/locales.ts';

const routes = manifest().routes;
// Each route's status, title, h1, language and requests are checked where every page is loaded: every-page.spec.ts.
const english = routes.filter((r) => pathLocale(r.path).locale === 'en');

test.describe('routes', () => {
  test('every route of the spec exists', () => {
    const paths = routes.map((r) => r.path);
    for (const path of ['/', '/solutions', '/solutions/weight-monitoring', '/solutions/container-tracking', '/solutions/iot', '/solutions/adas', '/solutions/eld', '/solutions/urban', '/solutions/vehicle-tracking', '/blogs', '/partnership', '/leadership', '/career', '/contact-us', '/get-started', '/terms-conditions', '/privacy-policies', '/faqs', '/coming-soon', '/Thanks', '/404']) {
      expect(paths).toContain(path);
    }
    expect(paths.filter((p) => p.startsWith('/blog-details/')).length).toBeGreaterThanOrEqual(8);
  });

  test('an unknown path answers 404 and the visitor ends on /404', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
    await expect(page.getByText("We can't find that page")).toBeVisible();
    await page.getByRole('link', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('/404 itself answers 404, not a soft 404', async ({ request }) => {
    expect((await request.get('/404')).status()).toBe(404);
  });

  test("an unknown blog id shows 'Blog not found' with a 404 status", async ({ page }) => {
    const response = await page.goto('/blog-details/99999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog not found' })).toBeVisible();
    await expect(page).toHaveURL(/\/blog-details\/99999$/);
    await expect(page.getByRole('link', { name: /articles/ })).toHaveAttribute('href', '/blogs');
  });

  test('/blog-details without an id redirects to /blogs', async ({ page }) => {
    await page.goto('/blog-details');
    await expect(page).toHaveURL(/\/blogs$/);
  });

  test('a trailing slash redirects to the canonical URL', async ({ request }) => {
    const response = await request.get('/faqs/', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('/faqs');
  });

  test('every internal link on every page resolves to a written file', async ({ request }) => {
    const seen = new Set<string>();
    for (const route of routes) {
      const html = await (await request.get(route.path)).text();
      for (const m of html.matchAll(/\b(?:href|src)="(\/[^"#?]*)/g)) seen.add(m[1]!);
    }
    const broken: string[] = [];
    for (const target of seen) {
      const status = (await request.get(target)).status();
      // The 404 pages answer 404 by design; each one's language switch links to the other.
      const expected = routes.find((r) => r.path === target)?.status ?? 200;
      if (status !== expected) broken.push(`${target} → ${status}`);
    }
    expect(broken).toEqual([]);
  });

  test('sitemap lists every public route and robots points at it; posts carry lastmod', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toMatch(/<loc>[^<]+\/blog-details\/2<\/loc><lastmod>2024-03-24<\/lastmod>/);
    for (const route of english.filter((r) => r.status === 200 && r.path !== '/Thanks')) {
      expect(sitemap).toContain(`<loc>${site.url}${route.path}</loc>`);
    }
    expect(sitemap).not.toContain('/404');
    expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${site.url}/sitemap.xml`);
  });

  test('responses carry production headers', async ({ request }) => {
    const page = await request.get('/faqs');
    expect(page.headers()['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(page.headers()['content-security-policy']).toContain("script-src 'self'");
    // The stylesheet is inlined; the shell script and the font are the content-hashed files every page names.
    const html = await page.text();
    for (const asset of [html.match(/src="(\/assets\/js\/shell-[^"]+)"/)![1]!, html.match(/href="(\/assets\/fonts\/[^"]+)"/)![1]!]) {
      expect((await request.get(asset)).headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    }
  });

  test('English and French pages load one Inter file, the preloaded core; a character outside it fetches the rest', async ({ page }) => {
    const fonts: string[] = [];
    page.on('request', (r) => { if (r.resourceType() === 'font') fonts.push(new URL(r.url()).pathname); });
    for (const path of ['/', '/fr/solutions/eld', '/fr/blog-details/2']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.evaluate(() => document.fonts.ready);
    }
    expect(new Set(fonts)).toEqual(new Set([expect.stringMatching(/^\/assets\/fonts\/inter-core-var-\w+\.woff2$/)]));
    await page.evaluate(async () => {
      document.querySelector('h1')!.append(' España');
      await document.fonts.load('700 16px Inter', 'ñ');
    });
    expect(fonts).toContainEqual(expect.stringMatching(/^\/assets\/fonts\/inter-rest-var-\w+\.woff2$/));
  });
});
