// A clean `site build` renders while esbuild is still bundling (Builder.full, render.ts
// standInClient): its pages are held with stand-ins for the scripts' file names and completed
// once the scripts are in. The pages must be byte for byte those of a build that waited, and a
// bundle that fails must fail the build with nothing written.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, type BuildOptions } from '../../../generator/build/build.ts';
import { OutputDir } from '../../../generator/output/write.ts';
import { bundleScripts } from '../../../generator/assets/bundle.ts';
import type { Scripts } from '../../../generator/speed/bundle-cache.ts';
import { contentDir, filesUnder, root } from '../../helpers.ts';

const options = (scripts: () => Promise<Scripts>): BuildOptions => ({
  root, contentDir, mode: 'production', includeDrafts: false, scripts,
  imageCache: { dir: join(root, '.site/cache/images') }, cardCache: { cacheDir: join(root, '.site/cache/cards') },
});

let scratch: string;
let made: Scripts;
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'early-render-'));
  made = await bundleScripts({ root, mode: 'production' });
}, 60_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** As `site build` does: pages handed to an OutputDir, then the swap. `scripts` gets the builder. */
async function build(name: string, scripts: (builder: Builder) => Promise<Scripts>) {
  const out = new OutputDir(join(scratch, name));
  let builder: Builder;
  builder = new Builder(options(() => scripts(builder)));
  try {
    const outputs = await builder.full({ onPage: (file, bytes, source) => (source && !Array.isArray(bytes) ? out.link(file, source, bytes) : out.write(file, bytes as Buffer | Buffer[])), retainPages: false });
    await out.commit(outputs);
  } catch (error) {
    await out.abort();
    throw error;
  }
  return { builder, dir: join(scratch, name) };
}

/** Settles once the builder has held `n` pages: the scripts arrive in the middle of rendering. */
function afterHeld(builder: Builder, n: number, settle: () => void): void {
  const tick = () => (builder.heldPages >= n ? settle() : setImmediate(tick));
  tick();
}

describe('rendering before the scripts are bundled', () => {
  test('held pages, completed, are byte for byte those of a build that waited for the scripts', async () => {
    const waited = await build('waited', async () => made);
    expect(waited.builder.heldPages).toBe(0);
    const early = await build('early', (builder) => new Promise((resolve) => afterHeld(builder, 12, () => resolve(made))));
    expect(early.builder.heldPages).toBeGreaterThanOrEqual(12);
    expect(early.builder.heldPages).toBeLessThan(early.builder.routes.length);
    const left = filesUnder(early.dir);
    const right = filesUnder(waited.dir);
    expect([...left.keys()].sort()).toEqual([...right.keys()].sort());
    expect([...left].filter(([file, bytes]) => !bytes.equals(right.get(file)!)).map(([file]) => file)).toEqual([]);
    // No stand-in is left anywhere, and the pages name the real scripts.
    expect([...left].filter(([, bytes]) => bytes.includes('site-scripts-')).map(([file]) => file)).toEqual([]);
    expect(left.get('index.html')!.toString()).toContain(`src="${made.shellScript}"`);
  }, 120_000);

  test('a bundle that fails while pages are held fails the build; nothing is written', async () => {
    await expect(build('failed', (builder) => new Promise((_, reject) => afterHeld(builder, 5, () => reject(new Error('esbuild: Could not resolve "./missing"'))))))
      .rejects.toThrow('Could not resolve');
    expect(existsSync(join(scratch, 'failed'))).toBe(false);
  }, 120_000);
});
