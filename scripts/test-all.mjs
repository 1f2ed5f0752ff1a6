// `npm test`: type-check, unit and integration tests (vitest), end-to-end tests (Playwright),
// then one closing line "N passed, N failed" summed over every runner, as CI reads it.
// Exits non-zero if anything failed or nothing ran.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`npm test needs Node 24 or newer (this is ${process.version}); run it through npm so node_modules/.bin/node is used.`);
  process.exit(1);
}

// The builds the tests run use this checkout's social-card cache (.site/cache/cards). Their sweep
// must not trim it to the default 1 GB: a developer who built a big site here (the bench's, whose
// cards take long to draw) would lose most of it to every `npm test`. Cards
// unused for 30 days still go. Set SITE_CARD_CACHE_MB yourself to test the size limit.
process.env.SITE_CARD_CACHE_MB ??= String(1024 * 1024);

const dir = mkdtempSync(join(tmpdir(), 'site-test-'));
const bin = (name) => join(process.cwd(), 'node_modules/.bin', name);
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let passed = 0;
let failed = 0;

console.log('\n▶ type-check (tsc)');
if (run(bin('tsc'), ['-p', 'tsconfig.json']) === 0) passed += 1;
else failed += 1;

console.log('\n▶ unit and integration tests (vitest)');
const vitestJson = join(dir, 'vitest.json');
const vitestStatus = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  // A file that failed to load counts once; a file whose tests failed is already counted by them.
  const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && !f.assertionResults?.some((a) => a.status === 'failed')).length;
  failed += r.numFailedTests + brokenFiles;
} else if (vitestStatus !== 0) failed += 1;

if (!process.argv.includes('--unit')) {
  console.log('\n▶ end-to-end tests (Playwright, Chromium)');
  const pwJson = join(dir, 'playwright.json');
  const pwStatus = run(bin('playwright'), ['test'], { PW_JSON: pwJson });
  if (existsSync(pwJson)) {
    const s = JSON.parse(readFileSync(pwJson, 'utf8')).stats;
    passed += s.expected + (s.flaky ?? 0);
    failed += s.unexpected;
  } else if (pwStatus !== 0) failed += 1;
  if (pwStatus !== 0 && failed === 0) failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
