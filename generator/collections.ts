// The content model: which files make up each collection and which JSON Schema checks them.
// A table, so adding a collection is one line here plus a schema file.

export type CollectionKind = 'single' | 'yaml-dir' | 'markdown-dir';

export interface CollectionDef {
  kind: CollectionKind;
  /** File (single) or folder (dirs), relative to the content root. */
  path: string;
  /** Schema file name in generator/schemas without `.schema.json`. */
  schema: string;
}

export const collections = {
  site: { kind: 'single', path: 'site.yaml', schema: 'site' },
  navigation: { kind: 'single', path: 'navigation.yaml', schema: 'navigation' },
  categories: { kind: 'single', path: 'blog-categories.yaml', schema: 'blog-categories' },
  ui: { kind: 'single', path: 'ui.yaml', schema: 'ui' },
  forms: { kind: 'single', path: 'forms.yaml', schema: 'forms' },
  pages: { kind: 'yaml-dir', path: 'pages', schema: 'page' },
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

/** Collections that must exist for a build (the shell needs them). Others may be empty. */
export const requiredSingles: CollectionName[] = ['site', 'navigation', 'categories', 'ui'];

/** Which collection a content-relative path belongs to, if any. */
export function collectionOf(relPath: string): CollectionName | undefined {
  for (const [name, def] of Object.entries(collections) as [CollectionName, CollectionDef][]) {
    if (def.kind === 'single' ? relPath === def.path : relPath.startsWith(`${def.path}/`) && isItemFile(def, relPath)) {
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
