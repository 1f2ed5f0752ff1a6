// When an item is on the site: `publishAt` and `expiresAt` as authors write them, in the site's
// time zone (site.yaml `timeZone`), turned into instants, and the question "is it on the site at
// this moment?". Pure: the clock is an argument, so a build (and a test) can be run at any time.
//
// A date without a time is the start of that day in the site's time zone. A wall time that a
// daylight-saving change skips (02:30 on the spring-forward night) is read with the offset from
// before the change (so it is 03:30 once clocks have jumped), and one that happens twice (01:30
// on the fall-back night) is the first of the two: the "compatible" choice of JavaScript's
// Temporal proposal.

/** What authors write: 2026-12-07, 2026-12-07 06:00, 2026-12-07T06:00 (seconds optional), or with an offset or Z. */
export const MOMENT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?)?$/;

export const DEFAULT_TIME_ZONE = 'America/Toronto';

/** Whether `zone` is a time zone this machine's ICU knows (site.yaml `timeZone`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The instant (ms since 1970) `text` names in `zone`, or undefined when it is not a real date and time. */
export function parseMoment(text: string, zone: string): number | undefined {
  const m = MOMENT.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((v) => (v === undefined ? undefined : Number(v))) as number[];
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysIn(year!, month!) || hour > 23 || minute > 59 || second > 59) return undefined;
  const wall = Date.UTC(year!, month! - 1, day!, hour, minute, second);
  const offset = m[7];
  if (offset === 'Z') return wall;
  if (offset) {
    const sign = offset.startsWith('-') ? -1 : 1;
    return wall - sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * 60_000;
  }
  return fromWallTime(wall, zone);
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The zone's offset from UTC at `instant`, in ms (east positive). */
export function offsetAt(instant: number, zone: string): number {
  const parts = zoneParts(instant, zone);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which `zone`'s clocks show `wall` (a wall time written as if it were UTC). The
 * offsets just before and just after the guess cover both sides of a daylight-saving change.
 */
function fromWallTime(wall: number, zone: string): number {
  const candidates = new Set<number>();
  for (const probe of [wall - 86_400_000, wall, wall + 86_400_000]) candidates.add(offsetAt(probe, zone));
  const matches = [...candidates].map((offset) => wall - offset).filter((instant) => wall - offsetAt(instant, zone) === instant).sort((a, b) => a - b);
  // Shown twice (fall back): the first. Never shown (spring forward): with the offset from before.
  if (matches.length) return matches[0]!;
  return wall - offsetAt(wall - 86_400_000, zone);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function zoneParts(instant: number, zone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number; weekday: number } {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short' });
    formatters.set(zone, format);
  }
  const out: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(instant))) out[part.type] = part.value;
  return {
    year: Number(out.year), month: Number(out.month), day: Number(out.day),
    hour: Number(out.hour) % 24, minute: Number(out.minute), second: Number(out.second),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(out.weekday!),
  };
}

/** The calendar date (YYYY-MM-DD) `instant` falls on in `zone`: a post's displayed date. */
export function dateIn(instant: number, zone: string): string {
  const p = zoneParts(instant, zone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mon 7 Dec 2026 06:00 Toronto time": how the terminal and the admin say a moment. */
export function describeMoment(instant: number, zone: string): string {
  const p = zoneParts(instant, zone);
  const city = zone.split('/').pop()!.replace(/_/g, ' ');
  return `${WEEKDAYS[p.weekday]} ${p.day} ${MONTHS[p.month - 1]} ${p.year} ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')} ${city} time`;
}

/** An item's times, as instants; either may be absent. */
export interface Window {
  publishAt?: number;
  expiresAt?: number;
}

export type Status = 'scheduled' | 'live' | 'expired';

/** Where an item stands at `now`: not yet published, on the site, or expired. */
export function statusAt(window: Window, now: number): Status {
  if (window.publishAt !== undefined && now < window.publishAt) return 'scheduled';
  if (window.expiresAt !== undefined && now >= window.expiresAt) return 'expired';
  return 'live';
}

/** The next moment after `now` at which the item's status changes, if any. */
export function nextChange(window: Window, now: number): { at: number; change: 'publishes' | 'expires' } | undefined {
  if (window.publishAt !== undefined && now < window.publishAt) return { at: window.publishAt, change: 'publishes' };
  if (window.expiresAt !== undefined && now < window.expiresAt) return { at: window.expiresAt, change: 'expires' };
  return undefined;
}
