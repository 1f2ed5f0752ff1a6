// The catalogue of problems: every kind of mistake the generator reports about content has a
// stable code, a message (what is wrong) and a hint (what to do), written here once. The
// terminal, the preview's overlay and /_admin all print these words (message, then hint); none
// of them parses a message. A new kind of problem is a new entry here, never a literal string
// at the place that finds it. Also here: the errors a person fixes outside content (UserError),
// each with the exit code the CLI ends with.
export type Severity = 'error' | 'warning';

/** One located problem in a content file. */
export interface Problem {
  /** Path relative to the project root, e.g. content/blog/eld.md. */
  file: string;
  line: number;
  column: number;
  /** Field path inside the file, e.g. counters[0].value; empty for the whole file. */
  path: string;
  /** The kind of problem, stable across versions (the catalogue below). */
  code: Code;
  /** 'error' stops a build; 'warning' is printed and fails only `--strict`. */
  severity: Severity;
  /** What is wrong, e.g. "subheadng" is not a known field. */
  message: string;
  /** What to do, e.g. did you mean subheading? */
  hint: string;
}


interface Kind<A> {
  /** 'error' unless said: errors stop a build; warnings are printed, and fail only `--strict`. */
  severity?: Severity;
  message(args: A): string;
  hint(args: A): string;
}

const kind = <A = Record<never, never>>(k: Kind<A>): Kind<A> => k;

/** "did you mean X?" when a near name exists, else the fallback. */
const meant = (suggestion: string | undefined, otherwise: string) => (suggestion ? `did you mean ${suggestion}?` : otherwise);

interface Subject { subject?: string }
const about = (a: Subject) => (a.subject ? `${a.subject} ` : '');

export const catalogue = {
  // Reading files: front matter and YAML syntax (generator/content/load.ts).
  'front-matter-missing': kind({
    message: () => 'front matter is missing',
    hint: () => 'start the file with a line "---", the YAML fields, and another "---"',
  }),
  'front-matter-language': kind<{ first: string }>({
    message: ({ first }) => `front matter must start with a line of exactly ---, not ${JSON.stringify(first)}`,
    hint: () => 'make the first line ---: a word after it would choose another language than YAML, and front matter is data, never code',
  }),
  'front-matter-unclosed': kind({
    message: () => 'front matter is not closed',
    hint: () => 'add a line of exactly --- after the YAML fields, before the text',
  }),
  'yaml-tab': kind<{ line: number; others: number[] }>({
    message: ({ line }) => `YAML indentation must use spaces; line ${line} has a tab`,
    hint: ({ others }) => `replace the tab with spaces${others.length ? ` (also on line${others.length > 1 ? 's' : ''} ${list(others)})` : ''}`,
  }),
  'yaml-duplicate-key': kind<{ key: string }>({
    message: ({ key }) => `"${key}" is written twice in the same object`,
    hint: () => 'keep one of them',
  }),
  // An alias (*name) repeats what its anchor (&name) holds without copying it: nested, a few
  // lines of them stand for billions of values, which every later step would walk.
  'yaml-aliases': kind<{ limit: number }>({
    message: ({ limit }) => `its aliases (*name), written out, would be more than ${limit.toLocaleString('en-CA')} values`,
    hint: () => 'write the values out where they are used, or repeat a smaller anchor',
  }),
  'yaml-syntax': kind<{ detail: string }>({
    message: ({ detail }) => `YAML syntax: ${detail}`,
    hint: () => 'check this line and the one before: indent with spaces, and quote a value that holds ": " or starts with a special character',
  }),

  // What a file is (generator/content/paths.ts, load.ts, validate.ts).
  'symbolic-link': kind<Subject & { link?: string }>({
    message: (a) => `${about(a)}is a symbolic link${a.link ? ` (${a.link})` : ''}`,
    hint: () => 'content/ holds real files and folders only: replace the link with a copy of what it points to',
  }),
  'not-a-regular-file': kind<Subject>({
    message: (a) => `${about(a)}is not a regular file or folder`,
    hint: () => 'content/ holds real files and folders only',
  }),
  'file-too-large': kind<{ size: string; limit: string }>({
    message: ({ size, limit }) => `is ${size}, more than a content file may hold (${limit}); it was not read`,
    hint: () => 'a page or post is text of a few KB: check that this is the file you meant, and keep data, images and video out of content files',
  }),
  'path-outside-content': kind<Subject & { reason: string }>({
    message: (a) => `${about(a)}${a.reason}`,
    hint: () => 'write the path from content/, e.g. images/blog/photo.svg',
  }),
  'missing-file': kind<{ what: string }>({
    message: () => 'file is missing',
    hint: ({ what }) => `create it: it holds ${what}`,
  }),
  'unknown-page-file': kind<{ name: string; suggestion?: string; known: string[] }>({
    message: ({ name }) => `is not a page of the site: no template shows ${name}`,
    hint: (a) => meant(a.suggestion, `page files are ${a.known.join(', ')} (generator/content/collections.ts, pageSchemas)`),
  }),

  // Fields against their schema (generator/problems/schema-problems.ts).
  'missing-field': kind<{ field: string; description?: string }>({
    message: () => 'is missing',
    hint: ({ field, description }) => `add ${field}:${description ? ` (${description.replace(/\.$/, '')})` : ''}`,
  }),
  'unknown-field': kind<{ suggestion?: string; allowed: string[] }>({
    message: () => 'is not a known field',
    hint: (a) => meant(a.suggestion, `expected one of: ${a.allowed.join(', ')}`),
  }),
  'wrong-type': kind<{ value: unknown; expected: string }>({
    message: ({ value, expected }) => `${show(value)} is ${typeName(value)}, expected ${article(expected)}`,
    hint: ({ expected }) => TYPE_HINTS[expected] ?? `write ${article(expected)}`,
  }),
  'not-a-date': kind<{ value: unknown; calendar?: string }>({
    message: ({ value }) => `${show(value)} is not a date`,
    hint: ({ calendar }) => (calendar ? `${calendar}: check the day and month` : 'write YYYY-MM-DD, e.g. 2024-03-24'),
  }),
  'not-an-email': kind<{ value: unknown }>({
    message: ({ value }) => `${show(value)} is not an e-mail address`,
    hint: () => 'write an address like name@example.com',
  }),
  'not-a-url': kind<{ value: unknown }>({
    message: ({ value }) => `${show(value)} is not an absolute URL`,
    hint: () => 'write the whole address, starting with https://',
  }),
  'not-allowed': kind<{ value: unknown; allowed: unknown[]; suggestion?: unknown }>({
    message: ({ value }) => `${show(value)} is not allowed`,
    hint: (a) => meant(a.suggestion === undefined ? undefined : show(a.suggestion), `expected ${a.allowed.length === 1 ? show(a.allowed[0]) : `one of: ${a.allowed.map(show).join(', ')}`}`),
  }),
  'wrong-form': kind<{ value: unknown; form: string }>({
    message: ({ value }) => `${show(value)} is not in the expected form`,
    hint: ({ form }) => `expected ${form.replace(/\.$/, '')}`,
  }),
  empty: kind({
    message: () => 'is empty',
    hint: () => 'write some text',
  }),
  'too-short': kind<{ length: number; limit: number }>({
    message: ({ length }) => `is ${length} character${length === 1 ? '' : 's'} long`,
    hint: ({ limit }) => `write at least ${limit}`,
  }),
  'too-long': kind<{ length: number; limit: number }>({
    message: ({ length }) => `is ${length} characters long`,
    hint: ({ limit }) => `shorten it to at most ${limit}`,
  }),
  'out-of-range': kind<{ value: unknown; limit: number; side: 'minimum' | 'maximum' }>({
    message: ({ value, limit, side }) => `${show(value)} is ${side === 'minimum' ? 'below the minimum' : 'above the maximum'} ${limit}`,
    hint: ({ limit, side }) => `use a number ${side === 'minimum' ? 'from' : 'up to'} ${limit}`,
  }),
  'item-count': kind<{ count: number; limit: number; side: 'minimum' | 'maximum' }>({
    message: ({ count }) => `has ${count} item${count === 1 ? '' : 's'}`,
    hint: ({ limit, side }) => `${side === 'minimum' ? 'at least' : 'at most'} ${limit} expected`,
  }),
  'needs-field': kind<{ needed: string }>({
    message: ({ needed }) => `needs "${needed}" next to it`,
    hint: ({ needed }) => `add ${needed}: beside it, or remove this field`,
  }),
  'invalid-value': kind<{ detail: string }>({
    message: ({ detail }) => detail,
    hint: () => 'see the field\'s description in its schema (generator/schemas/)',
  }),

  // Values that name something else in the site (generator/validate/references.ts, validate.ts).
  'missing-image': kind<{ value: string; suggestion?: string }>({
    message: ({ value }) => `image "${value}" does not exist`,
    hint: ({ value, suggestion }) => meant(suggestion, `add the file under content/${value.replace(/[^/]+$/, '')} or fix the path`),
  }),
  'empty-body': kind({
    message: () => 'has no text below its front matter',
    hint: () => 'write the page\'s text after the closing --- line (a post still being written can be a draft: draft: true)',
  }),
  'body-top-heading': kind({
    message: () => 'is a top heading (#), like the page\'s title',
    hint: () => 'the title is the page\'s one top heading: start the text\'s sections at ## (## 1. First section)',
  }),
  'control-character': kind<{ code: string }>({
    message: ({ code }) => `holds an invisible control character (${code})`,
    hint: () => 'delete it (it comes along with text pasted from some programs): feeds, social cards and search engines cannot carry it',
  }),
  // An image is a file of the site: the site's Content-Security-Policy (img-src 'self' data:)
  // blocks any other server's, each page view would tell that server who reads the page, and
  // inline data: skips the photo pipeline (sizes, formats, metadata removed).
  'remote-image': kind<{ value: string }>({
    message: ({ value }) => `image "${value}" is not a file under content/images/`,
    hint: () => 'save the image under content/images/ and write its path, e.g. images/blog/photo.jpg (pages show no image from another server: the site\'s security policy blocks them, and each view would tell that server who reads the page)',
  }),
  'inline-image': kind<{ value: string }>({
    message: ({ value }) => `image "${value}" is in a one-paragraph field`,
    hint: () => 'this field shows text and links only: remove the image, or put it in a field of the page that takes images',
  }),
  'missing-alt': kind<{ image: string; inMarkdown: boolean }>({
    message: ({ image }) => `image "${image}" has no alt text`,
    hint: ({ inMarkdown }) => (inMarkdown ? 'write what it shows inside ![...]' : 'add its alt field (imageAlt, photoAlt…) describing what it shows'),
  }),
  // Photos the build encodes (generator/assets/images/): located at the field or Markdown that names them.
  'image-unsupported': kind<{ value: string; format: string }>({
    message: ({ value, format }) => `image "${value}" is in a format the site cannot deliver (${format})`,
    hint: () => 'save it as JPEG (photos), PNG (screenshots, transparency), WebP or AVIF, or as SVG for drawings',
  }),
  'image-corrupt': kind<{ value: string; detail: string }>({
    message: ({ value, detail }) => `image "${value}" cannot be decoded (${detail.trim().split('\n')[0]})`,
    hint: () => 'the file is damaged or incomplete: export or copy it again from the original',
  }),
  'image-too-many-pixels': kind<{ value: string }>({
    message: ({ value }) => `image "${value}" has more pixels than the build will decode (268 million: the guard against an image that unpacks into gigabytes)`,
    hint: () => 'resize it to at most 4,000 px on its long side: the site delivers photos at most 1,920 px wide',
  }),
  'svg-active': kind<{ what: string }>({
    message: ({ what }) => `this SVG holds ${what}; an image of the site is a drawing only`,
    hint: () => 'export it again as a plain SVG (no scripts, links, embedded HTML or files from elsewhere), or delete that part in a text editor',
  }),
  'image-too-small': kind<{ value: string; width: number; largestUse: number }>({
    severity: 'warning',
    message: ({ value, width, largestUse }) => `image "${value}" is ${width} px wide but is shown up to ${largestUse} px wide (on sharp screens), so it looks blurry`,
    hint: ({ largestUse }) => `use a source at least ${largestUse} px wide (the camera's original, not a thumbnail)`,
  }),
  // The link a phone number makes dials `tel`; the page shows `display` (content/site.yaml).
  'phone-mismatch': kind<{ display: string; tel: string }>({
    message: ({ display, tel }) => `${show(display)} is not the number phone.tel dials (${tel})`,
    hint: () => 'write the same number in both: display as people read it, tel as +1 and its ten digits',
  }),
  // What a large source costs is in the repository (every clone carries every version), not on the pages.
  'heavy-source-image': kind<{ value: string; size: string; limit: string }>({
    severity: 'warning',
    message: ({ value, size, limit }) => `image "${value}" is ${size}, more than ${limit} of source photo in the repository`,
    hint: () => 'export it at most 4,000 px on its long side, as JPEG at quality 85 (a few MB): the site delivers photos at most 1,920 px wide, and every clone keeps every version of the file',
  }),
  'unknown-category': kind<{ value: string; suggestion?: string; known: string[] }>({
    message: ({ value }) => `"${value}" is not a category`,
    hint: (a) => meant(a.suggestion, `expected one of: ${a.known.join(', ')} (content/blog-categories.yaml)`),
  }),
  'unknown-job-category': kind<{ value: string; suggestion?: string; known: string[] }>({
    message: ({ value }) => `"${value}" is not a job category`,
    hint: (a) => meant(a.suggestion, `expected one of: ${a.known.join(', ')}; to open a new one, add it under jobs.categories in content/pages/career.yaml and content/fr/pages/career.yaml`),
  }),
  'broken-link': kind<{ target: string; suggestion?: string }>({
    message: ({ target }) => `link "${target}" goes to a page that does not exist`,
    hint: ({ suggestion }) => meant(suggestion, 'link to an existing page (the Pages list of /_admin shows them all) or remove the link'),
  }),
  'link-not-live': kind<{ target: string; why: string; redirect?: string; scheduled?: boolean }>({
    message: ({ target, why }) => `link "${target}" goes to a page that ${why}`,
    hint: ({ redirect, scheduled }) => (redirect ? `link to ${redirect}, where it now goes` : scheduled ? 'link to it once it is on the site, or give this item the same publishAt' : 'remove the link, or give this item the same expiresAt'),
  }),
  // Scheduling (generator/content/schedule.ts): publishAt and expiresAt.
  'invalid-moment': kind<{ value: string; field: string }>({
    message: ({ value, field }) => `${field} "${value}" is not a date and time that exists`,
    hint: () => 'write a real date, e.g. 2026-12-07, or a date and a 24-hour time, e.g. 2026-12-07 06:00 (in the site\'s time zone, site.yaml timeZone)',
  }),
  'expires-before-publish': kind<{ publishAt: string; expiresAt: string }>({
    message: ({ publishAt, expiresAt }) => `expiresAt ${expiresAt} is not after publishAt ${publishAt}`,
    hint: () => 'make expiresAt later than publishAt, or remove one of them',
  }),
  'unknown-time-zone': kind<{ value: string }>({
    message: ({ value }) => `"${value}" is not a time zone`,
    hint: () => 'write an IANA time zone name, e.g. America/Toronto or America/Vancouver',
  }),
  // The record of published URLs and content/redirects.yaml (generator/output/urls.ts).
  'url-no-longer-built': kind<{ url: string; proposal: string }>({
    severity: 'warning',
    message: ({ url }) => `${url} was published and is no longer built: visitors, search engines and old links would get a 404`,
    hint: ({ proposal }) => `say in content/redirects.yaml where it went: ${proposal}`,
  }),
  'url-record-out-of-date': kind<{ count: number; first: string }>({
    severity: 'warning',
    message: ({ count, first }) => `content/published-urls.txt did not list ${count === 1 ? `${first}, which this site publishes or has scheduled` : `${count} URLs this site publishes or has scheduled (${first}…)`}`,
    hint: () => 'the build has added them: commit content/published-urls.txt with the content',
  }),
  'redirect-from-live-page': kind<{ from: string }>({
    message: ({ from }) => `${from} is redirected, but the site still builds that page`,
    hint: () => 'remove this redirect, or remove the page it would hide',
  }),
  'redirect-target-missing': kind<{ to: string; suggestion?: string }>({
    message: ({ to }) => `redirect to "${to}", a page the site does not build`,
    hint: ({ suggestion }) => meant(suggestion, 'send it to a page of the site (the Pages list of /_admin shows them all), or write gone: true instead'),
  }),
  'redirect-chain': kind<{ to: string; final: string }>({
    message: ({ to }) => `redirect to ${to}, which is itself redirected`,
    hint: ({ final }) => (final ? `send it straight to ${final}: every hop costs the visitor a round trip` : 'these redirects go round in a loop: send each to a page the site builds'),
  }),
  'redirect-repeated': kind<{ from: string; line: number }>({
    message: ({ from }) => `${from} is redirected twice`,
    hint: ({ line }) => `keep one of the two entries (the other is on line ${line})`,
  }),
  'redirect-needs-target': kind<{ from: string }>({
    message: ({ from }) => `the redirect of ${from} says neither where it went nor that it is gone`,
    hint: () => 'add to: /a-page-of-the-site (301), or gone: true (410)',
  }),
  'url-rule-too-big': kind<{ bytes: number; count: number }>({
    message: ({ bytes, count }) => `the ${count} redirects make the URL rule ${bytes.toLocaleString('en-CA')} bytes, over CloudFront Functions' 10,240`,
    hint: () => 'remove redirects nobody follows any more (old campaign pages), or send several old pages to one with a shorter list',
  }),
  'link-with-language': kind<{ target: string; path: string }>({
    message: ({ target }) => `link "${target}" names a page in one language`,
    hint: ({ path }) => `write ${path}: content names a page by its English path, and each language's pages link to their own language by themselves`,
  }),
  'not-a-site-path': kind<{ value: string }>({
    message: ({ value }) => `"${value}" is not a path on this site`,
    hint: () => 'start it with /, e.g. /contact-us',
  }),
  'not-a-link': kind<{ value: string }>({
    message: ({ value }) => `"${value}" is not a link`,
    hint: () => 'write a path like /contact-us, an https:// URL, mailto: or tel:',
  }),
  'duplicate-id': kind<{ label: string; value: unknown; file: string; next: string }>({
    message: ({ label, value, file }) => `${label} ${show(value)} is also used by ${file}`,
    hint: ({ next }) => `change one of them to the next free one, ${next}`,
  }),
  'duplicate-order': kind<{ value: number; file: string; next: number }>({
    message: ({ value, file }) => `${value} is also the order of ${file}`,
    hint: ({ next }) => `change one of them to the next free order, ${next}`,
  }),
  'still-to-write': kind<{ what: string }>({
    message: ({ what }) => (what ? `still to write: ${what.replace(/\.$/, '')}` : 'still to write'),
    hint: () => 'replace the TODO: marker with the text',
  }),

  // Translations: content/fr/ mirrors content/ (generator/content/locales.ts, translations.ts).
  'shared-file-translated': kind<{ shared: string }>({
    message: ({ shared }) => `${shared} is shared by every language and is not translated`,
    hint: ({ shared }) => `remove this file: the site reads content/${shared} for every language`,
  }),
  'source-hash-missing': kind<{ source: string; stamp: string }>({
    message: ({ source }) => `sourceHash is missing: which version of ${source} does this translate?`,
    hint: ({ stamp }) => `once it translates the current English file, run ${stamp} (it adds sourceHash:)`,
  }),
  'source-hash-invalid': kind<{ value: unknown; stamp: string }>({
    message: ({ value }) => `sourceHash ${show(value)} is not 16 lowercase hex digits`,
    hint: ({ stamp }) => `do not write it by hand: run ${stamp} once this translates the current English file`,
  }),
  'translation-missing': kind<{ source: string; start: string }>({
    severity: 'warning',
    message: ({ source }) => `no French copy of ${source}; its pages fall back to English`,
    hint: ({ start }) => `run ${start} and translate the fields marked TODO`,
  }),
  'translation-outdated': kind<{ source: string; stamp: string }>({
    severity: 'warning',
    message: ({ source }) => `${source} changed since this was translated (its sourceHash is not the current English file's)`,
    hint: ({ source, stamp }) => `bring the translation up to date with ${source} (git diff shows what changed), then run ${stamp}`,
  }),
  'translation-orphan': kind<{ source: string }>({
    severity: 'warning',
    message: ({ source }) => `translates ${source}, which does not exist`,
    hint: () => 'delete it, or rename it after the English file it translates (content/fr/ mirrors content/)',
  }),

  // A template that fails on content the schemas let through (generator/render/render.ts, RenderError).
  'page-not-rendered': kind<{ route: string; template: string; lists: string[]; reason: string }>({
    message: ({ route, template, lists, reason }) => `page ${route} (template ${template}) could not be made from this file${lists.length ? ` and the ${lists.join(', ')} it lists` : ''}: ${reason}`,
    hint: () => 'check the fields this page shows; if they are right, report it as a bug in the template',
  }),

  // Placeholders for site facts in copy, and lists taken from another (generator/transform/facts.ts, navigation.ts).
  'unknown-placeholder': kind<{ token: string; suggestion?: string; fills: string[]; facts: string[] }>({
    message: ({ token }) => `${token} is not a placeholder`,
    hint: (a) => meant(a.suggestion && `{${a.suggestion}}`, `${a.fills.length ? `this field fills in ${braced(a.fills)}; ` : ''}placeholders name site facts: ${braced(a.facts)}`),
  }),
  'unknown-menu': kind<{ value: string; suggestion?: string; known: string[] }>({
    message: ({ value }) => `"${value}" is not a menu`,
    hint: (a) => meant(a.suggestion === undefined ? undefined : show(a.suggestion), `expected the id of a menu: ${a.known.join(', ')}`),
  }),
  'footer-column-source': kind<{ both: boolean }>({
    message: ({ both }) => (both ? 'has both links and menu' : 'has neither links nor menu'),
    hint: () => 'keep one: menu: <a menu id> to list that menu\'s links, or links: to write them here',
  }),

  // Warnings: what /_admin's Checks finds, and `site build` prints (generator/checks/checks.ts).
  'js-budget': kind<{ bytes: number; budget: number; islands: string[] }>({
    severity: 'warning',
    message: ({ bytes, budget }) => `page loads ${kb(bytes)} of JavaScript (gzip), over its ${kb(budget)} budget`,
    hint: ({ islands }) => (islands.length
      ? `each interactive part adds script (${islands.join(', ')}): drop a section, ask a developer to slim one, or raise the page's budget in content/site.yaml (budgets.pages) saying why`
      : 'ask a developer: the page has no interactive parts of its own'),
  }),
  'missing-description': kind<{ why: 'none' | 'default' | 'borrowed' }>({
    severity: 'warning',
    message: ({ why }) => ({ none: 'page has no description', default: "page uses the site's default description", borrowed: 'page has no description of its own (its subheading stands in)' })[why],
    hint: () => 'write a description: (50–170 characters) saying what this page offers; search results show it',
  }),
  // A photo is counted as delivered (the width and format a phone or a laptop downloads), an SVG as written.
  'heavy-image': kind<{ bytes: number; limit: number; viewport?: 'phone' | 'desktop' }>({
    severity: 'warning',
    message: ({ bytes, limit, viewport }) => (viewport ? `image sends ${kb(bytes)} to a visitor on a ${viewport}, over the ${kb(limit)} limit` : `image is ${kb(bytes)}, over the ${kb(limit)} limit`),
    hint: ({ viewport }) => (viewport
      ? 'the site already sends the smallest width and best format for the screen: crop the photo to what matters or choose a less busy one'
      : 'export it smaller (about twice its displayed width) or as WebP/JPEG at quality 80'),
  }),
  'fact-literal': kind<{ found: string; fact: string; placeholder: string; pagePath?: string }>({
    severity: 'warning',
    message: ({ found, fact }) => `"${found}" is ${fact} from content/site.yaml, typed out`,
    hint: ({ placeholder, pagePath }) => (pagePath
      ? `link to the page by its path, ${pagePath}, without the address: it stays right when site.yaml changes and leads to the page in the reader's language`
      : `write {${placeholder}} instead: a copy keeps the old text when site.yaml changes`),
  }),
  'unknown-budget-page': kind<{ page: string; suggestion?: string; english?: string }>({
    severity: 'warning',
    message: ({ page, english }) => (english ? `budget for ${page}: a budget names a page by its English path and holds in every language` : `budget for ${page}, which is not a page of the site`),
    hint: ({ suggestion, english }) => (english ? `write ${english} instead` : meant(suggestion, 'name a page by its path, e.g. /career, or remove the line')),
  }),
  // A page of one language linking to the other language's page (generator/checks/checks.ts).
  'link-to-english': kind<{ target: string; language: string; counterpart: string; path: string; written: 'content' | 'template' }>({
    severity: 'warning',
    message: ({ target, language, counterpart }) => `link "${target}" on a ${language} page goes to the English page; the ${language} one is ${counterpart}`,
    hint: ({ path, counterpart, language, written }) => (written === 'content'
      ? `write the path ${path} instead of the full address: on a ${language} page it becomes ${counterpart}`
      : `a template writes this link without the page's language: ask a developer to build it with env.href() so it goes to ${counterpart} (a link meant to stay in English, like the language switch, carries hreflang)`),
  }),
};

/** A stable name for one kind of problem, e.g. unknown-field. */
export type Code = keyof typeof catalogue;

type ArgsOf<C extends Code> = (typeof catalogue)[C] extends Kind<infer A> ? A : never;
type Rest<C extends Code> = Record<never, never> extends ArgsOf<C> ? [args?: ArgsOf<C>] : [args: ArgsOf<C>];

/** Where a problem is: the file as shown to people, 1-based line and column, and the field. */
export interface Place {
  file: string;
  line: number;
  column: number;
  /** Field path inside the file, e.g. counters[0].value; empty for the whole file. */
  path?: string;
}

/** Line and column (1-based) of the character at `index` of `text`. */
export function placeAt(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, index).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/** A located problem of one kind, its words from the catalogue. */
export function problem<C extends Code>(code: C, at: Place, ...[args]: Rest<C>): Problem {
  const entry = catalogue[code] as Kind<ArgsOf<C>>;
  const a = (args ?? {}) as ArgsOf<C>;
  return {
    file: at.file, line: at.line, column: at.column, path: at.path ?? '',
    code, severity: entry.severity ?? 'error', message: entry.message(a), hint: entry.hint(a),
  };
}

/** A value as an author wrote it, short: "2024-13-01", 42, or the first 57 characters of a long one. */
export function show(value: unknown): string {
  const s = JSON.stringify(value);
  return s === undefined ? String(value) : s.length > 60 ? `${s.slice(0, 57)}…"` : s;
}

/** Sizes as the budgets are written: 130 KB, 130.4 KB. */
export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
}

function typeName(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number') return Number.isInteger(value) ? 'a whole number' : 'a number';
  return `a ${typeof value}`;
}

const article = (type: string) => (type === 'integer' ? 'a whole number' : type === 'object' ? 'an object' : type === 'array' ? 'a list' : `a ${type}`);

const TYPE_HINTS: Record<string, string> = {
  number: 'write digits only, without quotes, e.g. 30',
  integer: 'write a whole number without quotes, e.g. 3',
  string: 'write text; quote it if it starts with a special character or looks like a number',
  boolean: 'write true or false',
  array: 'write a list: one "- item" per line',
  object: 'write its fields on the lines below, indented',
};

const braced = (names: string[]) => names.map((n) => `{${n}}`).join(', ');

const list = (n: number[]) => (n.length > 4 ? `${n.slice(0, 4).join(', ')}…` : n.join(', '));

// Errors a person fixes outside content/: a flag, a busy port, AWS. Each carries its exit code;
// generator/cli/exit.ts turns any thrown error into a message and a code, in one place.

/**
 * The `site` command's exit codes: the one list. `site --help` prints it (exitCodesHelp), and
 * cli/exit.ts picks the code for whatever a command throws.
 */
export const EXIT = {
  ok: 0,
  /** Content problems (or, with --strict, warnings). */
  content: 1,
  /** A usage error: a flag, an argument, a busy port; found before any work starts. */
  usage: 2,
  /** A bug in the generator: printed with its stack. */
  bug: 3,
  /** An AWS call or the network failed; safe to re-run. */
  aws: 4,
  /** AWS credentials missing, rejected, or access denied. */
  credentials: 5,
  /** The bucket does not exist. */
  bucket: 6,
  /** This machine refused a file operation: the disk is full, read-only, or a folder is not ours to write. */
  system: 7,
} as const;

const EXIT_WORDS: Record<keyof typeof EXIT, string> = {
  ok: 'ok',
  content: 'content problems',
  usage: 'usage error',
  bug: 'generator bug',
  aws: 'AWS failure (publish, leads; safe to re-run)',
  credentials: 'AWS credentials missing or refused',
  bucket: 'bucket not found',
  system: 'the machine refused a file (disk full, read-only, permission)',
};

/** The exit codes as `site --help` lists them. */
export function exitCodesHelp(): string {
  return `Exit codes: ${(Object.keys(EXIT) as (keyof typeof EXIT)[]).map((key) => `${EXIT[key]} ${EXIT_WORDS[key]}`).join(', ')}.`;
}

/** An error a person can act on: printed as its message, no stack, with its exit code. */
export class UserError extends Error {
  constructor(message: string, readonly exitCode: number = EXIT.usage, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UserError';
  }
}

/** A usage error (exit 2): the command was asked for something it cannot do as given. */
export class UsageError extends UserError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, EXIT.usage, options);
    this.name = 'UsageError';
  }
}
