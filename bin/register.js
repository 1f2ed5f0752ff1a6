// Lets Node 24 run this repo's TypeScript and TSX directly: every .ts/.tsx file is
// transformed by esbuild on load (types stripped, JSX to react/jsx-runtime). Type
// checking is `npm run typecheck`'s job, not the runtime's. No extra dependency:
// esbuild is already how the islands are bundled.
//
// Template modules (templates/, content-independent code the preview reloads) resolve
// with a `?v=N` query so `site preview` can load a fresh copy after an edit; see
// bumpTemplateVersion() in generator/preview/reload.ts.
import { registerHooks } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const TS = /\.(ts|tsx)$/;
const templatesDir = new URL('../templates/', import.meta.url).href;

globalThis.__siteTemplateVersion ??= 0;

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
    const source = readFileSync(path, 'utf8');
    const { code } = transformSync(source, {
      loader: path.endsWith('x') ? 'tsx' : 'ts',
      format: 'esm',
      jsx: 'automatic',
      target: 'node24',
      sourcemap: 'inline',
      sourcefile: path,
    });
    return { format: 'module', source: code, shortCircuit: true };
  },
});
