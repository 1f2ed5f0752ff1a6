// Lets Node 24 run this repo's TypeScript and TSX directly: every .ts/.tsx file is
// transformed by esbuild on load (types stripped, JSX to react/jsx-runtime). Type
// checking is `npm run typecheck`'s job, not the runtime's. No extra dependency:
// esbuild is already how the islands are bundled. Transforms are cached on disk
// (node_modules/.cache/site-ts, keyed by path, size, mtime and esbuild version), which
// saves a few hundred milliseconds on every command.
//
// Template modules (templates/) resolve with a `?v=N` query once the preview has bumped
// globalThis.__siteTemplateVersion, so it can load a fresh copy after an edit.
import { registerHooks } from 'node:module';
import { readFileSync, writeFileSync, mkdirSync, statSync, renameSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { transformSync, version } from 'esbuild';

const TS = /\.(ts|tsx)$/;
const templatesDir = new URL('../templates/', import.meta.url).href;
const cacheDir = fileURLToPath(new URL('../node_modules/.cache/site-ts/', import.meta.url));

globalThis.__siteTemplateVersion ??= 0;

function transform(path) {
  const stat = statSync(path);
  const key = createHash('sha1').update(`${path}\0${stat.size}\0${stat.mtimeMs}\0${version}`).digest('hex');
  const cached = join(cacheDir, `${key}.js`);
  try {
    return readFileSync(cached, 'utf8');
  } catch {
    const { code } = transformSync(readFileSync(path, 'utf8'), {
      loader: path.endsWith('x') ? 'tsx' : 'ts',
      format: 'esm',
      jsx: 'automatic',
      target: 'node24',
      sourcemap: 'inline',
      sourcefile: path,
    });
    try {
      mkdirSync(cacheDir, { recursive: true });
      const temp = `${cached}.${process.pid}`;
      writeFileSync(temp, code);
      renameSync(temp, cached);
    } catch {
      // A read-only checkout still works, only without the cache.
    }
    return code;
  }
}

registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context);
    const version = globalThis.__siteTemplateVersion;
    if (version > 0 && result.url.startsWith(templatesDir) && !result.url.includes('?')) {
      return { ...result, url: `${result.url}?v=${version}` };
    }
    return result;
  },
  load(url, context, next) {
    const path = url.startsWith('file:') ? fileURLToPath(url.split('?')[0]) : '';
    if (!TS.test(path)) return next(url, context);
    return { format: 'module', source: transform(path), shortCircuit: true };
  },
});
