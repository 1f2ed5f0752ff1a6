// Ids, slugs, paths and orders that must not repeat. A repeat names the file that has it first
// and the next free value, so the author does not have to survey the folder to pick one.
import type { CollectionName } from '../content/collections.ts';
import { problem } from '../problems/errors.ts';
import { locate, type SourceRecord } from '../content/load.ts';
import type { Problem } from '../problems/problems.ts';

/** Fields whose value names one item, with how the message calls them. */
const uniqueKeys: { collection: CollectionName; field: string; label: string }[] = [
  { collection: 'blog', field: 'id', label: 'post id' },
  { collection: 'solutions', field: 'slug', label: 'solution slug' },
  { collection: 'solutions', field: 'path', label: 'solution path' },
  { collection: 'jobs', field: 'id', label: 'job id' },
  { collection: 'industries', field: 'slug', label: 'industry slug' },
];

/** Collections listed by `order`: two items with one order would be listed by file name instead. */
const ordered: CollectionName[] = ['solutions', 'faqs', 'team', 'testimonials', 'industries', 'benefits', 'fleetFeatures', 'ecosystem'];

/** Every repeated id, slug, path, order and category slug among `records` (files that parsed). */
export function uniquenessProblems(records: SourceRecord[]): Problem[] {
  const problems: Problem[] = [];
  const field = (r: SourceRecord, name: string) => (r.data as Record<string, unknown>)[name];
  for (const { collection, field: name, label } of uniqueKeys) {
    const items = records.filter((r) => r.collection === collection && isKey(field(r, name)));
    const values = items.map((r) => field(r, name) as string | number);
    problems.push(...repeats(items, values, (r, value, first) => problem('duplicate-id', { file: r.file, ...locate(r, [name]), path: name }, { label, value, file: first.file, next: String(nextFree(value, values)) })));
  }
  for (const collection of ordered) {
    const items = records.filter((r) => r.collection === collection && typeof field(r, 'order') === 'number');
    const values = items.map((r) => field(r, 'order') as number);
    problems.push(...repeats(items, values, (r, value, first) => problem('duplicate-order', { file: r.file, ...locate(r, ['order']), path: 'order' }, { value: value as number, file: first.file, next: nextFree(value, values) as number })));
  }
  const cats = records.find((r) => r.collection === 'categories');
  const list = (cats?.data as { categories?: unknown } | undefined)?.categories;
  if (cats && Array.isArray(list)) {
    const slugs = list.map((c) => (c as { slug?: unknown } | null)?.slug);
    const seen = new Set<unknown>();
    slugs.forEach((slug, i) => {
      if (typeof slug !== 'string') return;
      if (seen.has(slug)) {
        problems.push(problem('duplicate-id', { file: cats.file, ...locate(cats, ['categories', i, 'slug']), path: `categories[${i}].slug` }, { label: 'category slug', value: slug, file: cats.file, next: String(nextFree(slug, slugs)) }));
      }
      seen.add(slug);
    });
  }
  return problems;
}

/**
 * What of a record `uniquenessProblems` reads, as one text: two lists whose records differ only
 * where these are equal have the same repeats (the preview reuses the last answer then).
 */
export function uniquenessKey(r: SourceRecord): string {
  const data = r.data as Record<string, unknown>;
  const values: unknown[] = [r.collection];
  for (const { collection, field } of uniqueKeys) if (collection === r.collection) values.push(data[field]);
  if (ordered.includes(r.collection)) values.push(data.order);
  if (r.collection === 'categories') values.push(data.categories);
  return JSON.stringify(values);
}

const isKey = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/** Calls `report` for each item whose value an earlier item (in file order) already has. */
function repeats<T>(items: SourceRecord[], values: T[], report: (r: SourceRecord, value: T, first: SourceRecord) => Problem): Problem[] {
  const seen = new Map<T, SourceRecord>();
  const found: Problem[] = [];
  items.forEach((r, i) => {
    const first = seen.get(values[i]!);
    if (first) found.push(report(r, values[i]!, first));
    else seen.set(values[i]!, r);
  });
  return found;
}

/** A number: one more than the largest in use. Text: the value with the first free -2, -3… */
export function nextFree(value: unknown, taken: readonly unknown[]): string | number {
  if (typeof value === 'number') return Math.max(0, ...taken.filter((t): t is number => typeof t === 'number')) + 1;
  const used = new Set(taken.map(String));
  const base = String(value).replace(/-\d+$/, '');
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
