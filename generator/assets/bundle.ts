// Islands and styles → content-hashed files. One esbuild entry per island (code-split ES
// modules, React shared in a chunk), one for the shell script (no React), and Sass for CSS
// (styles.ts: from its cache when no style file changed, else on a worker thread).
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { bundleSources } from './bundle-sources.ts';
import { compileStylesCached, type StylesResult } from './styles.ts';
import type { ClientAssets } from '../render/render.ts';

/** Files in templates/islands that are the mechanism, not islands. */
const NOT_ISLANDS = new Set(['Island.tsx', 'IslandBoundary.tsx', 'runtime.tsx', 'loader.ts']);

export interface BundleOptions {
  root: string;
  /** preview: React's development build, for its warnings; production: minified. */
  mode: 'production' | 'preview';
  /** SITE_CACHE_SECRET, which signs the stylesheet's cache entry (styles.ts). */
  secret?: string;
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

/** The island scripts and the shell script; `inputs`: every file with code in the islands' scripts (relative to `root`), for tests. */
export async function bundleScripts(options: BundleOptions): Promise<{ files: Map<string, Buffer>; shellScript: string; islands: ClientAssets['islands']; inputs: string[] }> {
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
  // No plugin: its callbacks would be answered by this thread, busy with the content meanwhile
  // (bundle-sources.ts says why and what is written instead).
  const sources = bundleSources(root, names);
  const result = await esbuild.build({
    ...common,
    entryPoints: sources.entries,
    splitting: true,
    jsx: 'automatic',
    chunkNames: 'chunks/[name]-[hash]',
    alias: sources.alias,
    define: { 'process.env.NODE_ENV': JSON.stringify(options.mode === 'preview' && process.env.SITE_REACT_DEV ? 'development' : 'production') },
  });
  const shell = await shellBuild;
  const files = new Map<string, Buffer>();
  for (const out of [...shell.outputFiles, ...result.outputFiles]) files.set(relative(root, out.path).split('\\').join('/'), Buffer.from(out.contents));
  const shellFile = Object.keys(shell.metafile.outputs).find((file) => shell.metafile.outputs[file]!.entryPoint);
  if (!shellFile || shell.outputFiles.length !== 1) throw new Error('bundle: the shell script must be one file with no import');
  const shellScript = `/${shellFile}`;
  const islands: ClientAssets['islands'] = {};
  for (const [file, meta] of Object.entries(result.metafile.outputs)) {
    // Chunks a dynamic import starts (an island's React part, the forms' code) are entries in
    // esbuild's account too; only the islands' own entries are what a page names.
    const name = meta.entryPoint && sources.islandOf(meta.entryPoint);
    if (!name) continue;
    const url = `/${file}`;
    const imports = collectImports(file, result.metafile.outputs).map((f) => `/${f}`);
    const lazy = collectImports(file, result.metafile.outputs, true).map((f) => `/${f}`).filter((f) => !imports.includes(f));
    islands[name] = { script: url, imports, lazy };
  }
  const inputs = new Set<string>();
  for (const meta of Object.values(result.metafile.outputs)) for (const [input, { bytesInOutput }] of Object.entries(meta.inputs)) if (bytesInOutput > 0) inputs.add(input);
  return { files, shellScript, islands, inputs: [...inputs].sort() };
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
export function bundleParts(options: BundleOptions, scripts: () => Promise<Omit<Awaited<ReturnType<typeof bundleScripts>>, 'inputs'>> = () => bundleScripts(options)): { styles: Promise<StylesResult>; whole: Promise<BundleResult> } {
  const styles = compileStylesCached(options.root, { secret: options.secret });
  const whole = Promise.all([scripts(), styles]).then(([made, css]) => ({
    client: { css: css.css, fontPreload: css.fontPreload, shellScript: made.shellScript, islands: made.islands },
    files: new Map([...made.files, ...css.files]),
  }));
  return { styles, whole };
}

