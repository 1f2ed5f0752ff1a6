// records → typed Site model, or a list of located problems. Every problem in every file
// is reported at once; nothing stops at the first.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject } from 'ajv';
import { collections, requiredSingles, type CollectionName } from './collections.ts';
import { check, type Reference } from './schemas.ts';
import { locate, type SourceRecord } from './load.ts';
import { formatPath, sortProblems, type Problem } from './problems.ts';
import type { Site } from './model.ts';
import { pageKeysNeeded, routePaths } from './routes.ts';

export interface ValidateOptions {
  contentDir: string;
  /** Drafts become routes (preview) or are left out (build). Validated either way. */
  includeDrafts: boolean;
}

export interface Validated {
  site: Site | undefined;
  problems: Problem[];
  /** Per file: problems, for the admin's content view. */
  byFile: Map<string, Problem[]>;
}

// Schema results and Markdown links per record. A record is replaced when its file changes,
// so the preview re-checks only the files an edit touched.
const schemaResults = new WeakMap<SourceRecord, ReturnType<typeof check>>();
const markdownLinks = new WeakMap<SourceRecord, MarkdownLink[]>();

export function validate(records: SourceRecord[], options: ValidateOptions): Validated {
  const problems: Problem[] = [];
  const references: { record: SourceRecord; ref: Reference }[] = [];
  const good: SourceRecord[] = [];

  for (const record of records) {
    if (record.problems.length) {
      problems.push(...record.problems);
      continue;
    }
    let result = schemaResults.get(record);
    if (!result) {
      result = check(collections[record.collection].schema, record.data);
      schemaResults.set(record, result);
    }
    const { errors, references: refs } = result;
    for (const error of dedupe(errors)) problems.push(toProblem(record, error));
    for (const ref of refs) references.push({ record, ref });
    if (!errors.length) good.push(record);
  }

  for (const name of requiredSingles) {
    const def = collections[name];
    if (!records.some((r) => r.collection === name)) {
      problems.push({ file: displayContent(options.contentDir, def.path), line: 1, column: 1, path: '', message: `file is missing: the ${name} content is required` });
    }
  }

  const site = assemble(good, options);
  problems.push(...checkUnique(good));

  // Link targets come from every file that parsed, valid or not: one mistake in a solution
  // file must not turn every link to that solution into a second, misleading problem.
  const parsed = records.filter((r) => !r.problems.length && r.data && typeof r.data === 'object');
  const dataOf = (name: CollectionName) => parsed.filter((r) => r.collection === name).map((r) => r.data as any);
  const routes = new Set(routePaths({ solutions: dataOf('solutions'), posts: dataOf('blog') } as Site, true));
  const exists = memoExists(options.contentDir);
  for (const key of pageKeysNeeded(site)) {
    if (!site.pages[key]) {
      problems.push({ file: displayContent(options.contentDir, `pages/${key}.yaml`), line: 1, column: 1, path: '', message: `file is missing: it holds the copy of a page the site needs` });
    }
  }
  const categories = new Set(site.categories.map((c) => c.slug));
  for (const { record, ref } of references) {
    const message = checkReference(ref, { routes, categories, exists });
    if (message) {
      const { line, column } = locate(record, ref.path);
      problems.push({ file: record.file, line, column, path: formatPath(ref.path), message });
    }
  }
  for (const record of good) {
    if (record.body !== undefined) problems.push(...checkMarkdown(record, routes, exists));
  }

  sortProblems(problems);
  const byFile = new Map<string, Problem[]>();
  for (const p of problems) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
  return { site: problems.length ? undefined : site, problems, byFile };
}

function displayContent(contentDir: string, rel: string): string {
  return join(contentDir, rel).replace(process.cwd() + '/', '');
}

/** Turns records that passed their schema into the model; invalid ones are simply absent. */
function assemble(records: SourceRecord[], options: ValidateOptions): Site {
  const of = (name: CollectionName) => records.filter((r) => r.collection === name);
  const one = (name: CollectionName) => of(name)[0]?.data as any;
  const byOrder = <T extends { order: number }>(items: T[]) => items.sort((a, b) => a.order - b.order);
  const files: Site['files'] = {};
  const note = (name: string, key: string, file: string) => ((files[name] ??= {})[key] = file);
  for (const r of records) note(r.collection, r.slug, r.file);

  const posts = of('blog')
    .map((r) => ({ ...(r.data as any), slug: r.slug, body: r.body ?? '' }))
    .filter((p) => options.includeDrafts || !p.draft)
    .sort((a, b) => String(b.date).localeCompare(String(a.date)) || b.id - a.id);
  return {
    config: one('site') ?? emptySite,
    navigation: one('navigation') ?? emptyNavigation,
    pages: Object.fromEntries(of('pages').map((r) => [r.slug, r.data as any])),
    solutions: byOrder(of('solutions').map((r) => r.data as any)),
    posts,
    categories: one('categories')?.categories ?? [],
    legal: Object.fromEntries(of('legal').map((r) => [r.slug, { ...(r.data as any), slug: r.slug, body: r.body ?? '' }])),
    faqs: byOrder(of('faqs').map((r) => r.data as any)),
    team: byOrder(of('team').map((r) => r.data as any)),
    jobs: of('jobs').map((r) => r.data as any).filter((j) => j.open),
    testimonials: byOrder(of('testimonials').map((r) => r.data as any)),
    industries: byOrder(of('industries').map((r) => r.data as any)),
    benefits: byOrder(of('benefits').map((r) => r.data as any)),
    fleetFeatures: byOrder(of('fleetFeatures').map((r) => r.data as any)),
    ecosystem: byOrder(of('ecosystem').map((r) => r.data as any)),
    ui: one('ui') ?? {},
    forms: one('forms') ?? { contact: { fields: {}, sources: [] }, partner: { fields: {}, groups: {}, departments: [], countries: [], states: [], button: '' }, job: { fields: {}, heading: '', accommodation: '', noScriptResume: '', button: '', close: '' } },
    files,
  };
}

const emptySite = { brand: '', url: '', social: [] } as unknown as Site['config'];
const emptyNavigation = { menus: [], direct: [], footer: { columns: [] }, banner: { hiddenOn: [] }, footerHiddenOn: [] } as unknown as Site['navigation'];

/** Ids, slugs and paths that must not repeat, with the field that names them. */
const uniqueKeys: { collection: CollectionName; field: string; label: string }[] = [
  { collection: 'blog', field: 'id', label: 'post id' },
  { collection: 'solutions', field: 'slug', label: 'solution slug' },
  { collection: 'solutions', field: 'path', label: 'solution path' },
  { collection: 'jobs', field: 'id', label: 'job id' },
  { collection: 'industries', field: 'slug', label: 'industry slug' },
];

function checkUnique(records: SourceRecord[]): Problem[] {
  const problems: Problem[] = [];
  for (const { collection, field, label } of uniqueKeys) {
    const seen = new Map<string, SourceRecord>();
    for (const r of records.filter((x) => x.collection === collection)) {
      const value = String((r.data as any)?.[field]);
      const first = seen.get(value);
      if (first) {
        const { line, column } = locate(r, [field]);
        problems.push({ file: r.file, line, column, path: field, message: `${label} ${value} is already used by ${first.file}; pick an unused one` });
      } else seen.set(value, r);
    }
  }
  const cats = records.find((r) => r.collection === 'categories');
  const slugs = new Set<string>();
  ((cats?.data as any)?.categories ?? []).forEach((c: { slug: string }, i: number) => {
    if (slugs.has(c.slug) && cats) {
      const { line, column } = locate(cats, ['categories', i, 'slug']);
      problems.push({ file: cats.file, line, column, path: `categories[${i}].slug`, message: `category slug "${c.slug}" appears twice` });
    }
    slugs.add(c.slug);
  });
  return problems;
}

interface ReferenceContext { routes: Set<string>; categories: Set<string>; exists: (rel: string) => boolean }

/** existsSync under the content root, asked once per path per validation. */
function memoExists(contentDir: string): (rel: string) => boolean {
  const seen = new Map<string, boolean>();
  return (rel) => {
    let found = seen.get(rel);
    if (found === undefined) {
      found = existsSync(join(contentDir, rel));
      seen.set(rel, found);
    }
    return found;
  };
}

function checkReference(ref: Reference, cx: ReferenceContext): string | undefined {
  const value = ref.value;
  switch (ref.kind) {
    case 'image':
      return cx.exists(value) ? undefined : `image "${value}" does not exist; add the file under content/${value.replace(/[^/]+$/, '')} or fix the path`;
    case 'category':
      return cx.categories.has(value) ? undefined : `category "${value}" is not defined; expected one of: ${[...cx.categories].join(', ')} (content/blog-categories.yaml)`;
    case 'route':
    case 'link':
      return checkLink(value, cx.routes, ref.kind === 'route');
  }
}

export function checkLink(value: string, routes: Set<string>, internalOnly: boolean): string | undefined {
  if (value.startsWith('/')) {
    const path = value.replace(/[?#].*$/, '') || '/';
    return routes.has(path) ? undefined : `link "${value}" goes to a page that does not exist; expected a route such as ${nearest(path, routes)}`;
  }
  if (internalOnly) return `"${value}" must be a path on this site starting with /`;
  if (/^(https?:\/\/[^\s/]+\.[^\s]+|mailto:[^\s@]+@[^\s@]+|tel:\+?[0-9]+)$/.test(value)) return undefined;
  return `"${value}" is not a link; expected a path like /contact-us, an https:// URL, mailto: or tel:`;
}

function nearest(path: string, routes: Set<string>): string {
  const score = (r: string) => {
    let s = 0;
    while (s < r.length && s < path.length && r[s]!.toLowerCase() === path[s]!.toLowerCase()) s++;
    return s;
  };
  return [...routes].sort((a, b) => score(b) - score(a) || a.localeCompare(b))[0] ?? '/';
}

const MD_LINK = /(!?)\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

interface MarkdownLink { image: boolean; alt: string; target: string; line: number; column: number }

/** Links and images in a Markdown body (not inside fenced code), with their positions. */
function linksOf(record: SourceRecord): MarkdownLink[] {
  let links = markdownLinks.get(record);
  if (links) return links;
  links = [];
  let fenced = false;
  (record.body ?? '').split('\n').forEach((text, i) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    if (fenced || !text.includes('](')) return;
    for (const m of text.matchAll(MD_LINK)) {
      const [, bang, alt, target] = m as unknown as [string, string, string, string];
      links!.push({ image: !!bang, alt, target, line: (record.bodyLine ?? 1) + i, column: (m.index ?? 0) + 1 });
    }
  });
  markdownLinks.set(record, links);
  return links;
}

function checkMarkdown(record: SourceRecord, routes: Set<string>, exists: (rel: string) => boolean): Problem[] {
  const problems: Problem[] = [];
  for (const link of linksOf(record)) {
    const at = { file: record.file, line: link.line, column: link.column, path: 'body' };
    if (link.image) {
      if (!link.alt.trim()) problems.push({ ...at, message: `image "${link.target}" has no alt text; write what it shows inside ![...]` });
      if (!/^https?:/.test(link.target) && !exists(link.target)) problems.push({ ...at, message: `image "${link.target}" does not exist under content/` });
    } else {
      const message = checkLink(link.target, routes, false);
      if (message) problems.push({ ...at, message });
    }
  }
  return problems;
}

function dedupe(errors: ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** An ajv error as a located problem with a message a content author can act on. */
export function toProblem(record: SourceRecord, error: ErrorObject): Problem {
  const base = pathOf(error.instancePath);
  const p = error.params as Record<string, any>;
  let path = base;
  let atKey = false;
  let message: string;
  const value = error.data;
  const described = (error.parentSchema as { description?: string } | undefined)?.description;
  switch (error.keyword) {
    case 'required': {
      path = [...base, p.missingProperty];
      const prop = (error.schema as unknown) && (error.parentSchema as any)?.properties?.[p.missingProperty];
      const hint = prop?.description ? ` (${prop.description.replace(/\.$/, '')})` : '';
      message = `is missing; it is required${hint}`;
      return located(record, path, base, message);
    }
    case 'additionalProperties': {
      path = [...base, p.additionalProperty];
      atKey = true;
      const allowed = Object.keys((error.parentSchema as any)?.properties ?? {});
      message = `is not a known field; expected one of: ${allowed.join(', ')}`;
      break;
    }
    case 'type':
      message = `${show(value)} is ${kind(value)}, expected ${p.type === 'integer' ? 'a whole number' : `a ${p.type}`}`;
      break;
    case 'format':
      message = formatMessage(p.format, value);
      break;
    case 'enum':
      message = `${show(value)} is not allowed; expected one of: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
      break;
    case 'const':
      message = `${show(value)} is not allowed; expected ${JSON.stringify(p.allowedValue)}`;
      break;
    case 'pattern':
      message = `${show(value)} is not in the expected form${described ? `: ${described}` : ` (${p.pattern})`}`;
      break;
    case 'minLength':
      message = p.limit === 1 ? 'is empty; write some text' : `is ${String(value).length} characters; at least ${p.limit} expected`;
      break;
    case 'maxLength':
      message = `is ${String(value).length} characters; at most ${p.limit} allowed`;
      break;
    case 'minimum':
    case 'maximum':
      message = `${show(value)} is ${error.keyword === 'minimum' ? 'below' : 'above'} the ${error.keyword} ${p.limit}`;
      break;
    case 'minItems':
    case 'maxItems':
      message = `has ${(value as unknown[]).length} items; ${error.keyword === 'minItems' ? 'at least' : 'at most'} ${p.limit} expected`;
      break;
    case 'dependentRequired':
      path = [...base, p.property];
      message = `needs "${p.missingProperty}" next to it`;
      break;
    default:
      message = error.message ?? 'is not valid';
  }
  const { line, column } = locate(record, path, atKey);
  return { file: record.file, line, column, path: formatPath(path), message };
}

function located(record: SourceRecord, path: (string | number)[], at: (string | number)[], message: string): Problem {
  const { line, column } = locate(record, at);
  return { file: record.file, line, column, path: formatPath(path), message };
}

function pathOf(pointer: string): (string | number)[] {
  return pointer ? pointer.slice(1).split('/').map((s) => (/^\d+$/.test(s) ? Number(s) : s.replace(/~1/g, '/').replace(/~0/g, '~'))) : [];
}

function formatMessage(format: string, value: unknown): string {
  switch (format) {
    case 'date': return `${show(value)} is not a date (YYYY-MM-DD, e.g. 2024-03-24)`;
    case 'email': return `${show(value)} is not an e-mail address (name@example.com)`;
    case 'absolute-url': return `${show(value)} is not an absolute URL (https://…)`;
    default: return `${show(value)} is not a valid ${format}`;
  }
}

function show(value: unknown): string {
  const s = JSON.stringify(value);
  return s === undefined ? String(value) : s.length > 60 ? `${s.slice(0, 57)}…"` : s;
}

function kind(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number') return Number.isInteger(value) ? 'a whole number' : 'a number';
  return `a ${typeof value}`;
}
