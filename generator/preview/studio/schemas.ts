// A content file's JSON Schema with every $ref written out, for the admin's forms: the browser
// then needs no resolver, and a form never drifts from what the build checks (the same files).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaDir } from '../../content/schemas.ts';
import { collectionOf, schemaFor } from '../../content/collections.ts';
import { splitLocale } from '../../content/locales.ts';

type Node = Record<string, unknown>;

const files = new Map<string, Node>();
const schemaFile = (id: string): Node => {
  let schema = files.get(id);
  if (!schema) files.set(id, (schema = JSON.parse(readFileSync(join(schemaDir, id), 'utf8')) as Node));
  return schema;
};

/** The resolved schema of a content-relative path (fr/blog/x.md as blog/x.md), or undefined for a file of no collection. */
export function resolvedSchemaOf(relPath: string): Record<string, unknown> | undefined {
  const collection = collectionOf(relPath);
  if (!collection) return undefined;
  const { rel } = splitLocale(relPath);
  const slug = rel.split('/').pop()!.replace(/\.(md|ya?ml)$/, '');
  const name = schemaFor(collection, slug);
  return name ? resolve(schemaFile(`${name}.schema.json`), `${name}.schema.json`, 0) : undefined;
}

/** `node` with each $ref replaced by what it points at, its own keywords winning (2020-12 allows siblings). */
function resolve(node: unknown, file: string, depth: number): Node {
  if (depth > 32) throw new Error(`${file}: $refs nest deeper than 32 (a cycle?)`);
  if (Array.isArray(node)) return node.map((item) => resolve(item, file, depth)) as unknown as Node;
  if (!node || typeof node !== 'object') return node as Node;
  const { $ref, $schema, $id, $defs, ...own } = node as Node;
  void $schema; void $id; void $defs;
  let out: Node = {};
  for (const [key, value] of Object.entries(own)) {
    // Property and definition names are names, not schemas with $refs of their own to follow.
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as Node).map(([k, v]) => [k, resolve(v, file, depth + 1)])) : typeof value === 'object' ? resolve(value, file, depth + 1) : value;
  }
  if (typeof $ref === 'string') {
    const [target = '', pointer = ''] = $ref.split('#');
    const targetFile = target ? join(file, '..', target).replace(/\\/g, '/') : file;
    let base: unknown = schemaFile(targetFile);
    for (const part of pointer.split('/').filter(Boolean)) base = (base as Node)[decodeURIComponent(part)];
    out = { ...resolve(base, targetFile, depth + 1), ...out };
  }
  return out;
}
