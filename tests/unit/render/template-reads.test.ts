// Every template runs against the shipped content with the site model wrapped in a recording
// Proxy; each property a template (or the route table) reads must be a field the schemas
// declare. tsc stops most undeclared reads; this also catches those hidden behind a cast, an
// `any` or a string key. And the converse: every word in the page copy, ui.yaml and forms.yaml
// is read by some page, so no copy is written for nothing.
import { beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { loadAll } from '../../../generator/content/load.ts';
import { validate } from '../../../generator/validate/validate.ts';
import { transform } from '../../../generator/transform/transform.ts';
import { buildRoutes } from '../../../generator/render/routes.ts';
import { renderRoute, type RenderInputs } from '../../../generator/render/render.ts';
import { feed, searchIndex } from '../../../generator/render/feed.ts';
import { robots, sitemap, webManifest } from '../../../generator/output/site-files.ts';
import { islandNames } from '../../../generator/assets/bundle.ts';
import { pageSchemas } from '../../../generator/content/collections.ts';
import { sharedPageCopy } from '../../../generator/build/affected.ts';
import { schemaDir, schemaFiles } from '../../../generator/content/schemas.ts';
import type { Site } from '../../../generator/content/model.ts';
import { contentDir, root } from '../../helpers.ts';

type Schema = Record<string, unknown>;
const schemas = new Map(schemaFiles().map((f) => [f, JSON.parse(readFileSync(join(schemaDir, f), 'utf8')) as Schema]));
const file = (name: string) => ({ $ref: `${name}.schema.json` });
const array = (items: Schema) => ({ type: 'array', items });
const text = { type: 'string' };
const markdown = { 'x-markdown': 'block' };
const filed = (name: string) => ({ allOf: [file(name), { properties: { slug: text } }] });

/**
 * The Site model as a schema: each field of Site and the schema its content comes from, plus
 * the fields the generator derives (a post's slug, path and body; a legal document's slug and body;
 * the file name of each item a page lists one by one, model.ts `Filed`).
 */
const siteSchema: Schema = {
  type: 'object',
  properties: {
    config: file('site'),
    navigation: file('navigation'),
    pages: { type: 'object', properties: Object.fromEntries(Object.entries(pageSchemas).map(([key, schema]) => [key, file(schema)])) },
    solutions: array(file('solution')),
    posts: array({ allOf: [file('post'), { properties: { slug: text, path: text, body: markdown } }] }),
    categories: { $ref: 'blog-categories.schema.json#/properties/categories' },
    legal: { type: 'object', additionalProperties: { allOf: [file('legal'), { properties: { slug: text, body: markdown } }] } },
    faqs: array(filed('faq')),
    team: array(filed('team-member')),
    jobs: array(filed('job')),
    testimonials: array(filed('testimonial')),
    industries: array(file('industry')),
    benefits: array(file('benefit')),
    fleetFeatures: array(file('fleet-feature')),
    ecosystem: array(file('ecosystem')),
    ui: file('ui'),
    forms: file('forms'),
  },
};

/** What a Markdown field holds after the transform stage (generator/transform/markdown.ts, Html). */
const htmlSchema: Schema = { type: 'object', properties: { html: text, source: text, headings: array({ type: 'object', properties: { level: text, text, id: text } }) } };

interface At { schema: Schema; file: string }

function resolve(ref: string, from: string): At {
  const [path = '', pointer = ''] = ref.split('#');
  const target = path ? relative(schemaDir, join(schemaDir, dirname(from), path)) : from;
  let node: unknown = schemas.get(target);
  for (const part of pointer.split('/').filter(Boolean)) node = (node as Schema | undefined)?.[part];
  if (!node) throw new Error(`no schema at ${ref} from ${from}`);
  return { schema: node as Schema, file: target };
}

/** The schemas that describe one step further along a path ('[]' is any item of a list). */
function step(at: At, key: string): At[] {
  const { schema, file: from } = at;
  if (typeof schema.$ref === 'string') return step(resolve(schema.$ref, from), key).concat(step({ schema: { ...schema, $ref: undefined }, file: from }, key));
  if ('x-markdown' in schema) return step({ schema: htmlSchema, file: from }, key);
  if (Array.isArray(schema.allOf)) return (schema.allOf as Schema[]).flatMap((s) => step({ schema: s, file: from }, key));
  if (key === '[]') return schema.items ? [{ schema: schema.items as Schema, file: from }] : [];
  const property = (schema.properties as Record<string, Schema> | undefined)?.[key];
  if (property) return [{ schema: property, file: from }];
  if (typeof schema.additionalProperties === 'object') return [{ schema: schema.additionalProperties as Schema, file: from }];
  return [];
}

/** Whether the schemas declare a path of the Site model, e.g. pages.home.sections.news.heading. */
function declared(path: string[]): boolean {
  let at: At[] = [{ schema: siteSchema, file: '' }];
  for (const key of path) {
    at = at.flatMap((a) => step(a, key));
    if (!at.length) return false;
  }
  return true;
}

// Reads that are not fields: array methods and length, and what JSON.stringify and React probe.
const arrayKeys = new Set(Object.getOwnPropertyNames(Array.prototype));
const probes = new Set(['toJSON', '$$typeof', 'then', 'constructor']);

/** The model wrapped so that every property read is recorded as a path ('[]' for any list item). */
function recording<T extends object>(model: T): { model: T; reads: Set<string> } {
  const reads = new Set<string>();
  const proxies = new WeakMap<object, object>();
  const wrap = (value: unknown, path: string[]): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    let proxy = proxies.get(value);
    if (!proxy) {
      proxy = new Proxy(value, {
        get(target, key, receiver) {
          const result = Reflect.get(target, key, receiver);
          if (typeof key === 'symbol' || probes.has(key)) return result;
          if (Array.isArray(target)) {
            if (/^\d+$/.test(key)) {
              reads.add([...path, '[]'].join('.'));
              return wrap(result, [...path, '[]']);
            }
            if (arrayKeys.has(key)) return result;
          }
          reads.add([...path, key].join('.'));
          return wrap(result, [...path, key]);
        },
      });
      proxies.set(value, proxy);
    }
    return proxy;
  };
  return { model: wrap(model, []) as T, reads };
}

let site: Site;
let inputs: Omit<RenderInputs, 'sites'>;

beforeAll(async () => {
  site = transform(validate(loadAll(contentDir), { contentDir, includeDrafts: true }).site!);
  inputs = {
    templates: await import('../../../templates/index.ts'),
    mode: 'production',
    image: (path) => ({ src: `/img/${path}`, width: 10, height: 5 }),
    icon: () => '<svg class="icon"></svg>',
    client: {
      css: 'body{margin:0}', shellScript: '/shell.js', fontPreload: '/font.woff2',
      islands: Object.fromEntries(islandNames(root).map((name) => [name, { script: `/${name}.js`, imports: [], lazy: [] }])),
    },
  };
});

/**
 * The English routes of a bilingual site (so each page has its language switch), the last post
 * shown as a French page would show it untranslated (so its notice is rendered too).
 */
function routesOf(model: Site) {
  const routes = buildRoutes(model, 'en', new Set(), ['en', 'fr']);
  const last = routes.findLastIndex((r) => r.template === 'BlogPost');
  routes[last] = { ...routes[last]!, untranslated: true };
  return routes;
}

/** Renders every route, and the files made from the model, from a recorded model; returns what was read, by route, and the pages. */
function renderAllRecorded(): { reads: Map<string, Set<string>>; html: Map<string, string> } {
  const { model, reads } = recording(site);
  const byRoute = new Map<string, Set<string>>();
  const html = new Map<string, string>();
  const routes = routesOf(model);
  byRoute.set('(route table)', new Set(reads));
  for (const route of routes) {
    reads.clear();
    html.set(route.path, renderRoute(route, { ...inputs, sites: { en: model } }).html);
    byRoute.set(route.path, new Set(reads));
  }
  reads.clear();
  feed(model);
  searchIndex(model);
  sitemap(model, routes);
  robots(model);
  webManifest(model, '/favicon.svg');
  byRoute.set('(feed, search index, sitemap, robots, manifest)', new Set(reads));
  return { reads: byRoute, html };
}

describe('what templates read', () => {
  test('the checker knows declared fields from undeclared ones (so the next test can fail)', () => {
    expect(declared(['pages', 'solutions', 'sections', 'list', 'intro'])).toBe(true);
    expect(declared(['pages', 'solutions', 'sections', 'list', 'intr'])).toBe(false);
    expect(declared(['pages', 'career', 'sections', 'jobs', 'filters', 'all'])).toBe(true);
    expect(declared(['pages', 'career', 'sections', 'jobs', 'filter'])).toBe(false);
    expect(declared(['pages', 'faqs', 'sections'])).toBe(false);
    expect(declared(['ui', 'readArticle'])).toBe(false);
    expect(declared(['forms', 'partner', 'fields', 'otherstate', 'label'])).toBe(true);
    expect(declared(['forms', 'partner', 'fields', 'fax'])).toBe(false);
    expect(declared(['posts', '[]', 'body', 'html'])).toBe(true);
    expect(declared(['posts', '[]', 'body', 'length'])).toBe(false);
    expect(declared(['legal', 'terms-conditions', 'body', 'headings', '[]', 'id'])).toBe(true);
    expect(declared(['pages', 'leadership', 'sections', 'programme', 'text', 'html'])).toBe(true);
    expect(declared(['navigation', 'menus', '[]', 'promo', 'href'])).toBe(true);
  });

  test('every template, run on the shipped content, reads only fields the schemas declare', () => {
    const { reads } = renderAllRecorded();
    const undeclared: string[] = [];
    for (const [route, paths] of reads) {
      for (const path of paths) if (path !== 'files' && !path.startsWith('files.') && !declared(path.split('.'))) undeclared.push(`${route}: ${path}`);
    }
    expect(undeclared).toEqual([]);
  });

  test('the recording is transparent: pages rendered through it are byte-identical', () => {
    const { html } = renderAllRecorded();
    for (const route of routesOf(site)) expect(html.get(route.path), route.path).toBe(renderRoute(route, { ...inputs, sites: { en: site } }).html);
  });

  test("a page shows other pages' copy only where the preview's rebuild rule knows it (generator/build/affected.ts)", () => {
    const { reads } = renderAllRecorded();
    const unknown: string[] = [];
    for (const route of routesOf(site)) {
      const pages = new Set([...reads.get(route.path)!].filter((p) => p.startsWith('pages.')).map((p) => p.split('.')[1]!));
      for (const page of pages) {
        if (page !== route.page && !sharedPageCopy[page]?.(route)) unknown.push(`${route.path} shows pages/${page}.yaml`);
      }
    }
    expect(unknown).toEqual([]);
  });

  test('every word of the page copy, ui.yaml and forms.yaml is read by some page', () => {
    const { reads } = renderAllRecorded();
    const read = new Set([...reads.values()].flatMap((paths) => [...paths]));
    const unread: string[] = [];
    const visit = (value: unknown, path: string[]) => {
      if (Array.isArray(value)) value.forEach((v) => visit(v, [...path, '[]']));
      else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) visit(v, [...path, k]);
      else if (!read.has(path.join('.'))) unread.push(path.join('.'));
    };
    const source = validate(loadAll(contentDir), { contentDir, includeDrafts: true }).site!;
    visit(source.pages, ['pages']);
    visit(source.ui, ['ui']);
    visit(source.forms, ['forms']);
    expect([...new Set(unread)]).toEqual([]);
  });
});
