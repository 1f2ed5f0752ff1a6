// Islands and styles → content-hashed files. One esbuild entry per island (code-split ES
// modules, React shared in a chunk), one for the shell script (no React), and Sass for CSS
// (styles.ts: from its cache when no style file changed, else on a worker thread).
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { pureRewrites } from './bundle-pure.ts';
import { compileStylesCached, type StylesResult } from './styles.ts';
import type { ClientAssets } from './render.ts';

/** Files in templates/islands that are the mechanism, not islands. */
const NOT_ISLANDS = new Set(['Island.tsx', 'IslandBoundary.tsx', 'runtime.tsx', 'loader.ts']);

export interface BundleOptions {
  root: string;
  /** preview: React's development build, for its warnings; production: minified. */
  mode: 'production' | 'preview';
}

export interface BundleResult {
  client: ClientAssets;
  files: Map<string, Buffer>;
}

export function islandNames(root: string): string[] {
  return readdirSync(join(root, 'templates/islands'))
    .filter((f) => f.endsWith('.tsx') && !NOT_ISLANDS.has(f))
    .map((f) => f.slice(0, -4))
    .sort();
}

export async function bundleScripts(options: BundleOptions): Promise<{ files: Map<string, Buffer>; shellScript: string; islands: ClientAssets['islands'] }> {
  const { root } = options;
  const names = islandNames(root);
  const common = {
    absWorkingDir: root,
    bundle: true,
    format: 'esm' as const,
    target: ['es2022', 'chrome111', 'firefox115', 'safari16.4'],
    minify: true,
    outdir: 'assets/js',
    entryNames: '[name]-[hash]',
    metafile: true as const,
    write: false as const,
    legalComments: 'none' as const,
    logLevel: 'silent' as const,
  };
  // The shell script is built on its own, without splitting: every page loads it, so it must be
  // one file with no import. In the islands' build, code it shares with an island (the visit's
  // attribution, which the lead forms send) and esbuild's helpers became chunks it imported:
  // two more requests in every page's critical chain.
  const shellBuild = esbuild.build({ ...common, entryPoints: [{ in: 'templates/shell/shell.ts', out: 'shell' }] });
  const result = await esbuild.build({
    ...common,
    entryPoints: names.map((name) => ({ in: `island:${name}`, out: name })),
    splitting: true,
    jsx: 'automatic',
    chunkNames: 'chunks/[name]-[hash]',
    define: { 'process.env.NODE_ENV': JSON.stringify(options.mode === 'preview' && process.env.SITE_REACT_DEV ? 'development' : 'production') },
    plugins: [
      {
        name: 'island-entries',
        setup(build) {
          // island:Name is the small entry a page loads (no React); island-hydrate:Name is the
          // React part, imported dynamically when the island's time comes (a separate chunk).
          build.onResolve({ filter: /^island:/ }, (args) => ({ path: args.path.slice(7), namespace: 'island' }));
          build.onResolve({ filter: /^island-hydrate:/ }, (args) => ({ path: args.path.slice(15), namespace: 'island-hydrate' }));
          build.onLoad({ filter: /.*/, namespace: 'island' }, (args) => ({
            resolveDir: root,
            loader: 'ts',
            contents: [
              `import { scheduleIslands } from './templates/islands/loader.ts';`,
              `scheduleIslands(${JSON.stringify(args.path)}, () => import('island-hydrate:${args.path}'));`,
            ].join('\n'),
          }));
          // Formik's lodash: its clone, cloneDeep and toPath carry lodash's general cloner and
          // path cache (about 5 KB gzip); lib/formik-lodash.ts does what Formik asks of them.
          build.onResolve({ filter: /^lodash-es\/(clone|cloneDeep|toPath)$/ }, (args) =>
            /[\\/]node_modules[\\/]formik[\\/]/.test(args.importer) ? { path: args.path.slice(10), namespace: 'formik-lodash' } : undefined);
          build.onLoad({ filter: /.*/, namespace: 'formik-lodash' }, (args) => ({
            resolveDir: root,
            loader: 'ts',
            contents: `export { ${args.path} as default } from './templates/islands/lib/formik-lodash.ts';`,
          }));
          // Formik imports hoist-non-react-statics (and with it react-is) for connect(), which no
          // form here uses; declared free of side effects, the import goes when connect() does.
          build.onResolve({ filter: /^hoist-non-react-statics$/ }, async (args) => {
            if (args.pluginData === 'hoist') return undefined;
            const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'hoist' });
            return resolved.errors.length ? undefined : { path: resolved.path, sideEffects: false };
          });
          build.onLoad({ filter: /.*/, namespace: 'island-hydrate' }, (args) => ({
            resolveDir: root,
            loader: 'tsx',
            contents: [
              `import Component from './templates/islands/${args.path}.tsx';`,
              `import { hydrateIsland } from './templates/islands/runtime.tsx';`,
              `export const hydrate = (element) => hydrateIsland(element, ${JSON.stringify(args.path)}, Component);`,
            ].join('\n'),
          }));
        },
      },
      // Yup's schemas other than object() and string(), and Formik's components other than
      // useFormik(), had been kept by a statement that may have an effect (bundle-pure.ts).
      pureRewrites,
    ],
  });
  const shell = await shellBuild;
  const files = new Map<string, Buffer>();
  for (const out of [...shell.outputFiles, ...result.outputFiles]) files.set(relative(root, out.path).split('\\').join('/'), Buffer.from(out.contents));
  const shellFile = Object.keys(shell.metafile.outputs).find((file) => shell.metafile.outputs[file]!.entryPoint);
  if (!shellFile || shell.outputFiles.length !== 1) throw new Error('bundle: the shell script must be one file with no import');
  const shellScript = `/${shellFile}`;
  const islands: ClientAssets['islands'] = {};
  for (const [file, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint) continue;
    const url = `/${file}`;
    const imports = collectImports(file, result.metafile.outputs).map((f) => `/${f}`);
    const lazy = collectImports(file, result.metafile.outputs, true).map((f) => `/${f}`).filter((f) => !imports.includes(f));
    islands[meta.entryPoint.slice(7)] = { script: url, imports, lazy };
  }
  return { files, shellScript, islands };
}

/**
 * Every chunk an entry imports statically, transitively (what modulepreload should name), or
 * with `dynamic`, also everything it may import later (what the page costs in the end).
 */
function collectImports(file: string, outputs: esbuild.Metafile['outputs'], dynamic = false): string[] {
  const seen = new Set<string>();
  const visit = (f: string) => {
    for (const imp of outputs[f]?.imports ?? []) {
      if ((imp.kind !== 'import-statement' && !(dynamic && imp.kind === 'dynamic-import')) || seen.has(imp.path)) continue;
      seen.add(imp.path);
      visit(imp.path);
    }
  };
  visit(file);
  return [...seen].sort();
}

/**
 * The stylesheet and the scripts, started together. `scripts`: where the island scripts come
 * from (a cached build's bundle cache: bundle-cache.ts); esbuild by default. `styles` settles on
 * its own, usually long before the scripts (a full build renders with it meanwhile: Builder.full).
 */
export function bundleParts(options: BundleOptions, scripts: () => ReturnType<typeof bundleScripts> = () => bundleScripts(options)): { styles: Promise<StylesResult>; whole: Promise<BundleResult> } {
  const styles = compileStylesCached(options.root);
  const whole = Promise.all([scripts(), styles]).then(([made, css]) => ({
    client: { css: css.css, fontPreload: css.fontPreload, shellScript: made.shellScript, islands: made.islands },
    files: new Map([...made.files, ...css.files]),
  }));
  return { styles, whole };
}

