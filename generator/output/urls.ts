// URLs that never break. The site keeps a record of every public URL it has published
// (content/published-urls.txt, one per line, committed with the content like a lockfile) and
// content/redirects.yaml says where each URL it no longer builds went: a 301 to a page of the
// site, or 410 Gone. An item past its expiresAt is gone (410) without an entry. From these the
// build makes the URL rule's table (functions/url-rule/index.js), which production, the preview
// and `site serve` all answer with.
import { readFileSync } from 'node:fs';
import { locate, type SourceRecord } from '../content/load.ts';
import { inspectUnder, readInspected } from '../content/paths.ts';
import { problem } from '../problems/errors.ts';
import type { Problem } from '../problems/problems.ts';
import { nearestRoute } from '../problems/suggest.ts';
import type { Route } from '../render/routes.ts';
import type { ScheduledItem } from '../validate/schedule.ts';

/** The build's redirect table, and the URL rule with it filled in (for the deploy): beside the pages, never published. */
export const REDIRECTS_FILE = '.site-redirects.json';
export const URL_RULE_FILE = '.site-url-rule.js';

/** The record's place in a content folder. */
export const URL_RECORD = 'published-urls.txt';

/** path → [301, where it went] or [410]: what the URL rule answers for a URL the site no longer builds. */
export type RedirectTable = Record<string, [301, string] | [410]>;

export interface UrlPlan {
  /** Mistakes in content/redirects.yaml: they stop the build, like any content problem. */
  problems: Problem[];
  /** URLs published once and neither built nor redirected now, and a record that was out of date. */
  warnings: Problem[];
  table: RedirectTable;
  /** The record as it should be now (written by the build when it differs). */
  record: string;
  /** Whether `record` differs from the file read. */
  changed: boolean;
  /** Expired items' pages, answered 410 (or as redirects.yaml says). */
  retired: string[];
}

interface Entry { from: string; to?: string; gone?: boolean; at: number }

/** Every path a build publishes: its routes in every language, the 404 page aside. */
export function publishedPaths(routes: readonly Route[]): Set<string> {
  return new Set(routes.filter((r) => r.status !== 404).map((r) => r.path));
}

/** What the record file says: paths published, and paths scheduled with the moment they publish. */
export function readRecord(text: string | undefined): Map<string, number | undefined> {
  const out = new Map<string, number | undefined>();
  for (const line of (text ?? '').split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const [path, publishes] = trimmed.split(/\s+publishes\s+/);
    const at = publishes ? Date.parse(publishes) : undefined;
    out.set(path!, at !== undefined && Number.isFinite(at) ? at : undefined);
  }
  return out;
}

function writeRecord(entries: Map<string, number | undefined>): string {
  const lines = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([path, at]) => (at === undefined ? path : `${path} publishes ${new Date(at).toISOString()}`));
  return `# Every public URL this site has published, kept by \`npx site build\`: commit it with the content.\n# A URL here that the site no longer builds needs an entry in content/redirects.yaml (docs/authoring.md, "URLs that never break").\n${lines.join('\n')}\n`;
}

/**
 * The redirects, checked against the routes the build makes now; the record brought up to date;
 * a warning for each published URL that would now be a 404.
 */
export function planUrls(input: {
  routes: readonly Route[];
  /** Drafts' files: their pages are built by the preview but never published, so never recorded. */
  drafts?: ReadonlySet<string>;
  redirects: SourceRecord | undefined;
  recordText: string | undefined;
  /** Display path of the record file, for located warnings. */
  recordFile: string;
  scheduled: readonly ScheduledItem[];
  now: number;
}): UrlPlan {
  // What production publishes: the preview builds drafts too, but judges URLs as publishing does.
  const built = publishedPaths(input.routes.filter((r) => !input.drafts?.has(r.sources[0] ?? '')));
  const problems: Problem[] = [];
  const entries = redirectEntries(input.redirects);
  const byFrom = new Map<string, Entry>();
  const file = input.redirects?.file ?? 'content/redirects.yaml';
  const at = (i: number, field: string) => ({ file, ...(input.redirects ? locate(input.redirects, ['redirects', i, field]) : { line: 1, column: 1 }), path: `redirects[${i}].${field}` });
  entries.forEach((entry, i) => {
    const first = byFrom.get(entry.from);
    if (first) return void problems.push(problem('redirect-repeated', at(i, 'from'), { from: entry.from, line: input.redirects ? locate(input.redirects, ['redirects', first.at, 'from']).line : 1 }));
    byFrom.set(entry.from, entry);
    if (built.has(entry.from)) problems.push(problem('redirect-from-live-page', at(i, 'from'), { from: entry.from }));
    if (!entry.gone && entry.to === undefined) problems.push(problem('redirect-needs-target', at(i, 'from'), { from: entry.from }));
  });
  entries.forEach((entry, i) => {
    if (entry.to === undefined || byFrom.get(entry.from) !== entry) return;
    const target = entry.to.replace(/[?#].*$/, '') || '/';
    if (built.has(target)) return;
    if (byFrom.has(target)) {
      // Follow the chain to where it ends: a page, a 410, or back on itself.
      const seen = new Set([entry.from]);
      let next = target;
      while (byFrom.get(next)?.to !== undefined && !seen.has(next)) {
        seen.add(next);
        next = byFrom.get(next)!.to!.replace(/[?#].*$/, '') || '/';
      }
      const final = built.has(next) ? next : '';
      return void problems.push(problem('redirect-chain', at(i, 'to'), { to: entry.to, final }));
    }
    problems.push(problem('redirect-target-missing', at(i, 'to'), { to: entry.to, suggestion: nearestRoute(target, built) }));
  });

  const table: RedirectTable = {};
  for (const entry of byFrom.values()) {
    if (entry.gone) table[entry.from] = [410];
    else if (entry.to !== undefined) table[entry.from] = [301, entry.to];
  }
  // An expired item's pages are gone unless an entry sends them somewhere.
  const retired: string[] = [];
  for (const item of input.scheduled) {
    if (item.status !== 'expired') continue;
    for (const path of item.paths) {
      if (built.has(path)) continue;
      retired.push(path);
      table[path] ??= [410];
    }
  }

  // The record: what it said, what this build publishes, and what it will publish (with when).
  const recorded = readRecord(input.recordText);
  const next = new Map<string, number | undefined>();
  const warnings: Problem[] = [];
  const lines = (input.recordText ?? '').split('\n');
  const lineOf = (path: string) => Math.max(1, lines.findIndex((l) => l.trim() === path || l.trim().startsWith(`${path} `)) + 1);
  const newPaths = [...built].filter((p) => !recorded.has(p));
  for (const [path, publishes] of recorded) {
    // Scheduled and taken out before it was ever published: nobody has seen it.
    const seen = publishes === undefined || publishes <= input.now;
    if (!seen && !built.has(path) && !input.scheduled.some((item) => item.paths.includes(path))) continue;
    next.set(path, publishes);
    if (!seen || built.has(path) || table[path]) continue;
    warnings.push(problem('url-no-longer-built', { file: input.recordFile, line: lineOf(path), column: 1 }, { url: path, proposal: proposal(path, newPaths, built) }));
  }
  for (const path of built) if (!next.has(path)) next.set(path, undefined);
  for (const item of input.scheduled) {
    if (item.status !== 'scheduled') continue;
    for (const path of item.paths) if (!next.has(path)) next.set(path, item.publishAt);
  }
  const record = writeRecord(next);
  const changed = record !== input.recordText;
  // A record that was there but did not list what this build publishes: commit it (CI fails with --strict).
  const missing = [...next.keys()].filter((p) => !recorded.has(p));
  if (input.recordText !== undefined && missing.length) {
    warnings.push(problem('url-record-out-of-date', { file: input.recordFile, line: 1, column: 1 }, { count: missing.length, first: missing[0]! }));
  }
  return { problems, warnings, table, record, changed, retired };
}

/** The entry to write for `path`: the one new page of the same section (a rename), else its section's list, else gone. */
function proposal(path: string, newPaths: string[], built: Set<string>): string {
  const section = path.split('/').slice(0, -1).join('/') || '/';
  const renamed = newPaths.filter((p) => p !== path && (p.split('/').slice(0, -1).join('/') || '/') === section);
  const entry = (to: string) => `"- from: ${path}" with "to: ${to}"`;
  if (renamed.length === 1) return `${entry(renamed[0]!)} (it looks renamed), or "gone: true" if it is gone for good`;
  const lists: Record<string, string> = { '/blog-details': '/blogs', '/fr/blog-details': '/fr/blogs' };
  const list = lists[section] ?? (built.has(section) ? section : undefined);
  return list ? `${entry(list)}, or "- from: ${path}" with "gone: true" (410)` : `"- from: ${path}" with "to:" a page of the site, or "gone: true" (410)`;
}

function redirectEntries(record: SourceRecord | undefined): Entry[] {
  const list = (record?.data as { redirects?: unknown } | undefined)?.redirects;
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw, at): Entry[] => {
    if (typeof raw !== 'object' || raw === null || typeof (raw as { from?: unknown }).from !== 'string') return [];
    const { from, to, gone } = raw as { from: string; to?: unknown; gone?: unknown };
    return [{ from, to: typeof to === 'string' ? to : undefined, gone: gone === true, at }];
  });
}

/** The URL rule's JavaScript with the table filled in: what CloudFront runs, and the preview and `site serve` too. */
export function urlRuleCode(source: string, table: RedirectTable): string {
  const marker = /^var REDIRECTS = \{\};.*$/m;
  if (!marker.test(source)) throw new Error('generator bug: functions/url-rule/index.js has no "var REDIRECTS = {};" line');
  const entries = Object.keys(table).sort().map((from) => `${JSON.stringify(from)}:${JSON.stringify(table[from])}`);
  return source.replace(marker, `var REDIRECTS = {${entries.join(',')}};`);
}

/** functions/url-rule/index.js as it is deployed when there are no redirects. */
export const urlRuleSource = readFileSync(new URL('../../functions/url-rule/index.js', import.meta.url), 'utf8');

/** The record's text in `contentDir`, or undefined when there is none (a first build makes it). Never read through a link. */
export function readRecordFile(contentDir: string): string | undefined {
  const status = inspectUnder(contentDir, URL_RECORD);
  return status.kind === 'file' ? readInspected(status.abs).toString('utf8') : undefined;
}

/** CloudFront Functions' limit on a function's code. */
export const URL_RULE_MAX_BYTES = 10_240;
