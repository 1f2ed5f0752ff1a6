// The warnings (generator/checks/checks.ts) on French pages: each check runs on them and locates the
// problem in the French file (or the English one a page falls back to), and a French page that
// links to an English page when a French one exists is a warning of its own.
import { describe, expect, test } from 'vitest';
import { budgetsOf, runChecks, type CheckInput, type CheckPage } from '../../../generator/checks/checks.ts';
import type { SourceRecord } from '../../../generator/content/load.ts';
import { splitLocale } from '../../../generator/content/locales.ts';

const SITE = 'https://www.trilliumfleet.example';
const FAQS_FR = 'content/fr/pages/faqs.yaml';
const POST = 'content/blog/eld.md';
const POST_FR = 'content/fr/blog/eld.md';

const page = (over: Partial<CheckPage> = {}): CheckPage => ({
  path: '/fr/faqs',
  key: '/faqs',
  html: '<html><body><a href="/fr">Accueil</a></body></html>',
  sources: [FAQS_FR],
  description: 'Réponses aux questions que posent les gestionnaires de parc sur le suivi et les DCE.',
  ownDescription: true,
  js: 1024,
  islands: [],
  ...over,
});

const english = (over: Partial<CheckPage> = {}): CheckPage => page({ path: '/faqs', key: '/faqs', sources: ['content/pages/faqs.yaml'], html: '<a href="/">Home</a>', description: 'Answers to the questions fleet managers ask about tracking and ELD.', ...over });

const record = (file: string): SourceRecord => {
  const relPath = file.replace(/^content\//, '');
  const { locale, rel } = splitLocale(relPath);
  const collection = (rel.startsWith('blog/') ? 'blog' : rel === 'navigation.yaml' ? 'navigation' : 'pages') as SourceRecord['collection'];
  return { collection, locale, file, relPath, slug: rel.replace(/^.*\/|\.\w+$/g, ''), data: {}, yamlText: '', lineOffset: 0, problems: [] };
};

const ROUTES = ['/', '/fr', '/faqs', '/fr/faqs', '/solutions/eld', '/fr/solutions/eld', '/blog-details/3', '/fr/blog-details/3', '/404', '/fr/404'];

function input(pages: CheckPage[], texts: Record<string, string>, over: Partial<CheckInput> = {}): CheckInput {
  const all = new Map(Object.entries({ [FAQS_FR]: 'title: FAQ\ndescription: Réponses\n', 'content/pages/faqs.yaml': 'title: FAQs\ndescription: Answers\n', ...texts }));
  return {
    pages,
    siteDescription: 'Trillium Fleet is a Toronto fleet-telematics provider.',
    siteUrl: SITE,
    budgets: budgetsOf(undefined),
    // Like the preview's URL rule: /404 and /fr/404 are not files of their own (404.html answers them).
    resolves: (path) => ROUTES.filter((r) => !r.endsWith('/404')).includes(path) || path.startsWith('/assets/'),
    images: [],
    text: (file) => all.get(file),
    // Every French file with its English file, so no translation is an orphan. A record holds
    // its file's text (here all of it as the YAML text), as a loaded one does.
    records: [...new Set([...all.keys()].flatMap((f) => [f, f.replace(/^content\/fr\//, 'content/')]))].map((f) => ({ ...record(f), yamlText: all.get(f) ?? '' })),
    problems: [],
    ...over,
  };
}

/** Every other route, so a French counterpart exists for the English ones the pages link to. */
const others = () => ROUTES.filter((p) => p !== '/fr/faqs' && p !== '/faqs').map((path) => page({ path, key: path.replace(/^\/fr(?=\/|$)/, '') || '/', html: '', sources: [], description: 'x'.repeat(60) }));

describe('checks on French pages', () => {
  test('a broken link on a French page is located where the French file writes it (as the English path the build localizes)', () => {
    const checks = runChecks(input([page({ html: '<a href="/fr/team">Équipe</a>' }), ...others()], {
      'content/fr/navigation.yaml': 'menus:\n  - links:\n      - label: Équipe\n        href: /team\n',
    }));
    expect(checks).toEqual([expect.objectContaining({ code: 'broken-link', file: 'content/fr/navigation.yaml', line: 4, column: 15, message: 'link "/fr/team" goes to a page that does not exist', pages: ['/fr/faqs'] })]);
  });

  test("the 404 pages' language links (to the other language's 404 page, which the URL rule answers with that page) are not broken links", () => {
    const notFound = (path: string, other: string) => page({ path, key: '/404', html: `<a href="${other}" hreflang="x">x</a>`, sources: ['content/pages/not-found.yaml'] });
    expect(runChecks(input([notFound('/404', '/fr/404'), notFound('/fr/404', '/404'), ...others().filter((p) => !p.path.endsWith('404'))], { 'content/pages/not-found.yaml': 'title: x\ndescription: Not found\n' })).filter((c) => c.code === 'broken-link')).toEqual([]);
  });

  test('an image without alt text on a French page is located in the French file', () => {
    const checks = runChecks(input([page({ html: '<img src="/assets/img/blog/eld-AbCdE12345.svg">' }), ...others()], {
      [FAQS_FR]: 'title: FAQ\ndescription: Réponses\nhero:\n  image: images/blog/eld.svg\n',
    }));
    expect(checks).toEqual([expect.objectContaining({ code: 'missing-alt', file: FAQS_FR, line: 4, column: 10, pages: ['/fr/faqs'] })]);
  });

  test('a French page without a description of its own is located in the French file; a page falling back to English shares its warning', () => {
    const frPost = page({ path: '/fr/blog-details/3', key: '/blog-details/3', sources: [POST_FR], description: 'x', ownDescription: false, html: '' });
    const fallback = (path: string) => page({ path, key: '/blog-details/3', sources: [POST], description: 'A subheading', ownDescription: false, html: '' });
    const checks = runChecks(input([frPost, fallback('/blog-details/3'), fallback('/fr/blog-details/3')], { [POST_FR]: '---\ntitle: x\n---\n', [POST]: '---\ntitle: x\n---\n' }, { resolves: undefined }));
    expect(checks.map((c) => [c.code, c.file, c.pages])).toEqual([
      ['missing-description', POST, ['/blog-details/3', '/fr/blog-details/3']],
      ['missing-description', POST_FR, ['/fr/blog-details/3']],
    ]);
  });

  test("a French page is held to its English page's JavaScript budget, and both are one warning; a budget written for a French path is named", () => {
    const career = (path: string) => page({ path, key: '/career', sources: ['content/pages/career.yaml'], js: 134 * 1024, islands: ['JobBoard'], html: '' });
    const budgets = budgetsOf({ pages: { '/career': { javascriptKB: 135 }, '/fr/contact-us': { javascriptKB: 135 } } });
    const within = runChecks(input([career('/career'), career('/fr/career')], { 'content/site.yaml': 'budgets:\n  pages:\n    /career: { javascriptKB: 135 }\n    /fr/contact-us: { javascriptKB: 135 }\n' }, { budgets, resolves: undefined, records: [{ ...record('content/site.yaml'), collection: 'site' }] }));
    expect(within.filter((c) => c.code === 'js-budget')).toEqual([]);
    expect(within.filter((c) => c.code === 'unknown-budget-page')).toEqual([expect.objectContaining({ line: 4, message: 'budget for /fr/contact-us: a budget names a page by its English path and holds in every language', hint: 'write /contact-us instead' })]);
    const over = runChecks(input([career('/career'), career('/fr/career')], {}, { resolves: undefined }));
    expect(over.filter((c) => c.code === 'js-budget').map((c) => c.pages)).toEqual([['/career', '/fr/career']]);
  });
});

describe('a French page linking to an English page', () => {
  test("the site's full address in French copy is located at the line and column it is written, with the path to write instead", () => {
    const body = '---\ntitle: DCE\n---\nVoir [notre solution DCE](https://www.trilliumfleet.example/solutions/eld#prix).\n';
    const frPost = page({ path: '/fr/blog-details/3', key: '/blog-details/3', sources: [POST_FR], html: '<a href="https://www.trilliumfleet.example/solutions/eld#prix">notre solution DCE</a>' });
    const checks = runChecks(input([frPost, ...others()], { [POST_FR]: body }));
    expect(checks).toEqual([{
      file: POST_FR, line: 4, column: 27, path: '',
      code: 'link-to-english', severity: 'warning',
      message: 'link "https://www.trilliumfleet.example/solutions/eld#prix" on a French page goes to the English page; the French one is /fr/solutions/eld#prix',
      hint: 'write the path /solutions/eld#prix instead of the full address: on a French page it becomes /fr/solutions/eld#prix',
      pages: ['/fr/blog-details/3'],
    }]);
    // `site build` and `site validate` keep no pages: the same warning comes from the copy alone.
    const fromCopy = runChecks(input([{ ...frPost, html: undefined }, ...others()], { [POST_FR]: body }, { resolves: undefined }));
    expect(fromCopy).toEqual(checks);
  });

  test('the {url} placeholder (which the build fills with the address) followed by a page path is the same warning, where {url} is written', () => {
    const body = '---\ntitle: DCE\n---\nVoir [DCE]({url}/solutions/eld).\n';
    const frPost = page({ path: '/fr/blog-details/3', key: '/blog-details/3', sources: [POST_FR], html: '<a href="https://www.trilliumfleet.example/solutions/eld">DCE</a>' });
    const rendered = runChecks(input([frPost, ...others()], { [POST_FR]: body }));
    expect(rendered.map((c) => [c.code, c.file, c.line, c.column, c.pages])).toEqual([['link-to-english', POST_FR, 4, 12, ['/fr/blog-details/3']]]);
    expect(rendered[0]!.hint).toBe('write the path /solutions/eld instead of the full address: on a French page it becomes /fr/solutions/eld');
    expect(runChecks(input([{ ...frPost, html: undefined }, ...others()], { [POST_FR]: body }, { resolves: undefined }))).toEqual(rendered);
  });

  test("a file whose loaded text holds neither the site's address nor {url} is not read again; one that does is", () => {
    const body = '---\ntitle: DCE\n---\nVoir [DCE]({url}/solutions/eld).\n';
    const frPost = page({ path: '/fr/blog-details/3', key: '/blog-details/3', sources: [POST_FR], html: undefined });
    const base = input([frPost, ...others()], { [POST_FR]: body }, { resolves: undefined });
    const read: string[] = [];
    const counted = { ...base, text: (file: string) => (read.push(file), base.text(file)) };
    expect(runChecks(counted).map((c) => [c.code, c.file, c.line, c.column])).toEqual([['link-to-english', POST_FR, 4, 12]]);
    expect(read).toEqual([POST_FR]);
    // The same file, loaded without the link: nothing is read, nothing is reported.
    read.length = 0;
    const plain = { ...counted, records: counted.records.map((r) => (r.file === POST_FR ? { ...r, yamlText: 'title: DCE', body: 'Voir la page.\n' } : r)) };
    expect(runChecks(plain).filter((c) => c.code === 'link-to-english')).toEqual([]);
    expect(read).toEqual([]);
  });

  test('a link a template writes in English (no language prefix) is reported at the page file, for a developer', () => {
    const html = '<a class="tag" href="/blogs?category=eld">DCE</a><a href="/fr/blogs?category=eld">ok</a>';
    const checks = runChecks(input([page({ html }), page({ path: '/fr/blog-details/3', key: '/blog-details/3', sources: [POST_FR], html }), ...others(), page({ path: '/fr/blogs', key: '/blogs', html: '', sources: [] }), english({ path: '/blogs', key: '/blogs', html: '', sources: [] })], { [POST_FR]: '---\ntitle: x\n---\n' }, { resolves: () => true }));
    expect(checks).toEqual([expect.objectContaining({
      code: 'link-to-english', file: FAQS_FR, line: 1, column: 1,
      message: 'link "/blogs?category=eld" on a French page goes to the English page; the French one is /fr/blogs?category=eld',
      hint: expect.stringContaining('a template writes this link without the page\'s language'),
      pages: ['/fr/faqs', '/fr/blog-details/3'],
    })]);
  });

  test('the language switch (hreflang), English pages, links without a French page, and other sites are not reported', () => {
    const html = [
      '<a class="info-strip__language" href="/faqs" hrefLang="en-CA" lang="en-CA">English</a>',
      '<a href="/assets/guide.pdf">PDF</a>', '<a href="/feed.xml">flux</a>', '<a href="/coming-soon">bientôt</a>',
      '<a href="https://www.facebook.com/trilliumfleet.example">Facebook</a>', '<a href="mailto:info@trilliumfleet.example">courriel</a>',
      '<a href="https://www.trilliumfleet.example/fr/solutions/eld">DCE</a>', '<a href="/fr/solutions/eld">DCE</a>',
    ].join('');
    const checks = runChecks(input([page({ html }), english({ html: '<a href="/solutions/eld">ELD</a><a href="https://www.trilliumfleet.example/faqs">FAQ</a>' }), ...others()], {}, { resolves: () => true }));
    expect(checks).toEqual([]);
  });

  test('the full address in an English file a French page falls back to is reported there; in English copy alone it is not', () => {
    const text = 'title: FAQs\ndescription: Answers\nintro: "See [ELD](https://www.trilliumfleet.example/solutions/eld)."\n';
    const html = '<a href="https://www.trilliumfleet.example/solutions/eld">ELD</a>';
    const fallback = runChecks(input([english({ html }), page({ sources: ['content/pages/faqs.yaml'], html }), ...others()], { 'content/pages/faqs.yaml': text }));
    expect(fallback.map((c) => [c.code, c.file, c.line, c.column, c.pages])).toEqual([['link-to-english', 'content/pages/faqs.yaml', 3, 19, ['/fr/faqs']]]);
    const englishOnly = runChecks(input([english({ html }), page({ html: '' }), ...others()], { 'content/pages/faqs.yaml': text }));
    expect(englishOnly).toEqual([]);
  });
});
