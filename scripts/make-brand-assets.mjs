// Renders the raster brand files that cannot be SVG, from the SVG artwork, with Debian's
// Chromium: the 1200×630 social card (Open Graph / Twitter) and favicon.ico (PNG inside ICO).
// Run by hand after changing the logo; the outputs are committed.
//   node_modules/.bin/node scripts/make-brand-assets.mjs
import { chromium } from 'playwright';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

const root = resolve(import.meta.dirname, '..');
const content = join(root, 'content');
const site = parse(readFileSync(join(content, 'site.yaml'), 'utf8'));
const dataUrl = (path) => `data:image/svg+xml;base64,${readFileSync(join(content, path)).toString('base64')}`;
const font = readFileSync(join(root, 'styles/fonts/inter-latin-var.woff2')).toString('base64');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(`<!DOCTYPE html><html><head><style>
  @font-face { font-family: Inter; src: url(data:font/woff2;base64,${font}) format('woff2'); font-weight: 100 900; }
  body { margin: 0; width: 1200px; height: 630px; font-family: Inter, sans-serif; background: #0B1F33; color: #fff; position: relative; overflow: hidden; }
  .glow { position: absolute; right: -160px; top: -160px; width: 640px; height: 640px; border-radius: 50%; background: radial-gradient(circle, rgba(18,165,116,.55), transparent 65%); }
  .wrap { position: absolute; inset: 72px 80px; display: flex; flex-direction: column; justify-content: space-between; }
  img.logo { height: 64px; width: auto; align-self: flex-start; }
  h1 { font-size: 54px; line-height: 1.1; letter-spacing: -0.03em; margin: 0; max-width: 580px; font-weight: 800; }
  p { font-size: 28px; color: #C5D0DB; margin: 0; }
  img.art { position: absolute; right: 56px; top: 150px; width: 460px; border-radius: 20px; }
</style></head><body><div class="glow"></div>
  <img class="art" src="${dataUrl('images/illustrations/hero-fleet.svg')}">
  <div class="wrap"><img class="logo" src="${dataUrl(site.logoWhite)}"><div><h1>Fleet tracking, ELD and safety for Canadian fleets</h1></div><p>${site.url.replace('https://', '')}</p></div>
</body></html>`);
await page.waitForTimeout(300);
mkdirSync(join(content, 'images/brand'), { recursive: true });
writeFileSync(join(content, site.socialImage), await page.screenshot({ type: 'png' }));

await page.setViewportSize({ width: 32, height: 32 });
await page.setContent(`<html><body style="margin:0;background:transparent"><img src="${dataUrl(site.mark)}" style="width:32px;height:32px;display:block"></body></html>`);
const png = await page.screenshot({ omitBackground: true, type: 'png' });
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0); header.writeUInt16LE(1, 2); header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6); header.writeUInt8(32, 7); header.writeUInt8(0, 8); header.writeUInt8(0, 9);
header.writeUInt16LE(1, 10); header.writeUInt16LE(32, 12); header.writeUInt32LE(png.length, 14); header.writeUInt32LE(22, 18);
mkdirSync(join(content, 'static'), { recursive: true });
writeFileSync(join(content, 'static/favicon.ico'), Buffer.concat([header, png]));
await browser.close();
console.log('wrote', site.socialImage, 'and static/favicon.ico');
