// ajv's errors → located problems from the catalogue, one line per mistake. ajv reports what
// each schema keyword thinks: a misspelt key is "subheading is missing" plus "subheadng is not
// a known field", and "ELD" for a category breaks both a pattern and the category list. An
// author made one mistake each time, so each becomes one problem, with the nearest valid name.
import type { ErrorObject } from 'ajv';
import { problem, type Code } from './errors.ts';
import { locate, type SourceRecord } from '../content/load.ts';
import { formatPath, type Problem } from './problems.ts';
import { pointerToPath } from '../content/schemas.ts';
import { nearestName } from './suggest.ts';

/** The problems of one record's schema errors: deduplicated, a misspelt key merged with the field it meant. */
export function schemaProblems(record: SourceRecord, errors: readonly ErrorObject[]): Problem[] {
  if (!errors.length) return [];
  const unique = dedupe(errors);
  const missing = new Map<string, Set<string>>();
  for (const e of unique) {
    if (e.keyword === 'required') {
      const at = missing.get(e.instancePath) ?? new Set<string>();
      missing.set(e.instancePath, at.add((e.params as { missingProperty: string }).missingProperty));
    }
  }
  // A misspelt key names the missing field it was meant to be: that field is not also "missing".
  const meant = new Map<ErrorObject, string>();
  for (const e of unique) {
    if (e.keyword !== 'additionalProperties') continue;
    const key = (e.params as { additionalProperty: string }).additionalProperty;
    const absent = [...(missing.get(e.instancePath) ?? [])].filter((m) => ![...meant.values()].includes(`${e.instancePath}/${m}`));
    const suggestion = nearestName(key, absent);
    if (suggestion) meant.set(e, `${e.instancePath}/${suggestion}`);
  }
  const covered = new Set(meant.values());
  return unique
    .filter((e) => !(e.keyword === 'required' && covered.has(`${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}`)))
    .map((e) => toProblem(record, e, meant.get(e)?.split('/').pop()));
}

/** One ajv error as a located problem; `suggestion` is the field a misspelt key was meant to be. */
export function toProblem(record: SourceRecord, error: ErrorObject, suggestion?: string): Problem {
  const base = pointerToPath(error.instancePath);
  const p = error.params as Record<string, any>;
  const value = error.data;
  const at = (path: (string | number)[], pointAt = path, atKey = false) => ({ file: record.file, ...locate(record, pointAt, atKey), path: formatPath(path) });
  const here = at(base);
  switch (error.keyword) {
    case 'required': {
      const description = (error.parentSchema as any)?.properties?.[p.missingProperty]?.description as string | undefined;
      return problem('missing-field', at([...base, p.missingProperty], base), { field: p.missingProperty, description });
    }
    case 'additionalProperties': {
      const allowed = Object.keys((error.parentSchema as any)?.properties ?? {});
      const near = suggestion ?? nearestName(p.additionalProperty, allowed.filter((k) => !(value && typeof value === 'object' && Object.hasOwn(value, k))));
      return problem('unknown-field', at([...base, p.additionalProperty], [...base, p.additionalProperty], true), { suggestion: near, allowed });
    }
    case 'type':
      return problem('wrong-type', here, { value, expected: Array.isArray(p.type) ? p.type.join(' or ') : p.type });
    case 'format': {
      const code = FORMATS[p.format as string];
      if (code === 'not-a-date') return problem(code, here, { value, calendar: calendarSlip(value) });
      return code ? problem(code, here, { value }) : problem('invalid-value', here, { detail: `${JSON.stringify(value)} is not a valid ${p.format}` });
    }
    case 'enum':
    case 'const': {
      const allowed = error.keyword === 'enum' ? (p.allowedValues as unknown[]) : [p.allowedValue];
      const near = nearestName(String(value), allowed.map(String));
      return problem('not-allowed', here, { value, allowed, suggestion: allowed.find((a) => String(a) === near) });
    }
    case 'pattern': {
      const described = (error.parentSchema as { description?: string } | undefined)?.description;
      // The words for the pattern (x-form), never the regular expression: authors do not read those.
      const parent = error.parentSchema as { 'x-form'?: string; description?: string } | undefined;
      const form = parent?.['x-form'] ?? (described ? lowerFirst(described) : 'the form described in this field\'s schema (generator/schemas/)');
      return problem('wrong-form', here, { value, form });
    }
    case 'minLength':
      return p.limit === 1 ? problem('empty', here) : problem('too-short', here, { length: String(value).length, limit: p.limit });
    case 'maxLength':
      return problem('too-long', here, { length: String(value).length, limit: p.limit });
    case 'minimum':
    case 'maximum':
      return problem('out-of-range', here, { value, limit: p.limit, side: error.keyword });
    case 'minItems':
    case 'maxItems':
      return problem('item-count', here, { count: (value as unknown[]).length, limit: p.limit, side: error.keyword === 'minItems' ? 'minimum' : 'maximum' });
    case 'dependentRequired':
      return problem('needs-field', at([...base, p.property]), { needed: p.missingProperty });
    default:
      return problem('invalid-value', here, { detail: error.message ?? 'is not valid' });
  }
}

const FORMATS: Record<string, 'not-a-date' | 'not-an-email' | 'not-a-url'> = { date: 'not-a-date', email: 'not-an-email', 'absolute-url': 'not-a-url' };

// Which problem says the most when one field has several: a check against the rest of the site
// (it names the nearest valid value) before the list of allowed values, before the form.
const RANK: Code[] = [
  'still-to-write', 'unknown-placeholder', 'unknown-menu', 'unknown-category', 'missing-image', 'remote-image', 'broken-link', 'link-with-language', 'not-a-site-path', 'not-a-link', 'symbolic-link', 'path-outside-content',
  'unknown-field', 'not-allowed', 'not-a-date', 'not-an-email', 'not-a-url', 'wrong-type', 'empty', 'wrong-form', 'too-short', 'too-long',
];
const rank = (code: Code) => (RANK.includes(code) ? RANK.indexOf(code) : RANK.length);

/**
 * One problem per field: of the problems at the same field of the same file, the one that says
 * the most (RANK). Problems of a whole file, and of a Markdown body (one per link), all stay
 * (validate.ts keeps those of a Markdown field's links out of this, for the same reason).
 */
export function onePerField(problems: Problem[]): Problem[] {
  const best = new Map<string, Problem>();
  const kept: Problem[] = [];
  for (const p of problems) {
    if (!p.path || p.path === 'body' || p.code === 'missing-field') {
      kept.push(p);
      continue;
    }
    const key = `${p.file}\0${p.path}`;
    const other = best.get(key);
    if (!other || rank(p.code) < rank(other.code)) best.set(key, p);
  }
  return [...kept, ...best.values()];
}

function dedupe(errors: readonly ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Why a date written as YYYY-MM-DD is not one ("February 2024 has 29 days"), so an author who
 * wrote the form right is not told to write it; undefined when the form itself is wrong.
 */
export function calendarSlip(value: unknown): string | undefined {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12) return `there are 12 months, and ${m[2]} is not one of them`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day < 1 || day > days ? `${MONTHS[month - 1]} ${year} has ${days} days` : undefined;
}

/** "A category slug from …" → "a category slug from …", so it reads after "expected". */
function lowerFirst(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}
