// The report (generator/traffic/report.ts): visits by people counted once per page within 30
// minutes, crawlers apart, sources, campaigns and entry pages, leads and conversion, the period
// before; and nothing of a visitor but counts in what comes out.
import { describe, expect, test } from 'vitest';
import { buildReport, reportCsv, type LeadFacts } from '../../../generator/traffic/report.ts';
import type { LogEntry } from '../../../generator/traffic/log-format.ts';

const DAY = 86_400_000;
const until = Date.parse('2026-12-02T00:00:00Z');
const since = until - 7 * DAY;
const at = (iso: string) => Date.parse(iso);
const view = (iso: string, path: string, who: string, extra: Partial<LogEntry> = {}): LogEntry => ({ at: at(iso), method: 'GET', path, status: 200, host: 'www.trilliumfleet.example', ip: `203.0.113.${who.length}`, userAgent: `Mozilla/5.0 ${who}`, contentType: 'text/html', ...extra });

const entries: LogEntry[] = [
  view('2026-11-28T10:00:00Z', '/', 'ana', { query: 'utm_source=linkedin&utm_medium=social&utm_campaign=winter%20eld', referrer: 'https://www.linkedin.com/feed' }),
  view('2026-11-28T10:05:00Z', '/', 'ana', { query: 'utm_source=linkedin&utm_medium=social&utm_campaign=winter%20eld' }), // a reload: once
  view('2026-11-28T10:06:00Z', '/contact-us', 'ana', { referrer: 'https://www.trilliumfleet.example/' }),
  view('2026-11-28T11:00:00Z', '/', 'ana'), // 55 minutes later: a new visit of the page
  view('2026-11-29T09:00:00Z', '/solutions/eld', 'bruno', { referrer: 'https://www.google.com/', query: 'utm_source=google&utm_medium=cpc&utm_campaign=eld-2026' }),
  view('2026-11-29T09:01:00Z', '/fr/contact-us', 'bruno', { referrer: 'https://www.trilliumfleet.example/solutions/eld' }),
  view('2026-11-29T09:02:00Z', '/', 'crawler', { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
  view('2026-11-29T09:03:00Z', '/styles/site.css', 'ana', { contentType: 'text/css' }), // an asset
  view('2026-11-29T09:04:00Z', '/missing', 'ana', { status: 404 }), // not a page view
  view('2026-11-29T09:05:00Z', '/send-email/', 'ana', { method: 'POST' }),
  view('2026-11-20T09:00:00Z', '/', 'carla', { referrer: 'https://www.google.com/' }), // the week before
  view('2026-11-20T09:10:00Z', '/solutions/eld', 'carla'),
  view('2026-12-03T09:00:00Z', '/', 'dora'), // after the period
];
const leads: LeadFacts[] = [
  { form: 'contact', receivedAt: '2026-11-28T10:07:00Z', locale: 'en', attribution: { landing: '/?utm_source=linkedin&utm_medium=social&utm_campaign=winter%20eld', utm_source: 'linkedin', utm_medium: 'social', utm_campaign: 'winter eld', referrer: 'www.linkedin.com', page: '/contact-us' } },
  { form: 'contact', receivedAt: '2026-11-29T09:02:00Z', locale: 'fr', attribution: { landing: '/solutions/eld?utm_source=google&utm_medium=cpc&utm_campaign=eld-2026', utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'eld-2026', referrer: 'www.google.com' } },
  { form: 'newsletter', receivedAt: '2026-11-10T09:00:00Z' }, // before the period
];
const report = buildReport({ entries, leads, since, until, ownHosts: ['www.trilliumfleet.example'] });
const row = (rows: { key: string }[], key: string) => rows.find((r) => r.key === key);

describe('visits', () => {
  test('page views by people, a reload within 30 minutes once, crawlers, assets, errors and posts left out', () => {
    expect(report.totals).toMatchObject({ visits: 5, previous: 2, change: 1.5, leads: 2, rate: 0.4, botRequests: 1 });
    expect(Object.fromEntries(report.pages.map((r) => [r.key, r.visits]))).toEqual({ '/': 2, '/contact-us': 1, '/fr/contact-us': 1, '/solutions/eld': 1 });
    // Most visited first; a tie goes to the page that brought more leads.
    expect(report.pages.map((r) => r.key).slice(0, 2)).toEqual(['/', '/solutions/eld']);
    expect(row(report.languages, 'fr')).toMatchObject({ visits: 1, leads: 1, rate: 1 });
    expect(row(report.languages, 'en')).toMatchObject({ visits: 4, leads: 1 });
  });

  test('sources: a referrer from another site by its domain, the site\'s own pages not a source, no referrer direct', () => {
    expect(row(report.referrers, 'linkedin.com')).toMatchObject({ visits: 1, leads: 1 });
    expect(row(report.referrers, 'google.com')).toMatchObject({ visits: 1, leads: 1, previous: 1, change: 0 });
    expect(row(report.referrers, '(direct)')).toMatchObject({ visits: 1 });
    expect(row(report.referrers, 'trilliumfleet.example')).toBeUndefined();
  });

  test('campaigns and entry pages, with their leads and conversion', () => {
    expect(row(report.campaigns, 'linkedin / social / winter eld')).toMatchObject({ visits: 1, leads: 1, rate: 1 });
    expect(row(report.campaigns, 'google / cpc / eld-2026')).toMatchObject({ visits: 1, leads: 1, rate: 1 });
    expect(row(report.entryPages, '/')).toMatchObject({ visits: 2, leads: 1, previous: 1 });
    expect(row(report.entryPages, '/contact-us')).toBeUndefined();
  });

  test('forms: visits, then the form\'s page in either language, then leads', () => {
    expect(report.forms.find((f) => f.form === 'contact')).toEqual({ form: 'contact', visits: 5, formPageVisits: 2, leads: 2, rate: 1 });
    expect(report.forms.find((f) => f.form === 'newsletter')).toMatchObject({ formPageVisits: 5, leads: 0, rate: 0 });
  });

  test('a series per day, for the charts', () => {
    expect(report.daily).toHaveLength(7);
    expect(report.daily.find((d) => d.date === '2026-11-28')).toEqual({ date: '2026-11-28', visits: 3, leads: 1 });
  });
});

test('only counts come out: no address, browser or visitor anywhere in the report or its CSV', () => {
  const out = JSON.stringify(report) + reportCsv(report);
  expect(out).not.toMatch(/203\.0\.113|Mozilla|Googlebot|ana|bruno/);
  expect(reportCsv(report).split('\n')[0]).toBe('section,key,visits,leads,conversion,previous_visits,change');
  expect(reportCsv(report)).toContain('campaign,linkedin / social / winter eld,1,1,1,0,');
});

test('a campaign name a spreadsheet would run as a formula is written as text', () => {
  const evil = buildReport({ entries: [view('2026-11-28T10:00:00Z', '/', 'x', { query: 'utm_source=%3DHYPERLINK(1)' })], leads: [], since, until });
  expect(reportCsv(evil)).toContain("'=HYPERLINK(1) / (none) / (none)");
});
