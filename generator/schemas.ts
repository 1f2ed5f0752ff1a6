// Loads the JSON Schemas once and compiles one ajv validator per content type.
// Fields tagged with `x-check` (route, link, image, category) are collected during
// validation so validate.ts can check them against the routes and files that exist.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

export const schemaDir = fileURLToPath(new URL('./schemas/', import.meta.url));

/** A value whose meaning depends on the rest of the site: checked after all files are read. */
export interface Reference {
  kind: 'route' | 'link' | 'image' | 'category';
  value: string;
  path: (string | number)[];
}

/** A field whose text a template fills in: its `{name}`s other than site facts (generator/facts.ts). */
export interface ParamField {
  path: (string | number)[];
  names: string[];
}

let collected: Reference[] = [];
let collectedParams: ParamField[] = [];

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * One ajv for every schema. `validateSchema` off: checking our own schemas against the JSON
 * Schema meta-schema on every command cost ~30 ms; tests/unit/validate.test.ts does it once
 * (`createAjv({ checkSchemas: true })`). `optimize` off: ajv's code optimiser costs more time
 * than it saves on validating a few thousand files.
 */
export function createAjv(options: { checkSchemas?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true,
    validateSchema: options.checkSchemas ?? false,
    code: { optimize: false },
  });
  ajv.addFormat('date', { type: 'string', validate: isDate });
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/);
  ajv.addFormat('absolute-url', /^https?:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/);
  // Marks a Markdown field ("block" or "inline"): the transform stage renders it to HTML and
  // the generated types hold it as the model's Markdown type (generator/schema-types.ts).
  ajv.addKeyword({ keyword: 'x-markdown', schemaType: 'string' });
  // Names a template fills in this field at run time ("{n} min read"): any other `{name}` that is
  // not a site fact is a typo the author hears about (generator/facts.ts).
  ajv.addKeyword({
    keyword: 'x-params',
    schemaType: 'array',
    errors: false,
    validate(names: string[], data: unknown, _parent: unknown, cxt?: { instancePath: string }) {
      if (typeof data === 'string' && cxt) collectedParams.push({ path: pointerToPath(cxt.instancePath), names });
      return true;
    },
  });
  ajv.addKeyword({
    keyword: 'x-check',
    schemaType: 'string',
    errors: false,
    validate(kind: Reference['kind'], data: unknown, _parent: unknown, cxt?: { instancePath: string }) {
      if (typeof data === 'string' && cxt) {
        collected.push({ kind, value: data, path: pointerToPath(cxt.instancePath) });
      }
      return true;
    },
  });
  for (const file of schemaFiles()) ajv.addSchema(JSON.parse(readFileSync(join(schemaDir, file), 'utf8')));
  return ajv;
}

/** Every schema file, relative to generator/schemas: the shared ones and pages/ (one per page template). */
export function schemaFiles(): string[] {
  const inDir = (dir: string) => readdirSync(join(schemaDir, dir)).filter((f) => f.endsWith('.schema.json')).sort().map((f) => (dir ? `${dir}/${f}` : f));
  return [...inDir(''), ...inDir('pages')];
}

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

export function validator(schema: string): ValidateFunction {
  ajv ??= createAjv();
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajv.getSchema(`${schema}.schema.json`);
    if (!fn) throw new Error(`no schema named ${schema}.schema.json in ${schemaDir}`);
    compiled.set(schema, fn);
  }
  return fn;
}

/** Validates and returns ajv's errors plus the references and runtime-parameter fields seen in the data. */
export function check(schema: string, data: unknown): { errors: NonNullable<ValidateFunction['errors']>; references: Reference[]; params: ParamField[] } {
  const fn = validator(schema);
  collected = [];
  collectedParams = [];
  const ok = fn(data);
  const references = collected;
  const params = collectedParams;
  collected = [];
  collectedParams = [];
  return { errors: ok ? [] : [...(fn.errors ?? [])], references, params };
}

export function pointerToPath(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}
