// Loads the JSON Schemas once and compiles one ajv validator per content type.
// Fields tagged with `x-check` (route, link, image, category) and Markdown fields (`x-markdown`,
// whose links and images are checked like a post body's) are collected during validation so
// validate.ts can check them against the routes and files that exist.
//
// Compiling the schemas (ajv generates a JavaScript function per schema) would be a large share
// of every command's CPU time. The generated code is therefore kept as a module in
// node_modules/.cache/site-schemas, named by a hash of every schema file, this file and ajv's
// version: like Node's compile cache, a cache of the tool's own code (the schemas are the
// generator's, never content), so a clean build may use it. A miss compiles as before and
// writes the module for the next command.
import { readFileSync, readdirSync, mkdirSync, writeFileSync, renameSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { compileWithCode, saveCode, type ScriptWithCode } from '../speed/script-code.ts';
import type { Ajv2020, ValidateFunction, KeywordCxt } from 'ajv/dist/2020.js';

// ajv itself (hundreds of modules to load) is needed only to compile: a command that finds the
// saved module (below) never loads it.
const ajvRequire = createRequire(import.meta.url);
const ajvLib = () => ajvRequire('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');

export const schemaDir = fileURLToPath(new URL('../schemas/', import.meta.url));

/** A value whose meaning depends on the rest of the site: checked after all files are read. */
export interface Reference {
  /** `markdown`: a Markdown field (x-markdown), whose links and images are checked as a body's. */
  kind: 'route' | 'link' | 'image' | 'category' | 'job-category' | 'markdown';
  value: string;
  path: (string | number)[];
  /** A one-paragraph Markdown field (x-markdown "inline"): no images. */
  inline?: boolean;
}

/** A field whose text a template fills in: its `{name}`s other than site facts (generator/transform/facts.ts). */
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

/** The formats our schemas use (the generated code reads them from this object, `formats`). */
const FORMATS = {
  date: { type: 'string' as const, validate: isDate },
  email: /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/,
  'absolute-url': /^https?:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/,
};

/** What the collecting keywords call; in the generated module these are its parameters. */
const collectors = {
  collectReference(kind: Reference['kind'], data: unknown, instancePath: string): void {
    if (typeof data === 'string') collected.push({ kind, value: data, path: pointerToPath(instancePath) });
  },
  collectMarkdown(mode: string, data: unknown, instancePath: string): void {
    if (typeof data === 'string') collected.push({ kind: 'markdown', value: data, path: pointerToPath(instancePath), ...(mode === 'inline' ? { inline: true } : {}) });
  },
  collectParams(names: string[], data: unknown, instancePath: string): void {
    if (typeof data === 'string') collectedParams.push({ path: pointerToPath(instancePath), names });
  },
};

/**
 * A keyword that never fails and hands the string at its place to a collector. Written as
 * generated code (not a `validate` function) so the compiled validators can be saved as a
 * module: the call names the collector, which the module receives as a parameter.
 */
function collecting(keyword: string, schemaType: 'string' | 'array', collector: keyof typeof collectors) {
  return {
    keyword,
    schemaType,
    code(cxt: KeywordCxt) {
      const { _, Name } = ajvLib();
      const { strConcat } = ajvRequire('ajv/dist/compile/codegen/index.js') as typeof import('ajv/dist/compile/codegen/index.js');
      const { gen, data, schemaCode, it } = cxt;
      const fn = gen.scopeValue('func', { ref: collectors[collector], code: _`${new Name(collector)}` });
      gen.code(_`${fn}(${schemaCode}, ${data}, ${strConcat(new Name('instancePath'), it.errorPath)})`);
    },
  };
}

/**
 * One ajv for every schema. `validateSchema` off: checking our own schemas against the JSON
 * Schema meta-schema on every command is wasted time; tests/unit/validate/validate.test.ts does it once
 * (`createAjv({ checkSchemas: true })`). `optimize` off: ajv's code optimiser costs more time
 * than it saves on validating a few thousand files. `source` keeps each function's code, for
 * the saved module.
 */
export function createAjv(options: { checkSchemas?: boolean; source?: boolean } = {}): Ajv2020 {
  const { Ajv2020, _ } = ajvLib();
  const ajv = new Ajv2020({
    allErrors: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true,
    validateSchema: options.checkSchemas ?? false,
    code: { optimize: false, source: options.source ?? false, formats: _`formats` },
  });
  for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, format);
  // Marks a Markdown field ("block" or "inline"): the transform stage renders it to HTML and
  // the generated types hold it as the model's Markdown type (generator/content/schema-types.ts). Its
  // text is collected: its links and images are checked as a post body's (validate.ts).
  ajv.addKeyword(collecting('x-markdown', 'string', 'collectMarkdown'));
  // Names a template fills in this field at run time ("{n} min read"): any other `{name}` that is
  // not a site fact is a typo the author hears about (generator/transform/facts.ts).
  ajv.addKeyword(collecting('x-params', 'array', 'collectParams'));
  ajv.addKeyword(collecting('x-check', 'string', 'collectReference'));
  // Words saying what a `pattern` allows, for the message an author reads instead of the pattern.
  ajv.addKeyword({ keyword: 'x-form', schemaType: 'string' });
  for (const file of schemaFiles()) ajv.addSchema(JSON.parse(readFileSync(join(schemaDir, file), 'utf8')));
  return ajv;
}

/** Every schema file, relative to generator/schemas: the shared ones and pages/ (one per page template). */
export function schemaFiles(): string[] {
  const inDir = (dir: string) => readdirSync(join(schemaDir, dir)).filter((f) => f.endsWith('.schema.json')).sort().map((f) => (dir ? `${dir}/${f}` : f));
  return [...inDir(''), ...inDir('pages')];
}

const cacheDir = fileURLToPath(new URL('../../node_modules/.cache/site-schemas/', import.meta.url));
let validators: Validators | undefined;

/** The module's name: everything the generated code depends on. */
function cacheKey(files: string[]): string {
  const h = createHash('sha256');
  const ajvVersion = (JSON.parse(readFileSync(createRequire(import.meta.url).resolve('ajv/package.json'), 'utf8')) as { version: string }).version;
  h.update(`${ajvVersion}\0${readFileSync(fileURLToPath(import.meta.url))}\0`);
  for (const file of files) h.update(`${file}\0${readFileSync(join(schemaDir, file))}\0`);
  return h.digest('hex').slice(0, 32);
}

type Validators = Record<string, ValidateFunction>;

/** Every schema's validator, by file name: from the saved module, or compiled (and saved). */
function loadValidators(): Validators {
  const files = schemaFiles();
  const file = join(cacheDir, `${cacheKey(files)}.cjs`);
  try {
    return validatorsFromModule(file);
  } catch {
    // Not saved yet (or unreadable): compile.
  }
  const { validators, code } = compileValidators(files);
  try {
    mkdirSync(cacheDir, { recursive: true });
    const temp = `${file}.${process.pid}`;
    writeFileSync(temp, code);
    renameSync(temp, file);
  } catch {
    // A read-only checkout still works, only without the saved module.
  }
  return validators;
}

/**
 * Compiles every schema; `code` is a CommonJS module of the same validators: ajv's standalone
 * code (`exports["x.schema.json"] = …`), wrapped in a function of what it uses and does not
 * define (`require` for ajv's runtime helpers, the formats, the collectors).
 */
export function compileValidators(files = schemaFiles()): { validators: Validators; code: string } {
  const ajv = createAjv({ source: true });
  const validators: Validators = {};
  for (const name of files) validators[name] = ajv.getSchema(name)!;
  const standaloneCode = ajvRequire('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js');
  const standalone = standaloneCode.default(ajv, Object.fromEntries(files.map((f) => [f, f]))).replace(/^"use strict";/, '');
  const code = `"use strict";\nmodule.exports = function (require, formats, collectReference, collectParams, collectMarkdown) {\nconst exports = {};\n${standalone}\nreturn exports;\n};\n`;
  return { validators, code };
}

/** The validators of a module compileValidators wrote. */
export function validatorsFromModule(file: string): Validators {
  const require = createRequire(import.meta.url);
  type Make = (r: NodeJS.Require, f: typeof FORMATS, c: typeof collectors.collectReference, p: typeof collectors.collectParams, m: typeof collectors.collectMarkdown) => Validators;
  // Compiled as a script with V8's code for it (script-code.ts, saveValidatorCode): the functions
  // compiled lazily as they are first called are most of this module, and compiling them would
  // slow every first validation.
  const code = compileWithCode(`(function (module) {${readFileSync(file, 'utf8')}\n})`, file);
  const module = { exports: undefined as unknown };
  (code.script.runInThisContext() as (m: typeof module) => void)(module);
  validatorCode = code;
  return (module.exports as Make)(require, FORMATS, collectors.collectReference, collectors.collectParams, collectors.collectMarkdown);
}

let validatorCode: ScriptWithCode | undefined;

/**
 * Once the validators have run (validate.ts, after checking every record): saves V8's code for
 * the saved module with the functions compiled by then, when none was used (script-code.ts).
 */
export function saveValidatorCode(): void {
  if (validatorCode) saveCode(validatorCode);
}

export function validator(schema: string, from?: Validators): ValidateFunction {
  const fn = (from ?? (validators ??= loadValidators()))[`${schema}.schema.json`];
  if (!fn) throw new Error(`no schema named ${schema}.schema.json in ${schemaDir}`);
  return fn;
}

/**
 * Validates and returns ajv's errors plus the references and runtime-parameter fields seen in
 * the data. `from`: other validators than the build's (a test compares compiled and saved ones).
 */
export function check(schema: string, data: unknown, from?: Validators): { errors: NonNullable<ValidateFunction['errors']>; references: Reference[]; params: ParamField[] } {
  const fn = validator(schema, from);
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
