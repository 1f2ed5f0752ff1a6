// publishAt and expiresAt in content: each a real moment in the site's time zone, expiry after
// publication, and what the site holds at the moment it is built for (ValidateOptions.now).
import { locate, type SourceRecord } from '../content/load.ts';
import { DEFAULT_TIME_ZONE, isTimeZone, nextChange, parseMoment, statusAt, type Status, type Window } from '../content/schedule.ts';
import { problem } from '../problems/errors.ts';
import type { Problem } from '../problems/problems.ts';
import type { CollectionName } from '../content/collections.ts';

/** The collections whose items may have publishAt and expiresAt. */
export const SCHEDULED: readonly CollectionName[] = ['blog', 'jobs', 'solutions', 'faqs', 'team', 'testimonials'];

/** The moment a build is for, and the time zone content writes its moments in. */
export interface SiteClock {
  now: number;
  zone: string;
}

/** site.yaml's time zone (America/Toronto when absent or unknown: its problem is reported apart) and the build's moment. */
export function siteClock(records: readonly SourceRecord[], now = Date.now()): SiteClock {
  const site = records.find((r) => r.collection === 'site');
  const zone = (site?.data as { timeZone?: unknown } | undefined)?.timeZone;
  return { now, zone: typeof zone === 'string' && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE };
}

/** An item's times as instants; a value that is not a moment is left out (scheduleProblems reports it). */
export function windowOf(data: unknown, zone: string): Window {
  if (typeof data !== 'object' || data === null) return {};
  const { publishAt, expiresAt } = data as { publishAt?: unknown; expiresAt?: unknown };
  return {
    publishAt: typeof publishAt === 'string' ? parseMoment(publishAt, zone) : undefined,
    expiresAt: typeof expiresAt === 'string' ? parseMoment(expiresAt, zone) : undefined,
  };
}

/** Moments that do not exist (30 February, 25:00), an expiry not after its publication, an unknown time zone. */
export function scheduleProblems(records: readonly SourceRecord[], clock: SiteClock): Problem[] {
  const problems: Problem[] = [];
  for (const r of records) {
    const data = r.data as Record<string, unknown>;
    if (r.collection === 'site' && typeof data.timeZone === 'string' && !isTimeZone(data.timeZone)) {
      problems.push(problem('unknown-time-zone', { file: r.file, ...locate(r, ['timeZone']), path: 'timeZone' }, { value: data.timeZone }));
    }
    if (!SCHEDULED.includes(r.collection)) continue;
    let bad = false;
    for (const field of ['publishAt', 'expiresAt'] as const) {
      const value = data[field];
      // Not a string, or not of the form: the schema's problem.
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) continue;
      if (parseMoment(value, clock.zone) === undefined) {
        bad = true;
        problems.push(problem('invalid-moment', { file: r.file, ...locate(r, [field]), path: field }, { value, field }));
      }
    }
    const { publishAt, expiresAt } = windowOf(data, clock.zone);
    if (!bad && publishAt !== undefined && expiresAt !== undefined && expiresAt <= publishAt) {
      problems.push(problem('expires-before-publish', { file: r.file, ...locate(r, ['expiresAt']), path: 'expiresAt' }, { publishAt: String(data.publishAt), expiresAt: String(data.expiresAt) }));
    }
  }
  return problems;
}

/** An item with a publishAt or an expiresAt, where it stands at the build's moment, and the pages it has. */
export interface ScheduledItem {
  file: string;
  collection: CollectionName;
  title: string;
  status: Status;
  publishAt?: number;
  expiresAt?: number;
  /** Its own pages' paths in every language (posts and solutions have pages; jobs, FAQs… are parts of one). */
  paths: string[];
}

/** Every English item that has a publishAt or an expiresAt, soonest change first. */
export function scheduledItems(records: readonly SourceRecord[], clock: SiteClock, pathsOf: (record: SourceRecord) => string[]): ScheduledItem[] {
  const items: ScheduledItem[] = [];
  for (const r of records) {
    if (!SCHEDULED.includes(r.collection) || typeof r.data !== 'object' || r.data === null) continue;
    const window = windowOf(r.data, clock.zone);
    if (window.publishAt === undefined && window.expiresAt === undefined) continue;
    const data = r.data as { title?: unknown; name?: unknown; question?: unknown };
    const title = [data.title, data.name, data.question].find((v) => typeof v === 'string') as string | undefined;
    items.push({ file: r.file, collection: r.collection, title: title ?? r.slug, status: statusAt(window, clock.now), ...window, paths: pathsOf(r) });
  }
  const key = (item: ScheduledItem) => nextChange(item, clock.now)?.at ?? Infinity;
  return items.sort((a, b) => key(a) - key(b) || a.file.localeCompare(b.file));
}

/** The next change after the build's moment: which item, publishes or expires, when. */
export function nextScheduledChange(items: readonly ScheduledItem[], now: number): { item: ScheduledItem; change: 'publishes' | 'expires'; at: number } | undefined {
  let best: { item: ScheduledItem; change: 'publishes' | 'expires'; at: number } | undefined;
  for (const item of items) {
    const next = nextChange(item, now);
    if (next && (!best || next.at < best.at)) best = { item, ...next };
  }
  return best;
}

/** The stretch of time around `now` in which no item changes status: a build for any moment in it is the same site. */
export function quietWindow(items: readonly ScheduledItem[], now: number): { from: number; until: number } {
  let from = -Infinity;
  let until = Infinity;
  for (const item of items) {
    for (const at of [item.publishAt, item.expiresAt]) {
      if (at === undefined) continue;
      if (at <= now) from = Math.max(from, at);
      else until = Math.min(until, at);
    }
  }
  return { from, until };
}
