// The preview's rebuild rule (generator/build/affected.ts) on the real route table of both
// languages: an edit re-renders the pages of the language it is in, and an English edit also the
// French pages that fall back to the English file or show what the English file decides.
import { describe, expect, test } from 'vitest';
import { loadAll, type SourceRecord } from '../../../generator/content/load.ts';
import { validate } from '../../../generator/validate/validate.ts';
import { languages } from '../../../generator/build/build.ts';
import type { Route } from '../../../generator/render/routes.ts';
import { affectedRoutes, describeChange, mergeChange, noChanges, translationFiles, type ChangeKind, type Changes } from '../../../generator/build/affected.ts';
import { contentDir } from '../../helpers.ts';

const all = loadAll(contentDir);
const POST = 'blog/preparing-fleet-for-canadian-winter.md';
const FR_POST = `fr/${POST}`;

/** Both languages' routes of a content set. */
function routesOf(records: SourceRecord[]): Route[] {
  const valid = validate(records, { contentDir, includeDrafts: true });
  if (!valid.site) throw new Error(valid.problems.map((p) => `${p.file}:${p.line} ${p.message}`).join('\n'));
  return languages({ site: valid.site, translations: valid.translations }).routes;
}

const routes = routesOf(all);
/** The same content without the French post: its French page falls back to the English file. */
const untranslated = all.filter((r) => r.relPath !== FR_POST);
const fallbackRoutes = routesOf(untranslated);

const paths = (locale: 'en' | 'fr', rs = routes) => rs.filter((r) => r.locale === locale).map((r) => r.path);
const listing = (collection: string, locale: 'en' | 'fr') => routes.filter((r) => r.locale === locale && r.deps.includes(collection as never)).map((r) => r.path);
const postPage = routes.find((r) => r.sources[0] === `content/${POST}`)!.path;
const frPostPage = `/fr${postPage}`;

/** What Builder.update records for an edit of `rel` in `records` (before = after unless given). */
function change(records: SourceRecord[], rel: string, kind: ChangeKind = 'modified', edit: (r: SourceRecord) => SourceRecord = (r) => ({ ...r, data: { ...(r.data as object), title: 'Retitled' } })): Changes {
  const record = records.find((r) => r.relPath === rel)!;
  const byRel = new Map(records.map((r) => [r.relPath, r]));
  const before = kind === 'added' ? undefined : record;
  const after = kind === 'deleted' ? undefined : kind === 'added' ? record : edit(record);
  const c = noChanges();
  const made = describeChange(record.file, before, after, translationFiles(byRel, rel))!;
  c.content.set(made.file, mergeChange(undefined, made));
  return c;
}

const rendered = (c: Changes, previous = routes, next = routes) => [...affectedRoutes(previous, next, c).render].sort();
const sorted = (...lists: string[][]) => [...new Set(lists.flat())].sort();
const bodyOnly = (r: SourceRecord) => ({ ...r, body: `${r.body}\nMore.` });

describe('which pages an edit re-renders, in both languages', () => {
  test("a French post's body edit re-renders only its French page", () => {
    expect(rendered(change(all, FR_POST, 'modified', bodyOnly))).toEqual([frPostPage]);
  });

  test("a French post's title edit re-renders it and the French lists of posts, no English page", () => {
    expect(rendered(change(all, FR_POST))).toEqual(sorted([frPostPage], listing('blog', 'fr')));
  });

  test("an English post's title edit re-renders the English lists, not the French ones that show its translation", () => {
    expect(rendered(change(all, POST))).toEqual(sorted([postPage], listing('blog', 'en')));
  });

  test('an English post without a translation re-renders the French page that falls back to it, and with a title edit the French lists', () => {
    expect(rendered(change(untranslated, POST, 'modified', bodyOnly), fallbackRoutes, fallbackRoutes)).toEqual(sorted([postPage, frPostPage]));
    expect(rendered(change(untranslated, POST), fallbackRoutes, fallbackRoutes)).toEqual(sorted([postPage, frPostPage], listing('blog', 'en'), listing('blog', 'fr')));
  });

  test("an English post's draft state (which its translation takes) re-renders its French page and the French lists too", () => {
    const drafted = change(all, POST, 'modified', (r) => ({ ...r, data: { ...(r.data as object), draft: true } }));
    expect(rendered(drafted)).toEqual(sorted([postPage, frPostPage], listing('blog', 'en'), listing('blog', 'fr')));
  });

  test('a French translation added for a page that fell back to English re-renders that French page and the French lists', () => {
    expect(rendered(change(all, FR_POST, 'added'), fallbackRoutes, routes)).toEqual(sorted([frPostPage], listing('blog', 'fr')));
  });

  test('a French translation deleted re-renders its page (now in English) and the French lists', () => {
    expect(rendered(change(all, FR_POST, 'deleted'), routes, fallbackRoutes)).toEqual(sorted([frPostPage], listing('blog', 'fr')));
  });

  test('French site-wide files (navigation, interface words) re-render every French page and no English one', () => {
    expect(rendered(change(all, 'fr/navigation.yaml'))).toEqual(paths('fr').sort());
    expect(rendered(change(all, 'fr/ui.yaml'))).toEqual(paths('fr').sort());
  });

  test('English site-wide files re-render the English pages, and the French ones only where no French file replaces them; site.yaml every page', () => {
    expect(rendered(change(all, 'navigation.yaml'))).toEqual(paths('en').sort());
    const noFrenchUi = all.filter((r) => r.relPath !== 'fr/ui.yaml');
    expect(rendered(change(noFrenchUi, 'ui.yaml'))).toEqual(sorted(paths('en'), paths('fr')));
    expect(rendered(change(all, 'site.yaml'))).toEqual(sorted(paths('en'), paths('fr')));
  });

  test('French page copy shown on other pages (the feed title) re-renders every French page; French home copy the French solution pages', () => {
    expect(rendered(change(all, 'fr/pages/blogs.yaml'))).toEqual(paths('fr').sort());
    const frSolutions = routes.filter((r) => r.locale === 'fr' && r.template === 'Solution').map((r) => r.path);
    expect(rendered(change(all, 'fr/pages/home.yaml'))).toEqual(sorted(['/fr'], frSolutions));
  });

  test('a French FAQ edit re-renders /fr/faqs only; the English one /faqs only', () => {
    expect(rendered(change(all, 'fr/faqs/05-sustainability.yaml'))).toEqual(['/fr/faqs']);
    expect(rendered(change(all, 'faqs/05-sustainability.yaml'))).toEqual(['/faqs']);
  });

  test("the first French file re-renders every English page too (each gains its language links), and so does the last one's removal", () => {
    const englishOnly = routesOf(all.filter((r) => r.locale === 'en'));
    expect(rendered(change(all, FR_POST, 'added'), englishOnly, routes)).toEqual(sorted(paths('en'), paths('fr')));
    expect(rendered(change(all, FR_POST, 'deleted'), routes, englishOnly)).toEqual(paths('en').sort());
  });

  test('an English file edited together with its translation re-renders both languages', () => {
    const c = change(all, POST);
    const fr = change(all, FR_POST);
    for (const [file, made] of fr.content) c.content.set(file, made);
    expect(rendered(c)).toEqual(sorted([postPage, frPostPage], listing('blog', 'en'), listing('blog', 'fr')));
  });
});
