import { describe, expect, test } from 'vitest';
import { budgetsOf, runChecks, type CheckInput, type CheckPage } from '../../../generator/checks/checks.ts';
import { problem } from '../../../generator/problems/errors.ts';
import { parseSource, type SourceRecord } from '../../../generator/content/load.ts';

const BUDGETS = budgetsOf(undefined);

const page = (over: Partial<CheckPage> = {}): CheckPage => ({
  path: '/faqs',
  html: '<html><body><a href="/">Home</a></body></html>',
  sources: ['content/pages/faqs.yaml'],
  description: 'Answers to the questions fleet managers ask most about tracking, ELD and data.',
  ownDescription: true,
  js: 1024,
  islands: [],
  ...over,
});

const record = (file: string, collection: SourceRecord['collection'] = 'pages'): SourceRecord =>
  ({ collection, file, relPath: file.replace(/^content\//, ''), slug: 'x', data: {}, yamlText: '', lineOffset: 0, problems: [] });

function input(over: Partial<CheckInput> & { texts?: Map<string, string> } = {}): CheckInput {
  const { texts = new Map([['content/pages/faqs.yaml', 'title: FAQs\ndescription: Answers\n']]), ...rest } = over;
  return {
    pages: [page()],
    siteDescription: 'Trillium Fleet is a Toronto fleet-telematics provider.',
    budgets: BUDGETS,
    resolves: (path) => ['/', '/faqs', '/blogs', '/contact-us'].includes(path) || path.startsWith('/assets/'),
    images: [],
    text: (file) => texts.get(file),
    records: [...texts.keys()].map((f) => record(f)),
    problems: [],
    ...rest,
  };
}

describe('warnings (generator/checks/checks.ts: site build, site validate and /_admin Checks)', () => {
  test('a clean site has nothing to fix', () => {
    expect(runChecks(input())).toEqual([]);
  });

  test('a rendered link to a missing page points at the line of the content file that writes it', () => {
    const html = '<a class="x" href="/team?tab=1">Team</a><a href="/contact-us#form">ok</a><a href="https://example.com/nope">ext</a><a href="//cdn.example/x">cdn</a>';
    const checks = runChecks(input({
      pages: [page({ html }), page({ path: '/blogs', html, sources: ['content/pages/blogs.yaml'] })],
      texts: new Map([
        ['content/pages/faqs.yaml', 'title: FAQs\ndescription: Answers\n'],
        ['content/navigation.yaml', 'menus:\n  - links:\n      - label: Team\n        href: /team?tab=1\n'],
      ]),
    }));
    expect(checks).toEqual([{
      file: 'content/navigation.yaml', line: 4, column: 15, path: '',
      code: 'broken-link', severity: 'warning',
      message: 'link "/team?tab=1" goes to a page that does not exist',
      hint: expect.stringContaining('existing page'),
      pages: ['/faqs', '/blogs'],
    }]);
  });

  test('a link written nowhere in content (a template) is reported at the page file', () => {
    const [check] = runChecks(input({ pages: [page({ html: '<a href="/nowhere">x</a>' })] }));
    expect(check).toMatchObject({ code: 'broken-link', file: 'content/pages/faqs.yaml', line: 1, column: 1 });
  });

  test('without the rendered pages (site build keeps none) the rendered-link checks do not run', () => {
    const checks = runChecks(input({ pages: [page({ html: undefined })], resolves: undefined }));
    expect(checks).toEqual([]);
  });

  test('an image without an alt attribute is reported with its content path; alt="" (decorative) is not', () => {
    const html = '<img src="/assets/img/blog/eld-AbCdE12345.svg" width="1" height="1"><img alt="" src="/assets/img/x-AbCdE12345.svg"><img alt="A truck" src="/assets/img/y-AbCdE12345.svg">';
    const checks = runChecks(input({
      pages: [page({ html })],
      texts: new Map([['content/pages/faqs.yaml', 'title: FAQs\ndescription: Answers\nhero:\n  image: images/blog/eld.svg\n']]),
    }));
    expect(checks).toEqual([expect.objectContaining({ code: 'missing-alt', file: 'content/pages/faqs.yaml', line: 4, column: 10, message: 'image "images/blog/eld.svg" has no alt text' })]);
  });

  test('images over the limit are reported at the image file with the pages that show them', () => {
    const checks = runChecks(input({
      pages: [page({ html: '<img alt="Map" src="/assets/img/maps/toronto-AbCdE12345.png">' }), page({ path: '/blogs', sources: [] })],
      images: [
        { file: 'content/images/maps/toronto.png', rel: 'images/maps/toronto.png', bytes: 420 * 1024 },
        { file: 'content/images/small.png', rel: 'images/small.png', bytes: BUDGETS.imageBytes },
      ],
    }));
    expect(checks).toEqual([expect.objectContaining({ code: 'heavy-image', severity: 'warning', file: 'content/images/maps/toronto.png', message: 'image is 420 KB, over the 300 KB limit', pages: ['/faqs'] })]);
  });

  test('a page over the JavaScript budget names its interactive parts', () => {
    const checks = runChecks(input({ pages: [page({ js: BUDGETS.jsGzip + 2048, islands: ['LeadForm', 'MapEmbed'] }), page({ path: '/blogs', js: BUDGETS.jsGzip })] }));
    expect(checks).toEqual([expect.objectContaining({
      code: 'js-budget',
      severity: 'warning',
      file: 'content/pages/faqs.yaml',
      message: 'page loads 132 KB of JavaScript (gzip), over its 130 KB budget',
      hint: expect.stringContaining('LeadForm, MapEmbed'),
      pages: ['/faqs'],
    })]);
  });

  test('a page with a budget of its own in site.yaml is held to it, and a budget for no page is named', () => {
    const budgets = budgetsOf({ javascriptKB: 130, pages: { '/faqs': { javascriptKB: 135 }, '/carer': { javascriptKB: 140 } } });
    const texts = new Map([['content/pages/faqs.yaml', 'title: FAQs\ndescription: Answers\n'], ['content/site.yaml', 'budgets:\n  pages:\n    /faqs: { javascriptKB: 135 }\n    /carer: { javascriptKB: 140 }\n']]);
    const over = (js: number) => runChecks({ ...input({ texts, pages: [page({ js }), page({ path: '/career', sources: ['content/pages/career.yaml'] })] }), budgets, records: [record('content/site.yaml', 'site'), record('content/pages/faqs.yaml')] });
    expect(over(133 * 1024).map((c) => c.code)).toEqual(['unknown-budget-page']);
    expect(over(133 * 1024)[0]).toMatchObject({ file: 'content/site.yaml', line: 4, column: 5, message: 'budget for /carer, which is not a page of the site', hint: 'did you mean /career?' });
    expect(over(136 * 1024).map((c) => [c.code, c.message])).toEqual([
      ['js-budget', 'page loads 136 KB of JavaScript (gzip), over its 135 KB budget'],
      ['unknown-budget-page', 'budget for /carer, which is not a page of the site'],
    ]);
  });

  test('a description that is empty, the site default, or borrowed is missing', () => {
    const site = 'Trillium Fleet is a Toronto fleet-telematics provider.';
    const checks = runChecks(input({
      pages: [
        page({ description: '  ' }),
        page({ path: '/blogs', sources: ['content/pages/blogs.yaml'], description: site }),
        page({ path: '/blog-details/3', sources: ['content/blog/eld.md'], ownDescription: false, description: 'The subheading' }),
      ],
      texts: new Map([['content/pages/faqs.yaml', 'title: FAQs\n'], ['content/pages/blogs.yaml', 'title: Blogs\ndescription: x\n'], ['content/blog/eld.md', '---\nid: 3\n']]),
      // As loaded: the warning points at the description key, found in the record (no file is read again).
      records: [parseSource('title: FAQs\n', 'content/pages/faqs.yaml', 'pages', 'pages/faqs.yaml'), parseSource('title: Blogs\ndescription: x\n', 'content/pages/blogs.yaml', 'pages', 'pages/blogs.yaml'), parseSource('---\nid: 3\n---\ndescription: a body line, not the field\n', 'content/blog/eld.md', 'blog', 'blog/eld.md')],
      text: () => { throw new Error('read a file again'); },
    }));
    expect(checks.map((c) => [c.file, c.line, c.message])).toEqual([
      ['content/blog/eld.md', 1, 'page has no description of its own (its subheading stands in)'],
      ['content/pages/blogs.yaml', 2, "page uses the site's default description"],
      ['content/pages/faqs.yaml', 1, 'page has no description'],
    ]);
  });

  test("the validator's broken-link and missing-alt problems are shown among the checks by their code; other problems are not", () => {
    const checks = runChecks(input({
      problems: [
        problem('broken-link', { file: 'content/navigation.yaml', line: 51, column: 37, path: 'menus[2].links[0].href' }, { target: '/faq', suggestion: '/faqs' }),
        problem('missing-alt', { file: 'content/blog/eld.md', line: 12, column: 1, path: 'body' }, { image: 'images/x.svg', inMarkdown: true }),
        problem('missing-field', { file: 'content/team/01-a.yaml', line: 3, column: 1, path: 'photoAlt' }, { field: 'photoAlt' }),
        problem('not-a-date', { file: 'content/blog/eld.md', line: 4, column: 7, path: 'date' }, { value: '2024-13-01' }),
      ],
    }));
    expect(checks.map((c) => [c.code, c.file, c.line, c.path, c.message, c.hint])).toEqual([
      ['broken-link', 'content/navigation.yaml', 51, 'menus[2].links[0].href', 'link "/faq" goes to a page that does not exist', 'did you mean /faqs?'],
      ['missing-alt', 'content/blog/eld.md', 12, 'body', 'image "images/x.svg" has no alt text', 'write what it shows inside ![...]'],
      ['missing-field', 'content/team/01-a.yaml', 3, 'photoAlt', 'is missing', 'add photoAlt:'],
    ]);
  });

  test('checks are ordered by kind and a link broken on many pages is one check', () => {
    const html = '<a href="/gone">x</a><a href="/gone">again</a>';
    const checks = runChecks(input({ pages: [page({ html, description: '', js: BUDGETS.jsGzip + 1 }), page({ path: '/blogs', html })] }));
    expect(checks.map((c) => c.code)).toEqual(['broken-link', 'js-budget', 'missing-description']);
    expect(checks[0]!.pages).toEqual(['/faqs', '/blogs']);
  });
});
