// The admin's view of both languages (generator/preview/admin/state.ts): the translation status
// per collection with each item to do and its command, every page with its language and
// translation status, and each French file beside its English one. On a real preview build of a
// copy of content/ with one translation missing, one out of date and one orphan.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Builder } from '../../../generator/build/build.ts';
import { displayPath } from '../../../generator/content/paths.ts';
import { adminState } from '../../../generator/preview/admin/state.ts';
import type { AdminState } from '../../../generator/preview/admin/types.ts';
import { lineOf, root, sandbox, type Sandbox } from '../../helpers.ts';

let box: Sandbox;
let state: AdminState;
const file = (rel: string) => displayPath(join(box.content, rel));

beforeAll(async () => {
  box = sandbox();
  rmSync(join(box.content, 'fr/blog/adas-driver-safety-programs.md'));
  box.edit('solutions/adas.yaml', /^title: .*$/m, 'title: "ADAS and video"');
  copyFileSync(join(box.content, 'fr/faqs/14-getting-started.yaml'), join(box.content, 'fr/faqs/99-gone.yaml'));
  box.edit('fr/faqs/99-gone.yaml', /^order: .*$/m, 'order: 99');
  const builder = new Builder({ root, contentDir: box.content, mode: 'preview', includeDrafts: true });
  await builder.full();
  state = adminState({ builder, contentDir: box.content, problems: [], builds: [] });
}, 60_000);
afterAll(() => box.remove());

describe('the admin in both languages', () => {
  test('Translations counts each collection\'s items, translated, out of date, missing and orphans for French', () => {
    const [fr] = state.translations;
    expect(fr).toMatchObject({ locale: 'fr', tag: 'fr-CA', folder: `${displayPath(join(box.content, 'fr'))}/` });
    const row = (collection: string) => fr!.rows.find((r) => r.collection === collection);
    expect(row('blog')).toEqual({ collection: 'blog', items: 10, translated: 9, outdated: 0, missing: 1, orphans: 0 });
    expect(row('solutions')).toEqual({ collection: 'solutions', items: 7, translated: 7, outdated: 1, missing: 0, orphans: 0 });
    expect(row('faqs')).toEqual({ collection: 'faqs', items: 14, translated: 14, outdated: 0, missing: 0, orphans: 1 });
    expect(row('site')).toBeUndefined();
  });

  test('each missing, out-of-date and orphan translation is listed with its located file, its English file and the command that fixes it', () => {
    const [fr] = state.translations;
    // At the sourceHash value, where `site validate` locates the same warning.
    const hashLine = lineOf(box.read('fr/solutions/adas.yaml'), 'sourceHash:');
    expect(fr!.pending).toEqual([
      {
        collection: 'solutions', state: 'outdated', pages: ['/fr/solutions/adas'],
        source: expect.objectContaining({ file: file('solutions/adas.yaml') }),
        translation: expect.objectContaining({ file: file('fr/solutions/adas.yaml'), line: hashLine, column: 'sourceHash: '.length + 1 }),
        command: `npx site translate stamp ${file('fr/solutions/adas.yaml')}`,
      },
      {
        collection: 'blog', state: 'missing', pages: ['/fr/blog-details/8'],
        source: expect.objectContaining({ file: file('blog/adas-driver-safety-programs.md') }),
        translation: expect.objectContaining({ file: file('fr/blog/adas-driver-safety-programs.md') }),
        command: `npx site translate start ${file('blog/adas-driver-safety-programs.md')}`,
      },
      {
        collection: 'faqs', state: 'orphan', pages: [],
        translation: expect.objectContaining({ file: file('fr/faqs/99-gone.yaml') }),
      },
    ]);
  });

  test('every page says its language and English path; a French page says translated, English fallback or out of date', () => {
    const page = (path: string) => state.pages.find((p) => p.path === path)!;
    expect(page('/faqs')).toMatchObject({ locale: 'en', lang: 'en-CA', key: '/faqs' });
    expect(page('/faqs').translation).toBeUndefined();
    expect(page('/fr/faqs')).toMatchObject({ locale: 'fr', lang: 'fr-CA', key: '/faqs', translation: 'translated' });
    expect(page('/fr/blog-details/8')).toMatchObject({ key: '/blog-details/8', translation: 'fallback' });
    expect(page('/fr/solutions/adas')).toMatchObject({ key: '/solutions/adas', translation: 'outdated' });
    expect(new Set(state.pages.map((p) => p.key)).size * 2).toBe(state.pages.length);
  });

  test("a French page is held to its English page's JavaScript budget (/fr/career to /career's)", () => {
    const career = state.pages.find((p) => p.path === '/career')!;
    const french = state.pages.find((p) => p.path === '/fr/career')!;
    expect(french.key).toBe(career.key);
    expect(career.weight.js).toBeGreaterThan(90 * 1024);
    expect(Math.abs(french.weight.js - career.weight.js)).toBeLessThan(2 * 1024);
    expect(state.pages.filter((p) => p.overBudget).map((p) => p.path)).toEqual([]);
  });

  test('Content lists each French file right after its English one, with its language and pages', () => {
    const faqs = state.collections.find((c) => c.name === 'faqs')!;
    const at = (rel: string) => faqs.items.findIndex((i) => i.at.file === file(rel));
    expect(at('fr/faqs/05-sustainability.yaml')).toBe(at('faqs/05-sustainability.yaml') + 1);
    expect(faqs.items[at('fr/faqs/05-sustainability.yaml')]).toMatchObject({ locale: 'fr', status: 'valid' });
    const blog = state.collections.find((c) => c.name === 'blog')!;
    expect(blog.items.find((i) => i.at.file === file('fr/blog/eld-compliance-checklist-for-carriers.md'))?.pages).toEqual([expect.stringMatching(/^\/fr\/blog-details\/\d+$/)]);
    expect(blog.items.find((i) => i.at.file === file('blog/adas-driver-safety-programs.md'))?.pages).toEqual(['/blog-details/8', '/fr/blog-details/8']);
  });
});
