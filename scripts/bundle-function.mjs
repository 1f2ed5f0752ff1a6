// Bundles the lead Lambda (functions/send-email/index.ts) into one minified ESM file for
// nodejs24.x, with the AWS SDK inside (the runtime's copy may lag; ours is the tested one) and
// the site's lead settings from content/ baked in. Prints the bundle size.
//   node scripts/bundle-function.mjs [--out .build/send-email] [--content content]
import { build } from 'esbuild';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

export async function bundleFunction({ outDir = join(root, '.build/send-email'), contentDir = join(root, 'content') } = {}) {
  const { leadSettings } = await import('../generator/leads/lead-settings.ts');
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, 'index.mjs');
  await build({
    entryPoints: [join(root, 'functions/send-email/index.ts')],
    outfile,
    bundle: true,
    minify: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    legalComments: 'none',
    // Some SDK dependencies are CommonJS and call require(); give the ESM bundle one.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    // The SDK's ES-module builds tree-shake; their CommonJS builds (Node's default) do not.
    mainFields: ['module', 'main'],
    // bowser is imported only by the SDK's browser user-agent code, never on Node.
    external: ['bowser'],
    alias: { '@aws-sdk/credential-provider-node': join(root, 'functions/send-email/lambda-credentials.ts') },
    define: { SITE_LEAD_SETTINGS: JSON.stringify(leadSettings(contentDir)) },
    logLevel: 'warning',
  });
  const bytes = statSync(outfile).size;
  return { outfile, bytes, gzip: gzipSync(readFileSync(outfile)).length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await bundleFunction({ outDir: arg('out') && resolve(arg('out')), contentDir: arg('content') && resolve(arg('content')) });
  console.log(`${r.outfile}  ${(r.bytes / 1024).toFixed(1)} KB minified, ${(r.gzip / 1024).toFixed(1)} KB gzip`);
}
