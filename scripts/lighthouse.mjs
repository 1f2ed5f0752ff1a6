// `npm run lighthouse -- [paths…]`: Lighthouse (mobile) against `site serve` of a fresh
// production build, median of 3 runs per page. A report, never a test. Lighthouse is not a
// dependency of the project: it is installed on first use into .bench/lighthouse.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const node = join(root, 'node_modules/.bin/node');
const dir = join(root, '.bench/lighthouse');
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/solutions', '/solutions/eld'];
const runs = Number(process.env.LH_RUNS ?? 3);
const bin = join(dir, 'node_modules/.bin/lighthouse');
if (!existsSync(bin)) {
  mkdirSync(dir, { recursive: true });
  spawnSync('npm', ['install', '--prefix', dir, '--loglevel=error', '--no-audit', '--no-fund', 'lighthouse@13'], { stdio: 'inherit', env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}` } });
}
const out = join(root, '.bench/lh-dist');
// LH_CONTENT: another content folder (a copy with a photo post, say); LH_PORT: another port.
spawnSync(node, [join(root, 'bin/site.js'), 'build', '--out', out, ...(process.env.LH_CONTENT ? ['--content', process.env.LH_CONTENT] : [])], { stdio: 'ignore' });
const port = Number(process.env.LH_PORT ?? 4480);
const server = spawn(node, [join(root, 'bin/site.js'), 'serve', '--dir', out, '--port', String(port)], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 1500));
const flags = '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log('| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS |');
console.log('|---|---|---|---|---|---|---|---|');
try {
  for (const path of paths) {
    const results = [];
    // A run Lighthouse itself could not record (NO_NAVSTART now and then) is run again, up to
    // twice; a page that still fails is reported and the others go on.
    let failures = 0;
    while (results.length < runs && failures < 3) {
      const r = spawnSync(node, [bin, `http://127.0.0.1:${port}${path}`, '--output=json', '--quiet', `--chrome-flags=${flags}`, '--only-categories=performance,accessibility,best-practices,seo'], {
        encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      });
      if (r.status === 0) results.push(JSON.parse(r.stdout));
      else failures++;
      if (r.status !== 0 && failures === 3) console.log(`| ${path} | Lighthouse failed 3 times: ${r.stderr.trim().split('\n').pop()} |`);
    }
    if (results.length < runs) continue;
    const score = (c) => Math.round(median(results.map((x) => x.categories[c].score)) * 100);
    const audit = (a) => median(results.map((x) => x.audits[a].numericValue));
    console.log(`| ${path} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${(audit('largest-contentful-paint') / 1000).toFixed(2)} s | ${audit('total-blocking-time').toFixed(0)} ms | ${audit('cumulative-layout-shift').toFixed(3)} |`);
    const failing = Object.values(results[0].audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable');
    if (failing.length) console.log(`    below 0.9 in run 1: ${failing.map((a) => `${a.id} (${a.displayValue ?? a.score})`).join(', ')}`);
  }
} finally {
  server.kill();
}
