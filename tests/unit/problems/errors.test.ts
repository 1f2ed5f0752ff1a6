import { describe, expect, test } from 'vitest';
import { catalogue, problem, type Code } from '../../../generator/problems/errors.ts';
import { formatProblem } from '../../../generator/problems/problems.ts';
import { editDistance, nearestName, nearestPath, nearestRoute } from '../../../generator/problems/suggest.ts';

const at = { file: 'content/x.yaml', line: 3, column: 5, path: 'field' };

/** One sample per catalogue entry: its arguments, and the message and hint they must give. */
const samples: { [C in Code]: [args: unknown, message: string, hint: string] } = {
  'front-matter-missing': [undefined, 'front matter is missing', 'start the file with a line "---", the YAML fields, and another "---"'],
  'front-matter-language': [{ first: '---js' }, 'front matter must start with a line of exactly ---, not "---js"', 'make the first line ---: a word after it would choose another language than YAML, and front matter is data, never code'],
  'front-matter-unclosed': [undefined, 'front matter is not closed', 'add a line of exactly --- after the YAML fields, before the text'],
  'yaml-tab': [{ line: 7, others: [8, 9] }, 'YAML indentation must use spaces; line 7 has a tab', 'replace the tab with spaces (also on lines 8, 9)'],
  'yaml-duplicate-key': [{ key: 'title' }, '"title" is written twice in the same object', 'keep one of them'],
  'yaml-syntax': [{ detail: 'Nested mappings are not allowed in compact mappings' }, 'YAML syntax: Nested mappings are not allowed in compact mappings', 'check this line and the one before: indent with spaces, and quote a value that holds ": " or starts with a special character'],
  'symbolic-link': [{ subject: 'image "images/a.svg"', link: 'content/images' }, 'image "images/a.svg" is a symbolic link (content/images)', 'content/ holds real files and folders only: replace the link with a copy of what it points to'],
  'not-a-regular-file': [undefined, 'is not a regular file or folder', 'content/ holds real files and folders only'],
  'file-too-large': [{ size: '3,072 MB', limit: '4 MB' }, 'is 3,072 MB, more than a content file may hold (4 MB); it was not read', 'a page or post is text of a few KB: check that this is the file you meant, and keep data, images and video out of content files'],
  'path-outside-content': [{ subject: 'image "../x.svg"', reason: 'has a ".." segment, which would leave its folder' }, 'image "../x.svg" has a ".." segment, which would leave its folder', 'write the path from content/, e.g. images/blog/photo.svg'],
  'missing-file': [{ what: 'the copy of a page the site needs' }, 'file is missing', 'create it: it holds the copy of a page the site needs'],
  'unknown-page-file': [{ name: 'hom.yaml', suggestion: 'home.yaml', known: ['home.yaml'] }, 'is not a page of the site: no template shows hom.yaml', 'did you mean home.yaml?'],
  'missing-field': [{ field: 'title', description: 'The question.' }, 'is missing', 'add title: (The question)'],
  'unknown-field': [{ suggestion: 'subheading', allowed: ['title', 'subheading'] }, 'is not a known field', 'did you mean subheading?'],
  'wrong-type': [{ value: 'thirty', expected: 'number' }, '"thirty" is a string, expected a number', 'write digits only, without quotes, e.g. 30'],
  'not-a-date': [{ value: '2024-13-01' }, '"2024-13-01" is not a date', 'write YYYY-MM-DD, e.g. 2024-03-24'],
  'not-an-email': [{ value: 'info@' }, '"info@" is not an e-mail address', 'write an address like name@example.com'],
  'not-a-url': [{ value: 'www.x.ca' }, '"www.x.ca" is not an absolute URL', 'write the whole address, starting with https://'],
  'not-allowed': [{ value: 4, allowed: [3, 5] }, '4 is not allowed', 'expected one of: 3, 5'],
  'wrong-form': [{ value: 'ELD', form: 'a category slug from blog-categories.yaml.' }, '"ELD" is not in the expected form', 'expected a category slug from blog-categories.yaml'],
  empty: [undefined, 'is empty', 'write some text'],
  'too-short': [{ length: 4, limit: 10 }, 'is 4 characters long', 'write at least 10'],
  'too-long': [{ length: 180, limit: 170 }, 'is 180 characters long', 'shorten it to at most 170'],
  'out-of-range': [{ value: 0, limit: 1, side: 'minimum' }, '0 is below the minimum 1', 'use a number from 1'],
  'item-count': [{ count: 3, limit: 4, side: 'minimum' }, 'has 3 items', 'at least 4 expected'],
  'needs-field': [{ needed: 'imageAlt' }, 'needs "imageAlt" next to it', 'add imageAlt: beside it, or remove this field'],
  'invalid-value': [{ detail: 'must be valid' }, 'must be valid', "see the field's description in its schema (generator/schemas/)"],
  'missing-image': [{ value: 'images/blog/eld-complance.svg', suggestion: 'images/blog/eld-compliance.svg' }, 'image "images/blog/eld-complance.svg" does not exist', 'did you mean images/blog/eld-compliance.svg?'],
  'empty-body': [undefined, 'has no text below its front matter', "write the page's text after the closing --- line (a post still being written can be a draft: draft: true)"],
  'body-top-heading': [undefined, "is a top heading (#), like the page's title", "the title is the page's one top heading: start the text's sections at ## (## 1. First section)"],
  'control-character': [{ code: 'U+0001' }, 'holds an invisible control character (U+0001)', 'delete it (it comes along with text pasted from some programs): feeds, social cards and search engines cannot carry it'],
  'yaml-aliases': [{ limit: 100000 }, 'its aliases (*name), written out, would be more than 100,000 values', 'write the values out where they are used, or repeat a smaller anchor'],
  'image-too-many-pixels': [{ value: 'images/blog/pano.png' }, 'image "images/blog/pano.png" has more pixels than the build will decode (268 million: the guard against an image that unpacks into gigabytes)', 'resize it to at most 4,000 px on its long side: the site delivers photos at most 1,920 px wide'],
  'svg-active': [{ what: 'a script (<script>)' }, 'this SVG holds a script (<script>); an image of the site is a drawing only', 'export it again as a plain SVG (no scripts, links, embedded HTML or files from elsewhere), or delete that part in a text editor'],
  'link-with-language': [{ target: '/fr/terms-conditions', path: '/terms-conditions' }, 'link "/fr/terms-conditions" names a page in one language', "write /terms-conditions: content names a page by its English path, and each language's pages link to their own language by themselves"],
  'remote-image': [{ value: 'https://cdn.example.com/truck.jpg' }, 'image "https://cdn.example.com/truck.jpg" is not a file under content/images/', "save the image under content/images/ and write its path, e.g. images/blog/photo.jpg (pages show no image from another server: the site's security policy blocks them, and each view would tell that server who reads the page)"],
  'inline-image': [{ value: 'images/a.svg' }, 'image "images/a.svg" is in a one-paragraph field', 'this field shows text and links only: remove the image, or put it in a field of the page that takes images'],
  'missing-alt': [{ image: 'images/a.svg', inMarkdown: true }, 'image "images/a.svg" has no alt text', 'write what it shows inside ![...]'],
  'image-unsupported': [{ value: 'images/blog/yard.heic', format: 'HEIC' }, 'image "images/blog/yard.heic" is in a format the site cannot deliver (HEIC)', 'save it as JPEG (photos), PNG (screenshots, transparency), WebP or AVIF, or as SVG for drawings'],
  'image-corrupt': [{ value: 'images/blog/yard.jpg', detail: 'VipsJpeg: Premature end of input file\nmore' }, 'image "images/blog/yard.jpg" cannot be decoded (VipsJpeg: Premature end of input file)', 'the file is damaged or incomplete: export or copy it again from the original'],
  'image-too-small': [{ value: 'images/team/jane.jpg', width: 300, largestUse: 440 }, 'image "images/team/jane.jpg" is 300 px wide but is shown up to 440 px wide (on sharp screens), so it looks blurry', "use a source at least 440 px wide (the camera's original, not a thumbnail)"],
  'unknown-category': [{ value: 'ELD', suggestion: 'eld', known: ['eld', 'technology'] }, '"ELD" is not a category', 'did you mean eld?'],
  'unknown-job-category': [{ value: 'Operation', suggestion: 'Operations', known: ['Engineering', 'Operations'] }, '"Operation" is not a job category', 'did you mean Operations?'],
  'link-not-live': [{ target: '/blog-details/12', why: 'publishes Mon 7 Dec 2026 06:00 Toronto time', scheduled: true }, 'link "/blog-details/12" goes to a page that publishes Mon 7 Dec 2026 06:00 Toronto time', 'link to it once it is on the site, or give this item the same publishAt'],
  'invalid-moment': [{ value: '2026-02-30', field: 'publishAt' }, 'publishAt "2026-02-30" is not a date and time that exists', "write a real date, e.g. 2026-12-07, or a date and a 24-hour time, e.g. 2026-12-07 06:00 (in the site's time zone, site.yaml timeZone)"],
  'expires-before-publish': [{ publishAt: '2026-12-07', expiresAt: '2026-12-01' }, 'expiresAt 2026-12-01 is not after publishAt 2026-12-07', 'make expiresAt later than publishAt, or remove one of them'],
  'unknown-time-zone': [{ value: 'Toronto' }, '"Toronto" is not a time zone', 'write an IANA time zone name, e.g. America/Toronto or America/Vancouver'],
  'url-no-longer-built': [{ url: '/blog-details/9', proposal: '"- from: /blog-details/9" with "to: /blogs"' }, '/blog-details/9 was published and is no longer built: visitors, search engines and old links would get a 404', 'say in content/redirects.yaml where it went: "- from: /blog-details/9" with "to: /blogs"'],
  'url-record-out-of-date': [{ count: 1, first: '/blog-details/3' }, 'content/published-urls.txt did not list /blog-details/3, which this site publishes or has scheduled', 'the build has added them: commit content/published-urls.txt with the content'],
  'redirect-from-live-page': [{ from: '/blogs' }, '/blogs is redirected, but the site still builds that page', 'remove this redirect, or remove the page it would hide'],
  'redirect-target-missing': [{ to: '/faq', suggestion: '/faqs' }, 'redirect to "/faq", a page the site does not build', 'did you mean /faqs?'],
  'redirect-chain': [{ to: '/b', final: '/blogs' }, 'redirect to /b, which is itself redirected', 'send it straight to /blogs: every hop costs the visitor a round trip'],
  'redirect-repeated': [{ from: '/x', line: 4 }, '/x is redirected twice', 'keep one of the two entries (the other is on line 4)'],
  'redirect-needs-target': [{ from: '/x' }, 'the redirect of /x says neither where it went nor that it is gone', 'add to: /a-page-of-the-site (301), or gone: true (410)'],
  'url-rule-too-big': [{ bytes: 12000, count: 200 }, "the 200 redirects make the URL rule 12,000 bytes, over CloudFront Functions' 10,240", 'remove redirects nobody follows any more (old campaign pages), or send several old pages to one with a shorter list'],
  'broken-link': [{ target: '/faq', suggestion: '/faqs' }, 'link "/faq" goes to a page that does not exist', 'did you mean /faqs?'],
  'not-a-site-path': [{ value: 'faqs' }, '"faqs" is not a path on this site', 'start it with /, e.g. /contact-us'],
  'not-a-link': [{ value: 'www.x.ca' }, '"www.x.ca" is not a link', 'write a path like /contact-us, an https:// URL, mailto: or tel:'],
  'duplicate-id': [{ label: 'post id', value: 1, file: 'content/blog/a.md', next: '32' }, 'post id 1 is also used by content/blog/a.md', 'change one of them to the next free one, 32'],
  'duplicate-order': [{ value: 3, file: 'content/faqs/03-a.yaml', next: 15 }, '3 is also the order of content/faqs/03-a.yaml', 'change one of them to the next free order, 15'],
  'still-to-write': [{ what: 'the question, as a visitor asks it.' }, 'still to write: the question, as a visitor asks it', 'replace the TODO: marker with the text'],
  'page-not-rendered': [{ route: '/faqs', template: 'Faqs', lists: ['faqs'], reason: 'x is undefined' }, 'page /faqs (template Faqs) could not be made from this file and the faqs it lists: x is undefined', 'check the fields this page shows; if they are right, report it as a bug in the template'],
  'unknown-placeholder': [{ token: '{phnoe}', suggestion: 'phone', fills: [], facts: ['phone'] }, '{phnoe} is not a placeholder', 'did you mean {phone}?'],
  'unknown-menu': [{ value: 'solution', suggestion: 'solutions', known: ['solutions'] }, '"solution" is not a menu', 'did you mean "solutions"?'],
  'footer-column-source': [{ both: true }, 'has both links and menu', "keep one: menu: <a menu id> to list that menu's links, or links: to write them here"],
  'js-budget': [{ bytes: 133530, budget: 130 * 1024, islands: ['CareerJobs', 'LifeSlider'] }, 'page loads 130.4 KB of JavaScript (gzip), over its 130 KB budget', "each interactive part adds script (CareerJobs, LifeSlider): drop a section, ask a developer to slim one, or raise the page's budget in content/site.yaml (budgets.pages) saying why"],
  'missing-description': [{ why: 'borrowed' }, 'page has no description of its own (its subheading stands in)', 'write a description: (50–170 characters) saying what this page offers; search results show it'],
  'heavy-image': [{ bytes: 400 * 1024, limit: 300 * 1024 }, 'image is 400 KB, over the 300 KB limit', 'export it smaller (about twice its displayed width) or as WebP/JPEG at quality 80'],
  'fact-literal': [{ found: '(416) 555-0142', fact: 'the phone number', placeholder: 'phone' }, '"(416) 555-0142" is the phone number from content/site.yaml, typed out', 'write {phone} instead: a copy keeps the old text when site.yaml changes'],
  'unknown-budget-page': [{ page: '/carer', suggestion: '/career' }, 'budget for /carer, which is not a page of the site', 'did you mean /career?'],
  'link-to-english': [{ target: 'https://www.trilliumfleet.example/solutions/eld', language: 'French', counterpart: '/fr/solutions/eld', path: '/solutions/eld', written: 'content' }, 'link "https://www.trilliumfleet.example/solutions/eld" on a French page goes to the English page; the French one is /fr/solutions/eld', 'write the path /solutions/eld instead of the full address: on a French page it becomes /fr/solutions/eld'],
  'shared-file-translated': [{ shared: 'site.yaml' }, 'site.yaml is shared by every language and is not translated', 'remove this file: the site reads content/site.yaml for every language'],
  'source-hash-missing': [{ source: 'content/blog/a.md', stamp: 'site translate stamp content/fr/blog/a.md' }, 'sourceHash is missing: which version of content/blog/a.md does this translate?', 'once it translates the current English file, run site translate stamp content/fr/blog/a.md (it adds sourceHash:)'],
  'source-hash-invalid': [{ value: 'abc', stamp: 'site translate stamp content/fr/blog/a.md' }, 'sourceHash "abc" is not 16 lowercase hex digits', 'do not write it by hand: run site translate stamp content/fr/blog/a.md once this translates the current English file'],
  'translation-missing': [{ source: 'content/blog/a.md', start: 'site translate start content/blog/a.md' }, 'no French copy of content/blog/a.md; its pages fall back to English', 'run site translate start content/blog/a.md and translate the fields marked TODO'],
  'translation-outdated': [{ source: 'content/blog/a.md', stamp: 'site translate stamp content/fr/blog/a.md' }, "content/blog/a.md changed since this was translated (its sourceHash is not the current English file's)", 'bring the translation up to date with content/blog/a.md (git diff shows what changed), then run site translate stamp content/fr/blog/a.md'],
  'phone-mismatch': [{ display: '(416) 555-0199', tel: '+14165550142' }, '"(416) 555-0199" is not the number phone.tel dials (+14165550142)', 'write the same number in both: display as people read it, tel as +1 and its ten digits'],
  'heavy-source-image': [{ value: 'images/blog/yard.jpg', size: '12 MB', limit: '5 MB' }, 'image "images/blog/yard.jpg" is 12 MB, more than 5 MB of source photo in the repository', 'export it at most 4,000 px on its long side, as JPEG at quality 85 (a few MB): the site delivers photos at most 1,920 px wide, and every clone keeps every version of the file'],
  'translation-orphan': [{ source: 'content/blog/a.md' }, 'translates content/blog/a.md, which does not exist', 'delete it, or rename it after the English file it translates (content/fr/ mirrors content/)'],
};

const WARNINGS: Code[] = ['url-no-longer-built', 'url-record-out-of-date', 'js-budget', 'missing-description', 'heavy-image', 'image-too-small', 'heavy-source-image', 'fact-literal', 'unknown-budget-page', 'link-to-english', 'translation-missing', 'translation-outdated', 'translation-orphan'];

describe('the error catalogue', () => {
  test('every entry has a sample here (a new kind of problem comes with its words tested)', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(catalogue).sort());
  });

  test.each(Object.entries(samples) as [Code, [unknown, string, string]][])('%s: its message and hint', (code, [args, message, hint]) => {
    const p = (problem as (c: Code, a: typeof at, x?: unknown) => ReturnType<typeof problem>)(code, at, args);
    expect(p).toEqual({ ...at, code, severity: WARNINGS.includes(code) ? 'warning' : 'error', message, hint });
    // The terminal's line is the same words: where, field, message; hint.
    expect(formatProblem(p)).toBe(`content/x.yaml:3:5  field: ${message}; ${hint}`);
  });

  test('a hint without a near name says what is expected instead', () => {
    expect(problem('unknown-field', at, { allowed: ['order', 'title', 'content'] }).hint).toBe('expected one of: order, title, content');
    expect(problem('broken-link', at, { target: '/team' }).hint).toBe('link to an existing page (the Pages list of /_admin shows them all) or remove the link');
    expect(problem('missing-image', at, { value: 'images/blog/x.svg' }).hint).toBe('add the file under content/images/blog/ or fix the path');
    expect(problem('unknown-category', at, { value: 'fleet', known: ['eld', 'technology'] }).hint).toBe('expected one of: eld, technology (content/blog-categories.yaml)');
  });
});

describe('nearest names', () => {
  test('a swap of two letters is one edit, as is a letter missing', () => {
    expect(editDistance('tilte', 'title')).toBe(1);
    expect(editDistance('subheadng', 'subheading')).toBe(1);
    expect(editDistance('eld', 'eld')).toBe(0);
  });

  test('subheadng → subheading; ELD → eld (case does not count); nothing near → no guess', () => {
    expect(nearestName('subheadng', ['title', 'subheading', 'description'])).toBe('subheading');
    expect(nearestName('ELD', ['eld', 'technology', 'industry'])).toBe('eld');
    expect(nearestName('answer', ['order', 'title', 'content'])).toBeUndefined();
  });

  test('an image path: a typo, or the right name in another folder', () => {
    const images = ['images/blog/eld-compliance.svg', 'images/blog/ai-fleet.svg', 'images/icons/eld.svg'];
    expect(nearestPath('images/blog/eld-complance.svg', images)).toBe('images/blog/eld-compliance.svg');
    expect(nearestPath('images/eld-compliance.svg', images)).toBe('images/blog/eld-compliance.svg');
    expect(nearestPath('images/blog/photo.png', images)).toBeUndefined();
  });

  test('a route: a typo, or a page whose path continues the link; /404 is never suggested', () => {
    const routes = ['/', '/faqs', '/contact-us', '/solutions', '/solutions/eld', '/404'];
    expect(nearestRoute('/faq', routes)).toBe('/faqs');
    expect(nearestRoute('/contact', routes)).toBe('/contact-us');
    expect(nearestRoute('/solutions/ead', routes)).toBe('/solutions/eld');
    expect(nearestRoute('/team', routes)).toBeUndefined();
    expect(nearestRoute('/40', routes)).toBeUndefined();
  });
});
