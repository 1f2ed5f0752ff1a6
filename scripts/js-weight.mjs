// JavaScript a page loads before any interaction, measured in Chromium: each route opened
// at 375 × 812 px, scrolled nowhere, touched nowhere, until the network is idle; every script
// response is counted at its gzip size (level 9, as the build's budgets count). For /career it
// then presses the first Apply (Playwright scrolls it into view first) and counts what that adds.
//   npm run build && npx site serve --port 4420 &   then   npx node scripts/js-weight.mjs http://127.0.0.1:4420
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';

const base = process.argv[2] ?? 'http://127.0.0.1:4321';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Routes of the sitemap, English and French, the posts reduced to their first two. */
async function routes() {
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const seen = new Map();
  return paths.filter((p) => {
    const group = p.replace(/\/blog-details\/.*/, '/blog-details/*');
    seen.set(group, (seen.get(group) ?? 0) + 1);
    return !group.endsWith('*') || seen.get(group) <= 2;
  });
}

async function measure(path, apply = false) {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
  const scripts = new Map();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(new URL(response.url()).pathname, response.body().then((b) => gzipSync(b, { level: 9 }).length, () => 0));
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  const sum = async (names) => (await Promise.all(names.map((n) => scripts.get(n)))).reduce((a, b) => a + b, 0);
  const before = [...scripts.keys()];
  const result = { path, files: before.length, before: await sum(before) };
  if (apply) {
    const button = page.locator('[data-island="CareerJobs"] .job-card__actions button.btn--primary').first();
    await button.scrollIntoViewIfNeeded();
    // What coming near loads (an island within 300 px hydrates) starts after a frame or two.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 500)))));
    await page.waitForLoadState('networkidle');
    const scrolled = [...scripts.keys()];
    await button.click();
    await page.locator('dialog[open] form.job-form').waitFor();
    await page.waitForLoadState('networkidle');
    const all = [...scripts.keys()];
    result.scrolled = await sum(scrolled);
    result.apply = await sum(all.filter((n) => !scrolled.includes(n)));
    result.total = await sum(all);
    result.applyFiles = all.filter((n) => !scrolled.includes(n));
  }
  await page.close();
  return result;
}

console.log('route | scripts | KB gzip before any interaction');
for (const path of await routes()) {
  const r = await measure(path);
  console.log(`${path} | ${r.files} | ${kb(r.before)}`);
}
for (const path of ['/career', '/fr/career']) {
  const r = await measure(path, true);
  console.log(`${path}: before ${kb(r.before)} KB; scrolled to the first Apply ${kb(r.scrolled)} KB; Apply adds ${kb(r.apply)} KB (${r.applyFiles.join(', ')}); total ${kb(r.total)} KB`);
}
await browser.close();
