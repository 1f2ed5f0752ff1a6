// `npm run bench:function`: the lead Lambda's numbers (reported, never asserted).
//   - bundle size (minified, SDK inside) and gzip
//   - cold start: importing the bundle in a fresh Node 24 process (median of 7)
//   - handler latency p50/p99 over 1,000 valid leads against s3rver + the SES emulator,
//     and the same with the SES call excluded (a mailer that answers at once)
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleFunction } from './bundle-function.mjs';

const root = resolve(import.meta.dirname, '..');
const node = join(root, 'node_modules/.bin/node');
const N = 1000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

const dir = mkdtempSync(join(tmpdir(), 'bench-fn-'));
const bundle = await bundleFunction({ outDir: join(dir, 'bundle') });
console.log(`bundle: ${(bundle.bytes / 1024).toFixed(1)} KB minified (SDK inside), ${(bundle.gzip / 1024).toFixed(1)} KB gzip`);

const starts = [];
for (let i = 0; i < 7; i++) {
  const r = spawnSync(node, ['-e', `const t=performance.now();await import(${JSON.stringify(bundle.outfile)});console.log(performance.now()-t)`, '--input-type=module'], {
    encoding: 'utf8', env: { ...process.env, LEADS_BUCKET: 'x', AWS_REGION: 'ca-central-1' },
  });
  starts.push(Number(r.stdout.trim()));
}
console.log(`cold start (import in a fresh Node ${process.versions.node} process): median ${median(starts).toFixed(1)} ms`);

const { localS3Client, localSesClient } = await import('../generator/preview/local-aws.ts');
const { createHandler } = await import('../functions/send-email/handler.ts');
const { s3Archive } = await import('../functions/send-email/archive.ts');
const { sesMailer } = await import('../functions/send-email/mailer.ts');
const { leadSettings } = await import('../generator/leads/lead-settings.ts');
// The emulators run in a process of their own, as AWS is not in the function's process: their
// work must not be counted as the handler's.
const emulators = spawn(node, ['--import', join(root, 'bin/register.js'), '--input-type=module', '-e', `
  import { startLocalS3, startLocalSes } from ${JSON.stringify(join(root, 'generator/preview/local-aws.ts'))};
  const s3 = await startLocalS3({ directory: ${JSON.stringify(join(dir, 's3'))}, buckets: ['bench'] });
  const ses = await startLocalSes();
  console.log(JSON.stringify({ s3: s3.url, ses: ses.url }));
  process.stdin.on('end', () => process.exit(0)).resume();`], { stdio: ['pipe', 'pipe', 'inherit'] });
const [line] = await once(emulators.stdout, 'data');
const urls = JSON.parse(String(line));
const s3 = { url: urls.s3 };
const ses = { url: urls.ses };
const settings = leadSettings(join(root, 'content'));
const origin = settings.origin;

/** The archive in memory: what is left is the handler's own work (parse, validate, compose). */
function memoryArchive() {
  const objects = new Map();
  return {
    findSubmission: async (hash) => objects.get(`submissions/${hash}`) ?? null,
    claim: async (hash, record) => { objects.set(`submissions/${hash}`, record); return { claimed: true }; },
    create: async (lead) => { objects.set(lead.key, structuredClone(lead)); return true; },
    save: async (lead) => { objects.set(lead.key, structuredClone(lead)); },
    get: async (key) => structuredClone(objects.get(key) ?? null),
    lease: async () => ({ release: async () => undefined }),
  };
}

async function measure(mailer, archive = s3Archive(localS3Client(s3.url), 'bench')) {
  const handler = createHandler({ archive, mailer, settings, phone: settings.phone, allowedOrigins: [origin], log: () => {} });
  const times = [];
  for (let i = 0; i < N + 50; i++) {
    const event = {
      version: '2.0', rawPath: '/send-email/', headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ form: 'contact', fields: { name: `Lead ${i}`, phone: '416-555-0123', email: `lead${i}@example.ca`, department: 'LinkedIn', additionalInfo: 'Fleet of 12.' }, submissionId: `bench-${mailer === undefined}-${Date.now()}-${i}`, fax: '' }),
      requestContext: { requestId: `b${i}`, http: { method: 'POST', path: '/send-email/' } },
    };
    const t = performance.now();
    const r = await handler(event);
    if (i >= 50) times.push(performance.now() - t); // the first 50 warm up connections and the JIT
    if (r.statusCode !== 200) throw new Error(`lead ${i}: ${r.statusCode} ${r.body}`);
  }
  return `p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms`;
}

console.log(`handler, ${N} valid leads, S3 + SES emulators: ${await measure(sesMailer(localSesClient(ses.url)))}`);
let n = 0;
const instant = { send: async () => `local-${n++}` };
console.log(`handler, ${N} valid leads, SES call excluded:   ${await measure(instant)}`);
console.log(`handler, ${N} valid leads, S3 and SES excluded: ${await measure(instant, memoryArchive())}`);
emulators.stdin.end();
await once(emulators, 'exit');
rmSync(dir, { recursive: true, force: true });
