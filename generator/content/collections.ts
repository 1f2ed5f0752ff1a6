// The content model: which files make up each collection and which JSON Schema checks them.
// A table, so adding a collection is one line here plus a schema file.

import { splitLocale } from './locales.ts';

export type CollectionKind = 'single' | 'yaml-dir' | 'markdown-dir';

export interface CollectionDef {
  kind: CollectionKind;
  /** File (single) or folder (dirs), relative to the content root. */
  path: string;
  /**
   * Schema file in generator/schemas without `.schema.json`: one for every file of the
   * collection, or, for a folder whose files each have their own, a table file name → schema
   * (a file the table does not name is refused).
   */
  schema: string | Readonly<Record<string, string>>;
}

/**
 * content/pages/<key>.yaml → the schema of its copy, one per page template (coming soon and
 * thanks share the message page's). Page copy is checked field by field against it, and the
 * templates' types are generated from it (generator/content/content-types.ts).
 */
export const pageSchemas = {
  home: 'pages/home',
  solutions: 'pages/solutions',
  blogs: 'pages/blogs',
  partnership: 'pages/partnership',
  leadership: 'pages/leadership',
  career: 'pages/career',
  'contact-us': 'pages/contact-us',
  'get-started': 'pages/get-started',
  faqs: 'pages/faqs',
  'coming-soon': 'pages/message',
  thanks: 'pages/message',
  'not-found': 'pages/not-found',
} as const;

/** The name of a page-copy file in content/pages, without `.yaml`. */
export type PageKey = keyof typeof pageSchemas;

export const collections = {
  site: { kind: 'single', path: 'site.yaml', schema: 'site' },
  navigation: { kind: 'single', path: 'navigation.yaml', schema: 'navigation' },
  categories: { kind: 'single', path: 'blog-categories.yaml', schema: 'blog-categories' },
  ui: { kind: 'single', path: 'ui.yaml', schema: 'ui' },
  forms: { kind: 'single', path: 'forms.yaml', schema: 'forms' },
  visitorEmails: { kind: 'single', path: 'visitor-emails.yaml', schema: 'visitor-emails' },
  redirects: { kind: 'single', path: 'redirects.yaml', schema: 'redirects' },
  pages: { kind: 'yaml-dir', path: 'pages', schema: pageSchemas },
  solutions: { kind: 'yaml-dir', path: 'solutions', schema: 'solution' },
  blog: { kind: 'markdown-dir', path: 'blog', schema: 'post' },
  legal: { kind: 'markdown-dir', path: 'legal', schema: 'legal' },
  faqs: { kind: 'yaml-dir', path: 'faqs', schema: 'faq' },
  team: { kind: 'yaml-dir', path: 'team', schema: 'team-member' },
  jobs: { kind: 'yaml-dir', path: 'jobs', schema: 'job' },
  testimonials: { kind: 'yaml-dir', path: 'testimonials', schema: 'testimonial' },
  industries: { kind: 'yaml-dir', path: 'industries', schema: 'industry' },
  benefits: { kind: 'yaml-dir', path: 'benefits', schema: 'benefit' },
  fleetFeatures: { kind: 'yaml-dir', path: 'fleet-features', schema: 'fleet-feature' },
  ecosystem: { kind: 'yaml-dir', path: 'ecosystem', schema: 'ecosystem' },
} as const satisfies Record<string, CollectionDef>;

export type CollectionName = keyof typeof collections;

/** Collections every language shares (facts, not copy): never translated, so never mirrored under content/fr/. */
export const sharedCollections: readonly CollectionName[] = ['site', 'redirects'];

/** Collections that must exist for a build (the shell and the lead forms need them). Others may be empty. */
export const requiredSingles: CollectionName[] = ['site', 'navigation', 'categories', 'ui', 'forms'];

/** The schema that checks one file of a collection; undefined when the collection has none for it. */
export function schemaFor(collection: CollectionName, slug: string): string | undefined {
  const schema: CollectionDef['schema'] = collections[collection].schema;
  return typeof schema === 'string' ? schema : Object.hasOwn(schema, slug) ? schema[slug] : undefined;
}

/**
 * Which collection a content-relative path belongs to, if any, in any language: fr/blog/x.md is
 * a blog item as blog/x.md is (generator/content/locales.ts).
 */
export function collectionOf(relPath: string): CollectionName | undefined {
  const { rel } = splitLocale(relPath);
  for (const [name, def] of Object.entries(collections) as [CollectionName, CollectionDef][]) {
    if (def.kind === 'single' ? rel === def.path : rel.startsWith(`${def.path}/`) && isItemFile(def, rel)) {
      return name;
    }
  }
  return undefined;
}

export function isItemFile(def: CollectionDef, relPath: string): boolean {
  const rest = relPath.slice(def.path.length + 1);
  if (rest.includes('/') || rest.startsWith('.') || rest.startsWith('_')) return false;
  return def.kind === 'markdown-dir' ? rest.endsWith('.md') : /\.ya?ml$/.test(rest);
}
