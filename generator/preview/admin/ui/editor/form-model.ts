// A content file's JSON Schema (its $refs already resolved, studio/schemas.ts) → the form an author
// fills in: which control each field gets, its label and help, and the edits a changed form saves.
// Pure, so the mapping is unit-tested keyword by keyword (tests/unit/preview/form-model.test.ts).

/** A JSON Schema node as the shipped schemas write them, after $ref resolution. */
export interface SchemaNode {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  propertyNames?: SchemaNode;
  items?: SchemaNode;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  'x-form'?: string;
  'x-check'?: string;
  'x-markdown'?: 'block' | 'inline';
  'x-params'?: string[];
}

export type Control =
  | 'line' | 'paragraph' | 'markdown' | 'markdown-inline'
  | 'number' | 'integer' | 'switch' | 'select' | 'date' | 'moment' | 'image' | 'reference' | 'const'
  | 'group' | 'list' | 'map';

export interface FieldSpec {
  control: Control;
  label: string;
  help?: string;
  required: boolean;
  /** select: the enum's values; reference: filled from what exists (FormOptions). */
  options?: string[];
  /** reference and image: what the value names (category, job-category, route, link, image). */
  names?: string;
  /** The words for a pattern (x-form), shown as the field's format. */
  form?: string;
  min?: number;
  max?: number;
  /** group: its fields in schema order. */
  fields?: { key: string; spec: FieldSpec }[];
  /** list and map: every item's field. */
  item?: FieldSpec;
  /** const: the only value. */
  value?: unknown;
}

/** Keys whose text is one line however long the schema allows it to be. */
const ONE_LINE = /(^|[a-z])(title|name|label|heading|subheading|slug|id|href|url|email|phone|alt|Alt|icon|button|role|location|department|level|workplace|employmentType|author|company|city|region|postalCode|street|country|value|placeholder|tag|network|handle)$/;

/** imageAlt → Image alt, employmentType → Employment type, seo.title → Title. */
export function humanise(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const typeOf = (node: SchemaNode): string | undefined => (Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type);

/** The form field for one schema node, at `key` of its parent. */
export function fieldOf(node: SchemaNode, key: string, required: boolean): FieldSpec {
  const base = { label: node.title ?? humanise(key), help: node.description, required };
  if (node.const !== undefined) return { ...base, control: 'const', value: node.const };
  if (node.enum) return { ...base, control: 'select', options: node.enum.map(String) };
  const type = typeOf(node);
  if (type === 'boolean') return { ...base, control: 'switch' };
  if (type === 'integer' || type === 'number') {
    const min = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + (type === 'integer' ? 1 : Number.EPSILON) : undefined);
    return { ...base, control: type, min, max: node.maximum };
  }
  if (type === 'array') {
    return { ...base, control: 'list', item: fieldOf(node.items ?? {}, key.replace(/s$/, ''), true), min: node.minItems, max: node.maxItems };
  }
  if (type === 'object' || node.properties) {
    if (!node.properties && node.additionalProperties && typeof node.additionalProperties === 'object') {
      return { ...base, control: 'map', item: fieldOf(node.additionalProperties, key, true), form: node.propertyNames?.['x-form'] };
    }
    const req = new Set(node.required ?? []);
    const fields = Object.entries(node.properties ?? {}).map(([k, child]) => ({ key: k, spec: fieldOf(child, k, req.has(k)) }));
    return { ...base, control: 'group', fields };
  }
  // A string.
  const check = node['x-check'];
  const text = { ...base, form: node['x-form'], min: node.minLength, max: node.maxLength };
  if (check === 'image' || /^\^images\//.test(node.pattern ?? '')) return { ...text, control: 'image', names: 'image' };
  if (check === 'category' || check === 'job-category') return { ...text, control: 'reference', names: check };
  if (check === 'route' || check === 'link') return { ...text, control: 'line', names: check };
  if (node.format === 'date') return { ...text, control: 'date' };
  if (node.pattern?.startsWith('^\\d{4}-\\d{2}-\\d{2}([ T]')) return { ...text, control: 'moment' };
  if (node['x-markdown'] === 'block') return { ...text, control: 'markdown' };
  if (node['x-markdown'] === 'inline') return { ...text, control: 'markdown-inline' };
  if (node.pattern || node.format || ONE_LINE.test(key) || (node.maxLength !== undefined && node.maxLength <= 120)) return { ...text, control: 'line' };
  return { ...text, control: 'paragraph' };
}

/** The form of a whole file: its root object's fields. */
export function formOf(schema: SchemaNode): FieldSpec {
  return fieldOf(schema, '', true);
}

export type Path = (string | number)[];
export type Edit = { path: Path; value: string | number | boolean | null } | { path: Path; remove: true };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What saving `after` over `before` changes, value by value: a changed scalar is one edit, a list
 * that shrank loses its last items, a key that is gone is removed. Removals come last, deepest and
 * highest index first, so no index they name has moved.
 */
export function editsBetween(before: unknown, after: unknown): Edit[] {
  const sets: Edit[] = [];
  const removes: { path: Path; remove: true }[] = [];
  const walk = (was: unknown, now: unknown, path: Path) => {
    if (Array.isArray(now)) {
      const old = Array.isArray(was) ? was : [];
      now.forEach((item, i) => walk(old[i], item, [...path, i]));
      for (let i = old.length - 1; i >= now.length; i--) removes.push({ path: [...path, i], remove: true });
      return;
    }
    if (isObject(now)) {
      const old = isObject(was) ? was : {};
      for (const [key, value] of Object.entries(now)) if (value !== undefined) walk(old[key], value, [...path, key]);
      for (const key of Object.keys(old)) if (now[key] === undefined) removes.push({ path: [...path, key], remove: true });
      return;
    }
    if (now === undefined) return;
    if (was !== now && path.length) sets.push({ path, value: now as string | number | boolean | null });
  };
  walk(before, after, []);
  removes.sort((a, b) => comparePaths(b.path, a.path));
  return [...sets, ...removes];
}

function comparePaths(a: Path, b: Path): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    return typeof a[i] === 'number' && typeof b[i] === 'number' ? (a[i] as number) - (b[i] as number) : String(a[i]) < String(b[i]) ? -1 : 1;
  }
  return a.length - b.length;
}

/** faqs[0].title, as the generator's problems name a field (problems/problems.ts formatPath). */
export function pathName(path: readonly (string | number)[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${key}` : key), '');
}

/** The value a new list item starts as: empty text, false, the minimum, or a group of those. */
export function emptyValue(spec: FieldSpec): unknown {
  switch (spec.control) {
    case 'switch': return false;
    case 'number': case 'integer': return spec.min ?? 0;
    case 'const': return spec.value;
    case 'select': return spec.options?.[0] ?? '';
    case 'list': return [];
    case 'map': return {};
    case 'group': return Object.fromEntries(spec.fields!.filter((f) => f.spec.required).map((f) => [f.key, emptyValue(f.spec)]));
    default: return '';
  }
}

/** `data` with the value at `path` replaced (undefined removes it); nothing else is copied. */
export function setIn(data: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const [key, ...rest] = path;
  if (typeof key === 'number') {
    const list = Array.isArray(data) ? [...data] : [];
    if (value === undefined && !rest.length) list.splice(key, 1);
    else list[key] = setIn(list[key], rest, value);
    return list;
  }
  const object: Record<string, unknown> = isObject(data) ? { ...data } : {};
  const next = setIn(object[key!], rest, value);
  if (next === undefined) delete object[key!];
  else object[key!] = next;
  return object;
}

export function getIn(data: unknown, path: Path): unknown {
  return path.reduce<unknown>((value, key) => (value === null || typeof value !== 'object' ? undefined : (value as Record<string | number, unknown>)[key]), data);
}

/** Placeholders a text names ({phone}, {SolutionCount}): shown as chips with their value. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\{([A-Za-z][A-Za-z0-9]*)\}/g)].map((m) => m[1]!))];
}
