// The preview's incremental rebuilds in both languages, checked against the only oracle that
// cannot be stale: a full build of the same content. Any file that differs is a page the preview
// got wrong; the lists of pages re-rendered show that an edit stays in the languages it reaches.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Builder } from '../../../generator/build/build.ts';
import { MANIFEST } from '../../../generator/output/write.ts';
import { sandbox, root, type Sandbox } from '../../helpers.ts';

const preview = (content: string) => new Builder({ root, contentDir: content, mode: 'preview', includeDrafts: true });

/**
 * Output files whose bytes differ between an incremental preview and a full build, once the
 * preview has brought its build manifest up to date (as it does when edits pause).
 */
async function stale(builder: Builder, content: string): Promise<string[]> {
  builder.refresh();
  const full = await preview(content).full();
  // The preview keeps an image a deleted page used (the asset store caches by path).
  const kept = (f: string) => f.startsWith('assets/img/') && !full.has(f);
  const bytes = (outputs: Map<string, Buffer>, f: string) => {
    if (f !== MANIFEST || !outputs.has(f)) return outputs.get(f);
    const manifest = JSON.parse(outputs.get(f)!.toString());
    for (const file of Object.keys(manifest.files)) if (kept(file)) delete manifest.files[file];
    return Buffer.from(JSON.stringify(manifest));
  };
  const files = [...new Set([...full.keys(), ...builder.outputs.keys()])].filter((f) => !kept(f));
  return files.filter((f) => {
    const mine = bytes(builder.outputs, f);
    const theirs = bytes(full, f);
    return !mine || !theirs || !mine.equals(theirs);
  }).sort();
}

const french = (paths: string[]) => paths.filter((p) => p === '/fr' || p.startsWith('/fr/'));
const english = (paths: string[]) => paths.filter((p) => !french([p]).length);

describe('preview rebuilds in both languages', () => {
  let edits: Sandbox;
  let builder: Builder;
  const at = (rel: string) => join(edits.content, rel);
  const page = (file: string) => builder.outputs.get(file)?.toString() ?? '';
  beforeAll(async () => {
    edits = sandbox();
    builder = preview(edits.content);
    await builder.full();
  }, 60_000);
  afterAll(() => edits.remove());

  test('English site-wide files and page copy a French file replaces re-render English pages only, and the French pages stay right', async () => {
    edits.edit('navigation.yaml', 'label: Solutions', 'label: Our solutions');
    edits.edit('blog-categories.yaml', 'name: Technology', 'name: Tech');
    edits.edit('ui.yaml', 'onThisPage: On this page', 'onThisPage: In this article');
    edits.edit('pages/blogs.yaml', 'title: "{brand} blog"', 'title: "{brand} field notes"');
    const update = await builder.update(['navigation.yaml', 'blog-categories.yaml', 'ui.yaml', 'pages/blogs.yaml'].map(at));
    expect(update.problems).toEqual([]);
    expect(english(update.rerendered).length).toBe(builder.routes.filter((r) => r.locale === 'en').length);
    expect(french(update.rerendered)).toEqual([]);
    expect(await stale(builder, edits.content)).toEqual([]);
  }, 60_000);

  test('a French post edit re-renders its French page and the French lists, and no English page', async () => {
    const FR = 'fr/blog/preparing-fleet-for-canadian-winter.md';
    edits.edit(FR, /^title: .*$/m, 'title: "Un parc prêt pour l\'hiver canadien"');
    const manifestBefore = builder.outputs.get(MANIFEST);
    const update = await builder.update([at(FR)]);
    // The edit leaves the build manifest for later (the preview writes it once edits pause).
    expect(builder.outputs.get(MANIFEST)).toBe(manifestBefore);
    expect(update.changedFiles).not.toContain(MANIFEST);
    expect(update.problems).toEqual([]);
    expect(update.rerendered).toEqual(expect.arrayContaining(['/fr/blog-details/10', '/fr/blogs', '/fr']));
    expect(english(update.rerendered)).toEqual([]);
    expect(page('fr/blogs/index.html')).toContain('Un parc prêt pour l&#x27;hiver canadien');
    expect(await stale(builder, edits.content)).toEqual([]);
  }, 60_000);

  test('a deleted translation, then an edit of its English file, re-render the French page that falls back to it', async () => {
    const POST = 'blog/adas-driver-safety-programs.md';
    rmSync(at(`fr/${POST}`));
    const removed = await builder.update([at(`fr/${POST}`)]);
    expect(removed.problems).toEqual([]);
    expect(removed.rerendered).toContain('/fr/blog-details/8');
    expect(page('fr/blog-details/8/index.html')).toContain('translation-notice');
    edits.edit(POST, /^title: .*$/m, 'title: "ADAS Programs Drivers Accept"');
    const edited = await builder.update([at(POST)]);
    expect(edited.rerendered).toEqual(expect.arrayContaining(['/blog-details/8', '/fr/blog-details/8', '/fr/blogs']));
    expect(page('fr/blog-details/8/index.html')).toContain('ADAS Programs Drivers Accept');
    expect(await stale(builder, edits.content)).toEqual([]);
  }, 60_000);

  test("an English post made a draft re-renders its translation's page and the French lists (a translation takes its draft state)", async () => {
    const POST = 'blog/fleet-management-trends-2024.md';
    edits.edit(POST, /^tags:/m, 'draft: true\ntags:');
    const update = await builder.update([at(POST)]);
    expect(update.problems).toEqual([]);
    expect(update.rerendered).toEqual(expect.arrayContaining(['/blog-details/1', '/fr/blog-details/1', '/fr/blogs']));
    expect(await stale(builder, edits.content)).toEqual([]);
  }, 60_000);
});
