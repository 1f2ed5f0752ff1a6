// The templates' bundle (generator/speed/templates-bundle.ts): the same pages as the source, used only
// while every file it was made from is unchanged, and never at the cost of a build.
import { afterAll, describe, expect, test } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { freshBundle, loadTemplates, makeTemplatesBundle, saveTemplatesCode, templatesBundle } from '../../../generator/speed/templates-bundle.ts';
import { renderRoute } from '../../../generator/render/render.ts';
import { Builder } from '../../../generator/build/build.ts';
import { loadAll } from '../../../generator/content/load.ts';
import { builtLanguages, stubInputs } from '../../languages-helpers.ts';
import { contentDir, root } from '../../helpers.ts';

const temps: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** An hour ago: older than the bundle's "changed too recently to trust" window. */
const AN_HOUR_AGO = new Date(Date.now() - 3600_000);

/** A project whose templates/ is a copy (dated an hour ago) and whose other folders are the real ones. */
function project(): string {
  const dir = temp('site-templates-');
  cpSync(join(root, 'templates'), join(dir, 'templates'), { recursive: true });
  for (const name of ['common', 'generator', 'functions', 'node_modules', 'styles']) symlinkSync(join(root, name), join(dir, name));
  age(join(dir, 'templates'));
  return dir;
}

/** Dates a file, or a folder and everything in it, an hour back. */
function age(path: string): void {
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path)) age(join(path, name));
  }
  utimesSync(path, AN_HOUR_AGO, AN_HOUR_AGO);
}

describe('templates bundle', () => {
  test('every shipped route, in both languages, renders to the same bytes from the bundle as from the source', async () => {
    const bundle = templatesBundle(root, temp('site-bundle-'));
    expect(await makeTemplatesBundle(root, bundle, { settleMs: 0 })).toBe(true);
    const loaded = await loadTemplates(root, bundle);
    expect(loaded.from).toBe('bundle');
    const source = await import('../../../templates/index.ts');
    // Two copies of one code: the bundle's components, and its own React, are not the source's.
    expect(loaded.templates.pages).not.toBe(source.pages);
    expect(loaded.templates.createElement).not.toBe(source.createElement);
    const { sites, routes, untranslated } = builtLanguages(loadAll(contentDir));
    const inputs = await stubInputs(sites, untranslated);
    expect(new Set(routes.map((r) => r.locale))).toEqual(new Set(['en', 'fr']));
    expect(routes.length).toBeGreaterThanOrEqual(60);
    for (const route of routes) {
      const fromSource = renderRoute(route, { ...inputs, templates: source }).html;
      expect(renderRoute(route, { ...inputs, templates: loaded.templates }).html, route.path).toBe(fromSource);
    }
  });

  test('it holds the templates, React and the packages only templates use; our other modules stay the process\'s own', async () => {
    const bundle = templatesBundle(root, temp('site-bundle-'));
    expect(await makeTemplatesBundle(root, bundle, { settleMs: 0 })).toBe(true);
    const code = readFileSync(bundle.file, 'utf8');
    const required = [...new Set([...code.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]!))];
    expect(required).toContain(join(root, 'generator/transform/format.ts'));
    // Node's own modules (React's server renderer asks for util, stream…) and ours; no package.
    const ours = required.filter((id) => !isBuiltin(id));
    for (const id of ours) expect(id).toMatch(/^\/.*\/(common|generator|functions)\/[\w/-]+\.ts$/);
    expect(code).toContain('useFormik');
    expect(code).toContain('renderToStaticMarkup');
    const manifest = JSON.parse(readFileSync(bundle.manifest, 'utf8')) as { modules: string[] };
    expect(manifest.modules.sort()).toEqual(ours.sort());
  });

  test('V8\'s code for the bundle is saved once pages have run, used by the next process, and made again when rejected', async () => {
    const bundle = templatesBundle(root, temp('site-bundle-'));
    expect(await makeTemplatesBundle(root, bundle, { settleMs: 0 })).toBe(true);
    const codeFile = `${bundle.file}.v8-${process.versions.v8}.code`;
    expect((await loadTemplates(root, bundle)).from).toBe('bundle');
    saveTemplatesCode();
    const saved = statSync(codeFile);
    expect(saved.size).toBeGreaterThan(0);
    // Used: nothing to save again.
    expect((await loadTemplates(root, bundle)).from).toBe('bundle');
    saveTemplatesCode();
    expect(statSync(codeFile).mtimeMs).toBe(saved.mtimeMs);
    // Damaged: V8 rejects it, the bundle still runs, and the code is saved anew. (A bundle of
    // another name: V8 would take the one it compiled above from its own memory, unchecked.)
    const other = templatesBundle(root, temp('site-bundle-'));
    expect(await makeTemplatesBundle(root, other, { settleMs: 0 })).toBe(true);
    const otherCode = `${other.file}.v8-${process.versions.v8}.code`;
    writeFileSync(otherCode, Buffer.alloc(saved.size, 7));
    const loaded = await loadTemplates(root, other);
    expect(loaded.from).toBe('bundle');
    expect(typeof loaded.templates.renderToStaticMarkup).toBe('function');
    saveTemplatesCode();
    expect(readFileSync(otherCode).equals(Buffer.alloc(saved.size, 7))).toBe(false);
    expect(statSync(otherCode).size).toBeGreaterThan(10_000);
  });

  test('used while its files are unchanged; an edited template, a new file beside one, or a damaged bundle is not used', async () => {
    const dir = project();
    const bundle = templatesBundle(dir, temp('site-bundle-'));
    const first = await loadTemplates(dir, bundle);
    expect(first.from).toBe('source');
    expect(await first.bundling).toBe(true);
    expect((await loadTemplates(dir, bundle)).from).toBe('bundle');

    // The same size, a new mtime: not the file the bundle was made from.
    const faqs = join(dir, 'templates/pages/Faqs.tsx');
    utimesSync(faqs, new Date(), new Date());
    expect(freshBundle(dir, bundle)).toBeUndefined();
    utimesSync(faqs, AN_HOUR_AGO, AN_HOUR_AGO);
    expect(freshBundle(dir, bundle)).toBeDefined();

    // A file added to a folder the bundle read from may change what an import finds.
    writeFileSync(join(dir, 'templates/pages/Extra.tsx'), 'export const x = 1;\n');
    expect(freshBundle(dir, bundle)).toBeUndefined();
  });

  test('a damaged bundle is not run: the source is, and the bundle is made again', async () => {
    const dir = project();
    const bundle = templatesBundle(dir, temp('site-bundle-'));
    expect(await makeTemplatesBundle(dir, bundle)).toBe(true);
    // Garbage the manifest cannot tell from the bundle (its size, and the manifest names its mtime): importing it fails.
    writeFileSync(bundle.file, Buffer.alloc(statSync(bundle.file).size, 0x7b));
    const manifest = JSON.parse(readFileSync(bundle.manifest, 'utf8')) as { bundle: [number, number] };
    manifest.bundle[1] = statSync(bundle.file).mtimeMs;
    writeFileSync(bundle.manifest, JSON.stringify(manifest));
    expect(freshBundle(dir, bundle)).toBeDefined();
    const loaded = await loadTemplates(dir, bundle);
    expect(loaded.from).toBe('source');
    expect(typeof loaded.templates.pages).toBe('object');
    expect(await loaded.bundling).toBe(true);
    expect(readFileSync(bundle.file, 'utf8')).toContain('useFormik');
    expect((await loadTemplates(dir, bundle)).from).toBe('bundle');
  });

  test("a bundle made sweeps away those of project folders that are gone (the tests' copies)", async () => {
    const cache = temp('site-bundle-');
    const gone = project();
    const goneBundle = templatesBundle(gone, cache);
    expect(await makeTemplatesBundle(gone, goneBundle, { settleMs: 0 })).toBe(true);
    writeFileSync(`${goneBundle.file}.v8-${process.versions.v8}.code`, 'code');
    rmSync(gone, { recursive: true, force: true });
    const kept = project();
    const keptBundle = templatesBundle(kept, cache);
    expect(await makeTemplatesBundle(kept, keptBundle, { settleMs: 0 })).toBe(true);
    expect(readdirSync(cache).sort()).toEqual([keptBundle.file, keptBundle.manifest].map((f) => f.slice(cache.length + 1)).sort());
  });

  test('a template changed moments before is not trusted: no bundle is kept', async () => {
    const dir = project();
    const bundle = templatesBundle(dir, temp('site-bundle-'));
    writeFileSync(join(dir, 'templates/pages/Faqs.tsx'), `${readFileSync(join(dir, 'templates/pages/Faqs.tsx'), 'utf8')}\n`);
    expect(await makeTemplatesBundle(dir, bundle)).toBe(false);
    expect(existsSync(bundle.file)).toBe(false);
    expect(existsSync(bundle.manifest)).toBe(false);
  });

  test("the preview's first templates come from the bundle; a template edited there renders from the source, with the same React pages", async () => {
    const dir = project();
    // The project's own bundle, where a Builder looks for it (the real node_modules/.cache: removed after).
    const own = templatesBundle(dir);
    // The same files by the real folder: the project's node_modules link is gone when they are removed.
    const real = templatesBundle(dir, join(root, 'node_modules/.cache/site-templates'));
    temps.push(real.file, real.manifest, `${real.file}.v8-${process.versions.v8}.code`);
    expect(await makeTemplatesBundle(dir, own)).toBe(true);
    const builder = new Builder({ root: dir, contentDir, mode: 'preview', includeDrafts: true });
    await builder.full();
    const before = builder.outputs.get('faqs/index.html')!.toString();
    expect(before).not.toContain('data-edited');
    const faqs = join(dir, 'templates/pages/Faqs.tsx');
    writeFileSync(faqs, readFileSync(faqs, 'utf8').replace('<div className="accordion">', '<div className="accordion" data-edited="">'));
    const update = await builder.update([faqs]);
    expect(update.problems).toEqual([]);
    const after = builder.outputs.get('faqs/index.html')!.toString();
    expect(after).toContain('<div class="accordion" data-edited="">');
    // Nothing else on the page changed: the source's React renders what the bundle's did.
    expect(after.replace(' data-edited=""', '')).toBe(before);
  }, 60_000);
});
