import { describe, expect, test } from 'vitest';
import { BUDGETS, runChecks, splitFix, type CheckInput, type CheckPage } from '../../generator/preview/admin/checks.ts';

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

const input = (over: Partial<CheckInput> = {}): CheckInput => ({
  pages: [page()],
  siteDescription: 'Trillium Fleet is a Toronto fleet-telematics provider.',
  resolves: (path) => ['/', '/faqs', '/blogs', '/contact-us'].includes(path) || path.startsWith('/assets/'),
  images: [],
  texts: new Map([['content/pages/faqs.yaml', 'title: FAQs\ndescription: Answers\n']]),
  problems: [],
  ...over,
});

describe('admin checks', () => {
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
      kind: 'broken-link',
      file: 'content/navigation.yaml',
      line: 4,
      column: 15,
      message: 'link "/team?tab=1" goes to a page that does not exist',
      fix: expect.stringContaining('existing page'),
      pages: ['/faqs', '/blogs'],
    }]);
  });

  test('a link written nowhere in content (a template) is reported at the page file', () => {
    const [check] = runChecks(input({ pages: [page({ html: '<a href="/nowhere">x</a>' })] }));
    expect(check).toMatchObject({ kind: 'broken-link', file: 'content/pages/faqs.yaml', line: 1, column: 1 });
  });

  test('an image without an alt attribute is reported with its content path; alt="" (decorative) is not', () => {
    const html = '<img src="/assets/img/blog/eld-AbCdE12345.svg" width="1" height="1"><img alt="" src="/assets/img/x-AbCdE12345.svg"><img alt="A truck" src="/assets/img/y-AbCdE12345.svg">';
    const checks = runChecks(input({
      pages: [page({ html })],
      texts: new Map([['content/pages/faqs.yaml', 'title: FAQs\ndescription: Answers\nhero:\n  image: images/blog/eld.svg\n']]),
    }));
    expect(checks).toEqual([expect.objectContaining({ kind: 'missing-alt', file: 'content/pages/faqs.yaml', line: 4, column: 10, message: 'image "images/blog/eld.svg" has no alt text' })]);
  });

  test('images over 300 KB are reported at the image file with the pages that show them', () => {
    const checks = runChecks(input({
      pages: [page({ html: '<img alt="Map" src="/assets/img/maps/toronto-AbCdE12345.png">' }), page({ path: '/blogs', sources: [] })],
      images: [
        { file: 'content/images/maps/toronto.png', rel: 'images/maps/toronto.png', bytes: 420 * 1024 },
        { file: 'content/images/small.png', rel: 'images/small.png', bytes: BUDGETS.imageBytes },
      ],
    }));
    expect(checks).toEqual([expect.objectContaining({ kind: 'heavy-image', file: 'content/images/maps/toronto.png', message: 'image is 420.0 KB, over the 300 KB limit', pages: ['/faqs'] })]);
  });

  test('a page over the JavaScript budget names its interactive parts', () => {
    const checks = runChecks(input({ pages: [page({ js: BUDGETS.jsGzip + 2048, islands: ['LeadForm', 'MapEmbed'] }), page({ path: '/blogs', js: BUDGETS.jsGzip })] }));
    expect(checks).toEqual([expect.objectContaining({
      kind: 'js-budget',
      file: 'content/pages/faqs.yaml',
      message: 'page loads 132.0 KB of JavaScript (gzip), over the 130 KB budget',
      fix: expect.stringContaining('LeadForm, MapEmbed'),
      pages: ['/faqs'],
    })]);
  });

  test('a description that is empty, the site default, or borrowed is missing', () => {
    const site = 'Trillium Fleet is a Toronto fleet-telematics provider.';
    const checks = runChecks(input({
      pages: [
        page({ description: '  ' }),
        page({ path: '/blogs', sources: ['content/pages/blogs.yaml'], description: site }),
        page({ path: '/blog-details/3', sources: ['content/blog/eld.md'], ownDescription: false, description: 'The subheading' }),
      ],
      texts: new Map([['content/pages/blogs.yaml', 'title: Blogs\ndescription: x\n'], ['content/blog/eld.md', '---\nid: 3\n']]),
    }));
    expect(checks.map((c) => [c.file, c.line, c.message])).toEqual([
      ['content/blog/eld.md', 1, 'page has no description of its own (its subheading stands in)'],
      ['content/pages/blogs.yaml', 2, "page uses the site's default description"],
      ['content/pages/faqs.yaml', 1, 'page has no description'],
    ]);
  });

  test("the validator's broken-link and missing-alt problems become checks; other problems do not", () => {
    const checks = runChecks(input({
      problems: [
        { file: 'content/navigation.yaml', line: 51, column: 37, path: 'menus[2].links[0].href', message: 'link "/team" goes to a page that does not exist; expected a route such as /faqs' },
        { file: 'content/blog/eld.md', line: 12, column: 1, path: 'body', message: 'image "images/x.svg" has no alt text; write what it shows inside ![...]' },
        { file: 'content/team/01-a.yaml', line: 3, column: 1, path: 'photoAlt', message: 'is missing; it is required' },
        { file: 'content/blog/eld.md', line: 4, column: 7, path: 'date', message: '"2024-13-01" is not a date (YYYY-MM-DD, e.g. 2024-03-24)' },
      ],
    }));
    expect(checks.map((c) => [c.kind, c.file, c.line, c.message, c.fix])).toEqual([
      ['broken-link', 'content/navigation.yaml', 51, 'menus[2].links[0].href: link "/team" goes to a page that does not exist', 'expected a route such as /faqs'],
      ['missing-alt', 'content/blog/eld.md', 12, 'body: image "images/x.svg" has no alt text', 'write what it shows inside ![...]'],
      ['missing-alt', 'content/team/01-a.yaml', 3, 'photoAlt: is missing', 'it is required'],
    ]);
  });

  test('checks are ordered by kind and a link broken on many pages is one check', () => {
    const html = '<a href="/gone">x</a><a href="/gone">again</a>';
    const checks = runChecks(input({ pages: [page({ html, description: '', js: BUDGETS.jsGzip + 1 }), page({ path: '/blogs', html })] }));
    expect(checks.map((c) => c.kind)).toEqual(['broken-link', 'js-budget', 'missing-description']);
    expect(checks[0]!.pages).toEqual(['/faqs', '/blogs']);
  });

  test('splitFix separates what is wrong from what to do', () => {
    expect(splitFix('link "/x" goes nowhere; expected a route such as /faqs')).toEqual({ what: 'link "/x" goes nowhere', fix: 'expected a route such as /faqs' });
    expect(splitFix('"2024-13-01" is not a date (YYYY-MM-DD, e.g. 2024-03-24)')).toEqual({ what: '"2024-13-01" is not a date', fix: 'YYYY-MM-DD, e.g. 2024-03-24' });
    expect(splitFix('is not valid')).toEqual({ what: 'is not valid', fix: '' });
  });
});
