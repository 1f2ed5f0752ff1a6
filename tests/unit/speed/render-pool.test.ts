// Render threads (generator/speed/render-pool.ts, SITE_RENDER_THREADS): a build whose pages render on
// threads, which write them themselves, is byte for byte the build the main thread makes, page
// cache entries included; a template that fails on a thread is the same located content problem;
// a thread that cannot start costs only speed.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, type BuildOptions } from '../../../generator/build/build.ts';
import { OutputDir } from '../../../generator/output/write.ts';
import { RenderPool, ThreadRenderError } from '../../../generator/speed/render-pool.ts';
import { loadAll } from '../../../generator/content/load.ts';
import { validate } from '../../../generator/validate/validate.ts';
import { transform } from '../../../generator/transform/transform.ts';
import { buildRoutes } from '../../../generator/render/routes.ts';
import { islandNames } from '../../../generator/assets/bundle.ts';
import type { Site } from '../../../generator/content/model.ts';
import { contentDir, filesUnder, root } from '../../helpers.ts';

const options = (threads: number, cacheDir?: string): BuildOptions => ({
  root, contentDir, mode: 'production', includeDrafts: false, pageCache: cacheDir ? { dir: cacheDir } : undefined,
  // Every page on a thread: the main thread waits for one to start rather than render meanwhile.
  renderThreads: { count: threads, wait: true },
  imageCache: { dir: join(root, '.site/cache/images') }, cardCache: { cacheDir: join(root, '.site/cache/cards') },
});

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'render-pool-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** As `site build` does: pages handed to an OutputDir (threads write theirs through `claim`), then the swap. */
async function build(name: string, threads: number, cacheDir?: string) {
  const out = new OutputDir(join(scratch, name));
  const builder = new Builder(options(threads, cacheDir));
  try {
    const outputs = await builder.full({
      onPage: (file, bytes, source) => (source && !Array.isArray(bytes) ? out.link(file, source, bytes) : out.write(file, bytes as Buffer | Buffer[])),
      retainPages: false,
      claim: (file) => out.claim(file),
    });
    await out.commit(outputs);
  } catch (error) {
    await out.abort();
    throw error;
  }
  return { builder, dir: join(scratch, name) };
}

function expectSameFiles(a: string, b: string): void {
  const left = filesUnder(a);
  const right = filesUnder(b);
  expect([...left.keys()].sort()).toEqual([...right.keys()].sort());
  expect([...left].filter(([file, bytes]) => !bytes.equals(right.get(file)!)).map(([file]) => file)).toEqual([]);
}

describe('render threads', () => {
  test('pages rendered on two threads are byte for byte those of the main thread, manifest and cards included', async () => {
    const here = await build('main', 0);
    expect(here.builder.renderedOnThreads).toBe(0);
    const threaded = await build('threads', 2);
    expect(threaded.builder.renderedOnThreads).toBe(threaded.builder.routes.length);
    expectSameFiles(threaded.dir, here.dir);
  }, 120_000);

  test('a page cache filled by threads serves a later build every page, byte for byte', async () => {
    const cacheDir = join(scratch, 'page-cache');
    const filled = await build('fill', 2, cacheDir);
    expect(filled.builder.renderedOnThreads).toBe(filled.builder.routes.length);
    expect(filled.builder.pageCache!.stats.stored).toBe(filled.builder.routes.length);
    // An entry made from a thread's page is that page's file, linked (no second write).
    const entries = readdirSync(cacheDir).filter((n) => /^[0-9a-f]{64}$/.test(n));
    expect(entries).toHaveLength(filled.builder.routes.length);
    expect(entries.filter((n) => statSync(join(cacheDir, n)).nlink !== 2)).toEqual([]);
    const reused = await build('reuse', 0, cacheDir);
    expect(reused.builder.pageCache!.stats).toMatchObject({ reused: reused.builder.routes.length, rendered: 0, ignored: [] });
    expectSameFiles(reused.dir, join(scratch, 'main'));
  }, 120_000);
});

describe('a render thread', () => {
  let model: Site;
  beforeAll(() => {
    model = transform(validate(loadAll(contentDir), { contentDir, includeDrafts: false }).site!);
  });
  const client = { css: '', shellScript: '/shell.js', fontPreload: '/font.woff2', islands: Object.fromEntries(islandNames(root).map((n) => [n, { script: `/${n}.js`, imports: [], lazy: [] }])) };

  test('whose template fails on the content answers with the cause, which the build reports as the main thread does', async () => {
    // The map section taken out from under the template (tests/integration/render/render-errors.test.ts).
    const { map: _map, ...sections } = model.pages['contact-us'].sections;
    const broken = { ...model, pages: { ...model.pages, 'contact-us': { ...model.pages['contact-us'], sections } } } as Site;
    const routes = buildRoutes(broken);
    const pool = new RenderPool({ root, contentDir, mode: 'production', sites: { en: broken }, untranslated: {}, routes, rasters: [] }, 1);
    try {
      pool.start(client);
      while (!pool.open) await new Promise((resolve) => setTimeout(resolve, 20));
      const index = routes.findIndex((r) => r.path === '/contact-us');
      const outcome = await pool.render(index, join(scratch, 'contact-us.html')).then(() => undefined, (error: unknown) => error);
      expect(outcome).toBeInstanceOf(ThreadRenderError);
      expect((outcome as Error).message).toMatch(/heading/);
    } finally {
      await pool.close();
    }
  }, 60_000);

  test('that cannot start is a failure of the pool, not of the build: no thread stays open', async () => {
    const pool = new RenderPool({ root: join(scratch, 'no-project'), contentDir, mode: 'production', sites: { en: model }, untranslated: {}, routes: buildRoutes(model), rasters: [] }, 1);
    try {
      pool.start(client);
      while (pool.alive) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(pool.open).toBe(false);
      expect(pool.failure).toMatch(/render thread (failed|stopped)/);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
