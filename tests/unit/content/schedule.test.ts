// The time rules of publishAt and expiresAt (generator/content/schedule.ts): the site's time zone,
// a date without a time, daylight-saving changes, moments that do not exist, and where an item
// stands at a moment.
import { describe, expect, test } from 'vitest';
import { dateIn, describeMoment, isTimeZone, nextChange, parseMoment, statusAt } from '../../../generator/content/schedule.ts';
import { nextScheduledChange, quietWindow, type ScheduledItem } from '../../../generator/validate/schedule.ts';

const TORONTO = 'America/Toronto';
const iso = (text: string, zone = TORONTO) => {
  const at = parseMoment(text, zone);
  return at === undefined ? undefined : new Date(at).toISOString();
};

describe('moments in the site\'s time zone', () => {
  test('a date without a time is the start of that day there, in winter and in summer', () => {
    expect(iso('2026-12-07')).toBe('2026-12-07T05:00:00.000Z');
    expect(iso('2026-07-01')).toBe('2026-07-01T04:00:00.000Z');
    expect(iso('2026-07-01', 'America/Vancouver')).toBe('2026-07-01T07:00:00.000Z');
  });

  test('a date and a time, with or without seconds, with a space or a T; an offset or Z is taken as written', () => {
    expect(iso('2026-12-07 06:00')).toBe('2026-12-07T11:00:00.000Z');
    expect(iso('2026-12-07T06:00:30')).toBe('2026-12-07T11:00:30.000Z');
    expect(iso('2026-12-07 06:00Z')).toBe('2026-12-07T06:00:00.000Z');
    expect(iso('2026-12-07 06:00-08:00')).toBe('2026-12-07T14:00:00.000Z');
  });

  test('the spring-forward gap: 02:30 does not exist and is read with the offset from before (03:30 EDT); 03:00 is the first minute after', () => {
    expect(iso('2026-03-08 01:59')).toBe('2026-03-08T06:59:00.000Z');
    expect(iso('2026-03-08 02:30')).toBe('2026-03-08T07:30:00.000Z');
    expect(iso('2026-03-08 03:00')).toBe('2026-03-08T07:00:00.000Z');
    expect(describeMoment(parseMoment('2026-03-08 02:30', TORONTO)!, TORONTO)).toBe('Sun 8 Mar 2026 03:30 Toronto time');
  });

  test('the fall-back hour happens twice: 01:30 is the first of the two (EDT); 02:00 is after the change (EST)', () => {
    expect(iso('2026-11-01 01:30')).toBe('2026-11-01T05:30:00.000Z');
    expect(iso('2026-11-01 02:00')).toBe('2026-11-01T07:00:00.000Z');
  });

  test('dates and times that do not exist, and other forms, are no moment', () => {
    for (const text of ['2026-02-30', '2026-13-01', '2026-12-07 24:00', '2026-12-07 06:60', '07/12/2026', '2026-12-7', 'tomorrow', '']) expect(iso(text), text).toBeUndefined();
    expect(iso('2028-02-29')).toBe('2028-02-29T05:00:00.000Z');
  });

  test('time zones the machine knows; a moment said as the terminal says it; its calendar day there', () => {
    expect(isTimeZone(TORONTO)).toBe(true);
    expect(isTimeZone('America/Nowhere')).toBe(false);
    const at = parseMoment('2026-12-07 06:00', TORONTO)!;
    expect(describeMoment(at, TORONTO)).toBe('Mon 7 Dec 2026 06:00 Toronto time');
    // 23:30 in Toronto is the next day in UTC: the post's date is Toronto's.
    expect(dateIn(parseMoment('2026-12-07 23:30', TORONTO)!, TORONTO)).toBe('2026-12-07');
  });
});

describe('where an item stands', () => {
  const publishAt = parseMoment('2026-12-07 06:00', TORONTO)!;
  const expiresAt = parseMoment('2026-12-14', TORONTO)!;
  const minute = 60_000;

  test('before its publishAt, scheduled; from it, live; from its expiresAt, expired', () => {
    expect(statusAt({ publishAt, expiresAt }, publishAt - minute)).toBe('scheduled');
    expect(statusAt({ publishAt, expiresAt }, publishAt)).toBe('live');
    expect(statusAt({ publishAt, expiresAt }, expiresAt - 1)).toBe('live');
    expect(statusAt({ publishAt, expiresAt }, expiresAt)).toBe('expired');
    expect(statusAt({}, 0)).toBe('live');
    expect(statusAt({ expiresAt }, expiresAt + minute)).toBe('expired');
  });

  test('the next change, and the quiet stretch around a moment in which nothing changes', () => {
    expect(nextChange({ publishAt, expiresAt }, publishAt - minute)).toEqual({ at: publishAt, change: 'publishes' });
    expect(nextChange({ publishAt, expiresAt }, publishAt)).toEqual({ at: expiresAt, change: 'expires' });
    expect(nextChange({ publishAt, expiresAt }, expiresAt)).toBeUndefined();
    const item = (title: string, window: Partial<ScheduledItem>): ScheduledItem => ({ file: `content/blog/${title}.md`, collection: 'blog', title, status: 'live', paths: [], ...window });
    const items = [item('a', { publishAt, expiresAt }), item('b', { publishAt: publishAt + 3 * minute })];
    expect(nextScheduledChange(items, publishAt + minute)).toMatchObject({ item: { title: 'b' }, change: 'publishes', at: publishAt + 3 * minute });
    expect(quietWindow(items, publishAt + minute)).toEqual({ from: publishAt, until: publishAt + 3 * minute });
    expect(quietWindow([], publishAt)).toEqual({ from: -Infinity, until: Infinity });
  });
});
