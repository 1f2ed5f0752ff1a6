// Visits, sources, campaigns and leads for a period, from access-log entries and archived leads:
// what `site report` prints and writes and the admin's Traffic tab draws. Pure. Only counts come
// out: the IP address and user agent a request was logged with are used here, in memory, to tell
// a reload from a new visit and a crawler from a person, and never copied into the report.
import type { LogEntry } from './log-format.ts';

/** What the report reads of a lead (functions/send-email/archive.ts ArchivedLead). */
export interface LeadFacts {
  form: string;
  receivedAt: string;
  locale?: string;
  attribution?: Partial<Record<'landing' | 'referrer' | 'page' | 'utm_source' | 'utm_medium' | 'utm_campaign', string>>;
}

export interface Row {
  key: string;
  visits: number;
  leads: number;
  /** leads ÷ visits; null without visits. */
  rate: number | null;
  /** Visits in the period just before, of the same length (a week's report: the week before). */
  previous: number;
  /** (visits − previous) ÷ previous; null when there were none before. */
  change: number | null;
}

export interface FormFunnel {
  form: string;
  /** Visits to every page, to the form's own page(s), and the form's leads. */
  visits: number;
  formPageVisits: number;
  leads: number;
  rate: number | null;
}

export interface Report {
  since: string;
  until: string;
  /** The period compared against: as long, just before. */
  previousSince: string;
  totals: { visits: number; previous: number; change: number | null; leads: number; rate: number | null; botRequests: number; skippedLines: number };
  pages: Row[];
  languages: Row[];
  referrers: Row[];
  campaigns: Row[];
  entryPages: Row[];
  forms: FormFunnel[];
  leadsByLanding: Row[];
  /** Visits and leads per day (UTC), oldest first: the charts' series. */
  daily: { date: string; visits: number; leads: number }[];
}

/** Crawlers, link previews, monitors and scripts: counted apart, never as visits. */
export const BOT = /bot\b|bot\/|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|preview|whatsapp|telegram|discord|skype|curl\/|wget|python-|go-http|java\/|okhttp|axios|node-fetch|headless|phantomjs|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|statuscake|semrush|ahrefs|mj12|petal|yandex|baidu|duckduckbot|applebot|^$/i;

/** A reload or a back-and-forth within this long counts as the same visit of a page. */
export const REPEAT_MS = 30 * 60 * 1000;

/** The page each form is on (in every language); the newsletter is in every page's footer. */
export const FORM_PAGES: Record<string, string[] | 'every'> = {
  contact: ['/contact-us'], wizard: ['/get-started'], partner: ['/partnership'], job: ['/career'], newsletter: 'every',
};

const isPage = (e: LogEntry) =>
  e.method === 'GET' && ((e.status >= 200 && e.status < 300) || e.status === 304) && !e.path.startsWith('/_') && !e.path.startsWith('/send-email')
  && (e.contentType ? /^text\/html/.test(e.contentType) : !/\.[a-z0-9]{1,5}$/i.test(e.path) || e.path.endsWith('.html'));

const pageKey = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '').replace(/\/index\.html$|\.html$/, '') || '/' : '/');
export const languageOf = (path: string) => (path === '/fr' || path.startsWith('/fr/') ? 'fr' : 'en');
/** /fr/contact-us → /contact-us: the page a form is on, in any language. */
const englishPath = (path: string) => (languageOf(path) === 'fr' ? path.slice(3) || '/' : path);

function hostOf(referrer: string | undefined): string | undefined {
  if (!referrer) return undefined;
  try {
    return new URL(referrer).host.toLowerCase();
  } catch {
    return undefined;
  }
}

const campaignKey = (utm: { source?: string | null; medium?: string | null; campaign?: string | null }) =>
  utm.source || utm.medium || utm.campaign ? `${utm.source || '(none)'} / ${utm.medium || '(none)'} / ${utm.campaign || '(none)'}` : undefined;

/** Query parameters, tolerating a value CloudFront left encoded twice. */
function utmOf(query: string | undefined) {
  if (!query) return {};
  const params = new URLSearchParams(query);
  const get = (name: string) => {
    const v = params.get(name);
    if (!v) return undefined;
    try {
      return /%[0-9A-Fa-f]{2}/.test(v) ? decodeURIComponent(v) : v;
    } catch {
      return v;
    }
  };
  return { source: get('utm_source'), medium: get('utm_medium'), campaign: get('utm_campaign') };
}

interface Counted { visits: Map<string, number>; bots: number }

/** Visits in [from, to): a page view by a person, a reload of the same page by the same person within REPEAT_MS counted once. */
function countVisits(entries: readonly LogEntry[], from: number, to: number, key: (e: LogEntry, page: string) => string[] | undefined): Counted {
  const visits = new Map<string, number>();
  const lastSeen = new Map<string, number>();
  let bots = 0;
  for (const e of [...entries].sort((a, b) => a.at - b.at)) {
    if (e.at < from || e.at >= to || !isPage(e)) continue;
    if (BOT.test(e.userAgent ?? '')) {
      bots++;
      continue;
    }
    const page = pageKey(e.path);
    const who = `${e.ip ?? ''}\u0000${e.userAgent ?? ''}\u0000${page}`;
    const last = lastSeen.get(who);
    lastSeen.set(who, e.at);
    if (last !== undefined && e.at - last < REPEAT_MS) continue;
    for (const k of key(e, page) ?? []) visits.set(k, (visits.get(k) ?? 0) + 1);
  }
  return { visits, bots };
}

const rate = (leads: number, visits: number) => (visits ? leads / visits : null);
const change = (now: number, before: number) => (before ? (now - before) / before : null);

export function buildReport(input: { entries: readonly LogEntry[]; leads: readonly LeadFacts[]; since: number; until: number; ownHosts?: readonly string[]; skippedLines?: number }): Report {
  const { since, until } = input;
  const before = since - (until - since);
  const own = new Set((input.ownHosts ?? []).map((h) => h.toLowerCase()));
  const external = (e: LogEntry) => {
    const host = hostOf(e.referrer);
    return host && host !== e.host?.toLowerCase() && !own.has(host) ? host.replace(/^www\./, '') : undefined;
  };
  const fromOwnSite = (e: LogEntry) => {
    const host = hostOf(e.referrer);
    return !!host && (host === e.host?.toLowerCase() || own.has(host));
  };
  // Every series from one pass per period: keys are `<series>\u0000<key>`.
  const keys = (e: LogEntry, page: string): string[] => {
    const out = ['total\u0000all', `page\u0000${page}`, `lang\u0000${languageOf(page)}`, `day\u0000${new Date(e.at).toISOString().slice(0, 10)}`, `formpage\u0000${englishPath(page)}`];
    if (!fromOwnSite(e)) {
      out.push(`entry\u0000${page}`, `referrer\u0000${external(e) ?? '(direct)'}`);
      const campaign = campaignKey(utmOf(e.query));
      if (campaign) out.push(`campaign\u0000${campaign}`);
    }
    return out;
  };
  const now = countVisits(input.entries, since, until, keys);
  const then = countVisits(input.entries, before, since, keys);
  const series = (name: string, counted: Counted) => new Map([...counted.visits].filter(([k]) => k.startsWith(`${name}\u0000`)).map(([k, v]) => [k.slice(name.length + 1), v]));

  const leads = input.leads.filter((l) => {
    const at = Date.parse(l.receivedAt);
    return at >= since && at < until;
  });
  const leadKeys = (l: LeadFacts): string[] => {
    const landing = l.attribution?.landing ? pageKey(l.attribution.landing.split('?')[0]!) : undefined;
    const campaign = campaignKey({ source: l.attribution?.utm_source, medium: l.attribution?.utm_medium, campaign: l.attribution?.utm_campaign });
    const out = ['total\u0000all', `lang\u0000${l.locale ?? 'en'}`, `form\u0000${l.form}`, `day\u0000${l.receivedAt.slice(0, 10)}`];
    if (landing) out.push(`page\u0000${landing}`, `entry\u0000${landing}`);
    if (campaign) out.push(`campaign\u0000${campaign}`);
    out.push(`referrer\u0000${l.attribution?.referrer?.replace(/^www\./, '') ?? '(direct)'}`);
    return out;
  };
  const leadCounts = new Map<string, number>();
  for (const l of leads) for (const k of leadKeys(l)) leadCounts.set(k, (leadCounts.get(k) ?? 0) + 1);
  const leadsOf = (name: string, key: string) => leadCounts.get(`${name}\u0000${key}`) ?? 0;

  const rows = (name: string): Row[] => {
    const current = series(name, now);
    const previous = series(name, then);
    const all = new Set([...current.keys(), ...previous.keys(), ...[...leadCounts.keys()].filter((k) => k.startsWith(`${name}\u0000`)).map((k) => k.slice(name.length + 1))]);
    return [...all].map((key) => {
      const visits = current.get(key) ?? 0;
      const l = leadsOf(name, key);
      const p = previous.get(key) ?? 0;
      return { key, visits, leads: l, rate: rate(l, visits), previous: p, change: change(visits, p) };
    }).sort((a, b) => b.visits - a.visits || b.leads - a.leads || (a.key < b.key ? -1 : 1));
  };

  const total = now.visits.get('total\u0000all') ?? 0;
  const previousTotal = then.visits.get('total\u0000all') ?? 0;
  const formPages = series('formpage', now);
  const forms: FormFunnel[] = Object.entries(FORM_PAGES).map(([form, pages]) => {
    const formPageVisits = pages === 'every' ? total : pages.reduce((n, p) => n + (formPages.get(p) ?? 0), 0);
    const l = leadsOf('form', form);
    return { form, visits: total, formPageVisits, leads: l, rate: rate(l, formPageVisits) };
  });
  const days: { date: string; visits: number; leads: number }[] = [];
  for (let at = Date.parse(new Date(since).toISOString().slice(0, 10)); at < until; at += 86_400_000) {
    const date = new Date(at).toISOString().slice(0, 10);
    days.push({ date, visits: now.visits.get(`day\u0000${date}`) ?? 0, leads: leadsOf('day', date) });
  }
  return {
    since: new Date(since).toISOString(),
    until: new Date(until).toISOString(),
    previousSince: new Date(before).toISOString(),
    totals: { visits: total, previous: previousTotal, change: change(total, previousTotal), leads: leads.length, rate: rate(leads.length, total), botRequests: now.bots, skippedLines: input.skippedLines ?? 0 },
    pages: rows('page'),
    languages: rows('lang'),
    referrers: rows('referrer'),
    campaigns: rows('campaign'),
    entryPages: rows('entry'),
    forms,
    leadsByLanding: rows('entry').filter((r) => r.leads > 0),
    daily: days,
  };
}

/** The report as CSV, one row per series and key (what a spreadsheet opens). */
export function reportCsv(report: Report): string {
  const lines = ['section,key,visits,leads,conversion,previous_visits,change'];
  const cell = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    // A cell a spreadsheet would run as a formula starts with a quote instead.
    const safe = /^[=+\-@\t\r]/.test(s) && typeof v === 'string' ? `'${s}` : s;
    return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const pct = (v: number | null) => (v === null ? null : Math.round(v * 10000) / 10000);
  const add = (section: string, rows: Row[]) => {
    for (const r of rows) lines.push([section, r.key, r.visits, r.leads, pct(r.rate), r.previous, pct(r.change)].map(cell).join(','));
  };
  lines.push(['total', 'all', report.totals.visits, report.totals.leads, pct(report.totals.rate), report.totals.previous, pct(report.totals.change)].map(cell).join(','));
  add('page', report.pages);
  add('language', report.languages);
  add('referrer', report.referrers);
  add('campaign', report.campaigns);
  add('entry', report.entryPages);
  for (const f of report.forms) lines.push(['form', f.form, f.formPageVisits, f.leads, pct(f.rate), '', ''].map(cell).join(','));
  return `${lines.join('\n')}\n`;
}
