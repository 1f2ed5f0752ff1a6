// `site leads resend`: sends every archived lead still marked unsent (SES failed when it
// arrived), each once. Operators run it with AWS credentials; `--local` points it at the S3 and
// SES emulators of a running `site preview`, and explicit endpoints at any other emulator.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { SESClient } from '@aws-sdk/client-ses';
import { s3Archive, type ArchivedLead } from '../../functions/send-email/archive.ts';
import type { ConsentEvent } from '../../functions/send-email/consent.ts';
import { isEmail } from '../../common/lead/validation.ts';
import { FORMS, resendUnsent } from '../../functions/send-email/lead.ts';
import { exportRow, leadShapeProblem, selected, toCsv } from '../leads/leads-export.ts';
import { sendingClientOptions, sesMailer } from '../../functions/send-email/mailer.ts';
import { leadSettings } from '../leads/lead-settings.ts';
import { localS3Client, localSesClient } from '../preview/local-aws.ts';
import { localLinkSecret } from '../preview/leads.ts';
import { EXIT, UsageError, UserError } from '../problems/errors.ts';
import { fromAwsError } from '../publish/errors.ts';
import { bold, dim, green, red, yellow } from '../terminal.ts';

export interface ResendOptions {
  contentDir: string;
  since?: string;
  bucket?: string;
  region?: string;
  s3Endpoint?: string;
  sesEndpoint?: string;
  /** The folder of a running preview's emulators (its endpoints.json). */
  local?: string;
}

/**
 * Sends the unsent leads. A flag missing or wrong is a UsageError (exit 2), before anything is
 * read; the archive unreadable is a UserError with AWS's exit code (4, 5 or 6).
 */
export async function runResend(options: ResendOptions): Promise<{ sent: number; failed: number }> {
  if (options.since && !/^\d{4}-\d{2}-\d{2}$/.test(options.since)) throw new UsageError(`--since must be a date such as 2026-11-01, not "${options.since}"`);
  const { bucket, s3, ses, local } = clients(options);
  const settings = leadSettings(options.contentDir);
  settings.sender = process.env.LEAD_SENDER || settings.sender;

  // A lead sent here gets what follows a sent lead in the function (lead.ts followUp): its
  // consent request recorded, the visitor's e-mail (the opt-in or the receipt, whose links need
  // the function's LEAD_LINK_SECRET, or with --local the preview's own) and, with
  // LEAD_WEBHOOK_URL set as in the function, its webhook entry.
  const linkSecret = local ? localLinkSecret(local.dir) : process.env.LEAD_LINK_SECRET;
  const deps = {
    archive: s3Archive(s3, bucket), mailer: sesMailer(ses), settings, linkSecret, linkBase: local?.origin ?? settings.origin,
    ...(process.env.LEAD_WEBHOOK_URL ? { webhook: {} } : {}),
    warn: (step: string, error: unknown) => console.log(`  ${red('✗')} ${step} failed (${(error as Error)?.name ?? 'Error'}); the lead itself is sent`),
  };
  if (!linkSecret) console.log(dim('  LEAD_LINK_SECRET is not set: resent leads get no visitor e-mail (opt-in request, receipt); their consent requests are still recorded'));
  let result;
  try {
    result = await resendUnsent(deps, {
      since: options.since,
      onLead: (lead, sent) => console.log(`  ${sent ? green('✓ sent') : red('✗ failed')}  ${lead.form.padEnd(10)} ${lead.id} ${dim(`received ${lead.receivedAt}, attempt ${lead.attempts}`)}`),
      onSkipped: (key, reason) => console.log(`  ${red('✗ skipped')} ${key} ${dim(`(${reason}; it is left as it is, and the run goes on)`)}`),
    });
  } catch (error) {
    throw archiveError(error, bucket);
  }
  console.log(bold(`${result.sent} lead${result.sent === 1 ? '' : 's'} sent, ${result.failed} failed`) + dim(` (${result.checked} archived lead${result.checked === 1 ? '' : 's'} checked${options.since ? ` since ${options.since}` : ''}${result.skipped ? `, ${result.skipped} unreadable skipped` : ''})`));
  if (result.failed) throw new UserError(`${result.failed} lead${result.failed === 1 ? '' : 's'} could not be sent and stay${result.failed === 1 ? 's' : ''} unsent; run the command again later (each lead is sent once)`, EXIT.aws);
  return result;
}

export interface ExportOptions extends Omit<ResendOptions, 'sesEndpoint'> {
  until?: string;
  form?: string;
  format?: string;
  /** Where the text goes (stdout by default). */
  write?: (text: string) => void;
  /** Where a skipped object is named (stderr by default, beside the export on stdout). */
  warn?: (line: string) => void;
}

/**
 * `site leads export`: the leads from --since to --until (days, inclusive), of one --form or
 * all, as CSV or JSON, each with its address's consent standing and its attribution. An object
 * under leads/ that is not a lead (not JSON, or without a lead's fields) is skipped and named on
 * stderr, and the others are exported: a warning, exit 0, since running it again would skip it
 * again (exit 4 says the opposite) and one stray object had left `> leads.csv` empty.
 */
export async function runExport(options: ExportOptions): Promise<number> {
  for (const [flag, value] of [['--since', options.since], ['--until', options.until]] as const) {
    if (value && !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new UsageError(`${flag} must be a date such as 2026-11-01, not "${value}"`);
  }
  if (options.form && !(FORMS as string[]).includes(options.form)) throw new UsageError(`--form must be one of ${FORMS.join(', ')}, not "${options.form}"`);
  const format = options.format ?? 'csv';
  if (format !== 'csv' && format !== 'json') throw new UsageError(`--format must be csv or json, not "${format}"`);
  const { bucket, s3 } = clients(options);
  const archive = s3Archive(s3, bucket);
  const leads: ArchivedLead[] = [];
  const consent = new Map<string, ConsentEvent[]>();
  const warn = options.warn ?? ((line: string) => console.error(line));
  let skipped = 0;
  try {
    for await (const key of archive.keys(options.since)) {
      const lead = await readLead(archive, key);
      if (typeof lead === 'string') {
        skipped++;
        warn(yellow(`⚠ skipped ${key}: not a lead (${lead})`));
        continue;
      }
      if (!lead || !selected(lead, options)) continue;
      leads.push(lead);
      const email = lead.message.from_email.toLowerCase();
      if (!consent.has(email)) consent.set(email, await archive.consentEvents(email));
    }
  } catch (error) {
    throw archiveError(error, bucket);
  }
  const rows = leads.map((lead) => exportRow(lead, consent.get(lead.message.from_email.toLowerCase()) ?? []));
  const text = format === 'csv' ? toCsv(rows) : `${JSON.stringify(leads.map((lead, i) => ({ ...lead, consentStanding: { status: rows[i]!.newsConsent, since: rows[i]!.newsConsentSince || undefined } })), null, 2)}\n`;
  (options.write ?? ((t: string) => process.stdout.write(t)))(text);
  if (skipped) warn(yellow(`⚠ ${skipped} archived object${skipped === 1 ? ' was' : 's were'} skipped (named above) and ${leads.length} lead${leads.length === 1 ? '' : 's'} exported; look at ${skipped === 1 ? 'it' : 'them'} in the bucket: the lead function never writes such an object`));
  return leads.length;
}

/** An archived lead; null when it is gone; what is wrong with it when the object is not a lead. */
async function readLead(archive: ReturnType<typeof s3Archive>, key: string): Promise<ArchivedLead | null | string> {
  let lead: ArchivedLead | null;
  try {
    lead = await archive.get(key);
  } catch (error) {
    // The object came, but its text is not JSON; anything else is the archive failing.
    if (error instanceof SyntaxError) return 'its text is not JSON';
    throw error;
  }
  return lead === null ? null : (leadShapeProblem(lead) ?? lead);
}

/** `site leads consent --email`: every consent event of one address, oldest first, as the regulator would ask for it. */
export async function runConsent(options: Omit<ResendOptions, 'sesEndpoint' | 'since'> & { email?: string; json?: boolean; write?: (text: string) => void }): Promise<ConsentEvent[]> {
  if (!options.email || !isEmail(options.email.trim())) throw new UsageError(`--email must be an e-mail address${options.email ? `, not "${options.email}"` : ''}`);
  const { bucket, s3 } = clients(options);
  let events: ConsentEvent[];
  try {
    events = await s3Archive(s3, bucket).consentEvents(options.email);
  } catch (error) {
    throw archiveError(error, bucket);
  }
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  if (options.json) {
    write(`${JSON.stringify(events, null, 2)}\n`);
    return events;
  }
  if (!events.length) write(`No consent recorded for ${options.email.trim().toLowerCase()}.\n`);
  for (const e of events) {
    const where = [e.type === 'requested' ? `${e.form} form (${e.locale})` : '', e.page ? `page ${e.page}` : '', e.ip ? `IP ${e.ip}` : '', e.userAgent ? `user agent "${e.userAgent}"` : ''].filter(Boolean).join(', ');
    write(`${e.at}  ${e.type.padEnd(9)}  ${e.type === 'withdrawn' ? 'by the unsubscribe link' : `request ${e.consentId}`}${where ? `  ${where}` : ''}\n`);
    if (e.type === 'requested') write(`    wording ${e.wording.version}: "${e.wording.text}"\n`);
  }
  return events;
}

/** The archive's S3 (and SES) clients: --local reads a running preview's endpoints.json; otherwise AWS or explicit endpoints. */
function clients(options: Pick<ResendOptions, 'bucket' | 'region' | 's3Endpoint' | 'sesEndpoint' | 'local'>) {
  let { bucket, s3Endpoint, sesEndpoint } = options;
  let local: { dir: string; origin?: string } | undefined;
  if (options.local) {
    const file = join(resolve(options.local), 'endpoints.json');
    if (!existsSync(file)) throw new UsageError(`${file} not found: start \`npx site preview\` first (it writes the emulators' addresses there).`);
    const endpoints = JSON.parse(readFileSync(file, 'utf8')) as { s3: string; ses: string; bucket: string; origin?: string };
    ({ s3: s3Endpoint, ses: sesEndpoint, bucket } = endpoints);
    local = { dir: resolve(options.local), origin: endpoints.origin };
  }
  bucket ??= process.env.LEADS_BUCKET;
  if (!bucket) throw new UsageError('name the leads bucket with --bucket or LEADS_BUCKET');
  const region = options.region ?? process.env.AWS_REGION ?? 'ca-central-1';
  const s3 = s3Endpoint ? localS3Client(s3Endpoint) : new S3Client({ region });
  // A factory: the mailer makes a new client after a send that left no answer.
  const ses = () => (sesEndpoint ? localSesClient(sesEndpoint!) : new SESClient({ region, ...sendingClientOptions }));
  return { bucket, s3, ses, local };
}

/** An archive that could not be read: credentials and a missing bucket end as they do for `site publish` (5, 6); anything else is 4. */
function archiveError(error: unknown, bucket: string): Error {
  const e = error as { name?: string; message?: string };
  const aws = fromAwsError(error, { bucket, action: 'reading the lead archive' });
  if (aws?.exitCode === EXIT.usage) return new UsageError(aws.message, { cause: error });
  return new UserError(`Could not read the lead archive in bucket "${bucket}": ${e.name ?? 'Error'}${e.message ? ` (${e.message})` : ''}`, aws?.exitCode ?? EXIT.aws, { cause: error });
}
