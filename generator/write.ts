// Everything → dist/, atomically: the new build is written to a sibling folder and swapped
// in with renames, so a failed build leaves the previous dist/ untouched and a visitor of the
// preview never sees half a site. Also the small files every site needs: sitemap, robots, manifest.
import { mkdirSync, rmSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';
import type { Site } from './model.ts';
import type { Route } from './routes.ts';

export type Outputs = Map<string, Buffer>;

/** The build manifest: what `site publish` and the admin read. Deterministic, no timestamps. */
export const MANIFEST = '.site-build.json';

export async function writeAtomically(outDir: string, outputs: Outputs): Promise<void> {
  const parent = dirname(outDir);
  mkdirSync(parent, { recursive: true });
  const temp = join(parent, `.${basename(outDir)}.tmp-${process.pid}`);
  const old = join(parent, `.${basename(outDir)}.old-${process.pid}`);
  rmSync(temp, { recursive: true, force: true });
  try {
    await writeTree(temp, outputs);
    if (existsSync(outDir)) renameSync(outDir, old);
    renameSync(temp, outDir);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw new Error(`could not write ${outDir}`, { cause: error });
  }
  removeLater(old);
}

/**
 * The replaced build is already out of the way (renamed); deleting thousands of files would
 * only delay the command, so a detached `rm` does it. Falls back to deleting in-process.
 */
function removeLater(dir: string): void {
  if (!existsSync(dir)) return;
  try {
    const child = spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' });
    child.on('error', () => rmSync(dir, { recursive: true, force: true }));
    child.unref();
  } catch {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Folders first, then the files, several writes in flight at once (libuv's thread pool). */
async function writeTree(dir: string, outputs: Outputs): Promise<void> {
  const files = [...outputs.keys()].sort();
  for (const folder of new Set(files.map((f) => dirname(join(dir, f))))) mkdirSync(folder, { recursive: true });
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      await writeFile(join(dir, file), outputs.get(file)!);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/** Writes only the files whose bytes changed (preview rebuilds); each via rename, never torn. */
export function writeChanged(outDir: string, outputs: Outputs, previous: Outputs): string[] {
  const changed: string[] = [];
  for (const [file, bytes] of outputs) {
    const before = previous.get(file);
    if (before === bytes || (before && before.equals(bytes))) continue;
    const target = join(outDir, file);
    mkdirSync(dirname(target), { recursive: true });
    const temp = `${target}.tmp-${process.pid}`;
    writeFileSync(temp, bytes);
    renameSync(temp, target);
    changed.push(file);
  }
  for (const file of previous.keys()) {
    if (!outputs.has(file)) {
      rmSync(join(outDir, file), { force: true });
      changed.push(file);
    }
  }
  return changed;
}

export interface BuildManifest {
  generator: string;
  valid: true;
  mode: 'production' | 'preview';
  routes: { path: string; file: string; status: number; title: string; sources: string[]; islands: string[] }[];
  /** Every output file and its size. (`site publish` hashes what it uploads itself.) */
  files: Record<string, { bytes: number }>;
}

export function manifestFor(routes: Route[], islands: Map<string, string[]>, outputs: Outputs, mode: BuildManifest['mode'], version: string): Buffer {
  const files: BuildManifest['files'] = {};
  for (const file of [...outputs.keys()].sort()) {
    files[file] = { bytes: outputs.get(file)!.length };
  }
  const manifest: BuildManifest = {
    generator: `site ${version}`,
    valid: true,
    mode,
    routes: routes.map((r) => ({ path: r.path, file: r.file, status: r.status, title: r.title, sources: r.sources, islands: islands.get(r.path) ?? [] })),
    files,
  };
  return Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemap(site: Site, routes: Route[]): Buffer {
  const urls = routes
    .filter((r) => r.sitemap && r.status === 200)
    .map((r) => `<url><loc>${xml(site.config.url + (r.path === '/' ? '/' : r.path))}</loc>${r.lastmod ? `<lastmod>${r.lastmod}</lastmod>` : ''}</url>`);
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`);
}

export function robots(site: Site): Buffer {
  return Buffer.from(`User-agent: *\nAllow: /\n\nSitemap: ${site.config.url}/sitemap.xml\n`);
}

export function webManifest(site: Site, icon: string): Buffer {
  const manifest = {
    name: site.config.legalName,
    short_name: site.config.brand,
    description: site.config.description,
    lang: 'en-CA',
    start_url: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: site.config.themeColor ?? '#0B1F33',
    icons: [{ src: icon, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
}
