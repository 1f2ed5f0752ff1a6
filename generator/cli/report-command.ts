// `site report`: visits, sources, campaigns and leads for a period, from CloudFront's access logs
// and the lead archive (or a preview's own, `--local`), printed as tables and written as JSON and
// CSV. It reads with the credentials `site publish` uses; nothing it writes holds an IP address,
// a user agent or a query value other than the UTM campaign's.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { localS3Client } from '../preview/local-aws.ts';
import { buildReport, reportCsv, type Report, type Row } from '../traffic/report.ts';
import { leadsInArchive, logsInBucket, logsInFolder, type Logs } from '../traffic/sources.ts';
import { EXIT, UsageError, UserError } from '../problems/errors.ts';
import { fromAwsError } from '../publish/errors.ts';
import { bold, dim } from '../terminal.ts';

export interface ReportOptions {
  since?: string;
  until?: string;
  /** A running or stopped preview's folder of emulators (endpoints.json), for its leads. */
  local?: string;
  /** A folder of log files (`site preview`'s or `site serve --access-log`'s). */
  logs?: string;
  logsBucket?: string;
  logsPrefix?: string;
  bucket?: string;
  region?: string;
  s3Endpoint?: string;
  out?: string;
  json?: boolean;
  /** The site's own host names: a referrer from one is a page of the visit, not a source. */
  hosts?: string[];
}

const DAY = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** [since 00:00 UTC, the day after until 00:00 UTC); a week ending today by default. */
export function periodOf(options: Pick<ReportOptions, 'since' | 'until'>, now = Date.now()): { since: number; until: number } {
  for (const [flag, v] of [['--since', options.since], ['--until', options.until]] as const) {
    if (v !== undefined && (!DATE.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))) throw new UsageError(`${flag} must be a date such as 2026-11-01, not "${v}"`);
  }
  const until = (options.until ? Date.parse(`${options.until}T00:00:00Z`) : Date.parse(new Date(now).toISOString().slice(0, 10) + 'T00:00:00Z')) + DAY;
  const since = options.since ? Date.parse(`${options.since}T00:00:00Z`) : until - 7 * DAY;
  if (since >= until) throw new UsageError(`--since (${options.since}) must be on or before --until (${options.until ?? 'today'})`);
  if (until - since > 400 * DAY) throw new UsageError('a report covers at most 400 days: narrow --since and --until');
  return { since, until };
}

/** Reads the logs and leads the options name and builds the report; throws UsageError for a missing source. */
export async function makeReport(options: ReportOptions): Promise<Report> {
  const { since, until } = periodOf(options);
  const from = since - (until - since);
  let leadsS3: S3Client | undefined;
  let leadsBucket = options.bucket ?? process.env.LEADS_BUCKET;
  let logs: Logs;
  if (options.local) {
    const file = join(resolve(options.local), 'endpoints.json');
    if (existsSync(file)) {
      const endpoints = JSON.parse(readFileSync(file, 'utf8')) as { s3: string; bucket: string };
      leadsS3 = localS3Client(endpoints.s3);
      leadsBucket = endpoints.bucket;
    }
  }
  const region = options.region ?? process.env.AWS_REGION ?? 'ca-central-1';
  const s3 = () => (options.s3Endpoint ? localS3Client(options.s3Endpoint) : new S3Client({ region }));
  const logsBucket = options.logsBucket ?? process.env.ACCESS_LOG_BUCKET;
  if (options.logs) logs = logsInFolder(resolve(options.logs), from, until);
  else if (logsBucket) logs = await readAws(() => logsInBucket(s3(), logsBucket, options.logsPrefix ?? 'cloudfront/', from, until), logsBucket, 'reading the access logs');
  // A preview's emulators are in <out>-aws and its log in <out>-access-logs.
  else if (options.local) logs = logsInFolder(resolve(options.local).replace(/-aws$/, '') + '-access-logs', from, until);
  else throw new UsageError('name the access logs: --logs-bucket (or $ACCESS_LOG_BUCKET), --logs <folder>, or --local');
  let leads: Awaited<ReturnType<typeof leadsInArchive>> = [];
  if (leadsS3 && leadsBucket) leads = await leadsInArchive(leadsS3, leadsBucket, since).catch(() => []);
  else if (leadsBucket) leads = await readAws(() => leadsInArchive(s3(), leadsBucket!, since), leadsBucket, 'reading the lead archive');
  return buildReport({ entries: logs.entries, leads, since, until, ownHosts: options.hosts, skippedLines: logs.skipped });
}

async function readAws<T>(read: () => Promise<T>, bucket: string, action: string): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const aws = fromAwsError(error, { bucket, action });
    if (aws?.exitCode === EXIT.usage) throw new UsageError(aws.message, { cause: error });
    throw new UserError(aws?.message ?? `${action} in bucket "${bucket}" failed: ${(error as Error).message}`, aws?.exitCode ?? EXIT.aws, { cause: error });
  }
}

export async function runReport(options: ReportOptions): Promise<void> {
  const report = await makeReport(options);
  const out = resolve(options.out ?? '.site/report');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(out, 'report.csv'), reportCsv(report));
  if (options.json) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  for (const line of reportLines(report)) console.log(line);
  console.log(dim(`\nWritten: ${join(out, 'report.json')} and report.csv (counts only: no address, browser or visitor id).`));
}

const pct = (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(1)}%`);
const signed = (v: number | null) => (v === null ? 'new' : `${v >= 0 ? '+' : ''}${(v * 100).toFixed(0)}%`);

/** The report as the terminal shows it: a table per series, its first `limit` rows. */
export function reportLines(report: Report, limit = 12): string[] {
  const lines: string[] = [];
  const t = report.totals;
  lines.push(bold(`Traffic ${report.since.slice(0, 10)} to ${new Date(Date.parse(report.until) - 1).toISOString().slice(0, 10)}`));
  lines.push(`  ${t.visits} visits (${signed(t.change)} on the period before: ${t.previous}), ${t.leads} leads, conversion ${pct(t.rate)}; ${t.botRequests} requests by crawlers and bots, not counted${t.skippedLines ? `; ${t.skippedLines} log lines not read` : ''}`);
  const table = (title: string, rows: Row[], withLeads = true) => {
    lines.push('', bold(title));
    if (!rows.length) return void lines.push(dim('  none'));
    const shown = rows.slice(0, limit);
    const head = withLeads ? ['', 'visits', 'leads', 'conversion', 'previous', 'change'] : ['', 'visits', 'previous', 'change'];
    const body = shown.map((r) => (withLeads ? [r.key, String(r.visits), String(r.leads), pct(r.rate), String(r.previous), signed(r.change)] : [r.key, String(r.visits), String(r.previous), signed(r.change)]));
    const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
    lines.push(dim(`  ${head.map((h, i) => (i ? h.padStart(widths[i]!) : h.padEnd(widths[i]!))).join('  ')}`));
    for (const row of body) lines.push(`  ${row.map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ')}`);
    if (rows.length > limit) lines.push(dim(`  … ${rows.length - limit} more in report.csv`));
  };
  table('Pages', report.pages);
  table('Languages', report.languages);
  table('Campaigns (UTM source / medium / campaign)', report.campaigns);
  table('Referrers', report.referrers);
  table('Entry pages', report.entryPages);
  lines.push('', bold('Forms: visits → form page → leads'));
  for (const f of report.forms) lines.push(`  ${f.form.padEnd(10)}  ${String(f.visits).padStart(6)} → ${String(f.formPageVisits).padStart(6)} → ${String(f.leads).padStart(4)}  ${pct(f.rate)}`);
  return lines;
}
