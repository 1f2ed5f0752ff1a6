// `site leads resend`: sends every archived lead still marked unsent (SES failed when it
// arrived), each once. Operators run it with AWS credentials; `--local` points it at the S3 and
// SES emulators of a running `site preview`, and explicit endpoints at any other emulator.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { SESClient } from '@aws-sdk/client-ses';
import { s3Archive } from '../../functions/send-email/archive.ts';
import { resendUnsent } from '../../functions/send-email/lead.ts';
import { sesMailer } from '../../functions/send-email/mailer.ts';
import { leadSettings } from '../lead-settings.ts';
import { localS3Client, localSesClient } from '../local-aws.ts';
import { EXIT, UsageError, UserError } from '../errors.ts';
import { fromAwsError } from '../publish/errors.ts';
import { bold, dim, green, red } from './output.ts';

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
  let { bucket, s3Endpoint, sesEndpoint } = options;
  if (options.local) {
    const file = join(resolve(options.local), 'endpoints.json');
    if (!existsSync(file)) throw new UsageError(`${file} not found: start \`site preview\` first (it writes the emulators' addresses there).`);
    const endpoints = JSON.parse(readFileSync(file, 'utf8')) as { s3: string; ses: string; bucket: string };
    ({ s3: s3Endpoint, ses: sesEndpoint, bucket } = endpoints);
  }
  bucket ??= process.env.LEADS_BUCKET;
  if (!bucket) throw new UsageError('name the leads bucket with --bucket or LEADS_BUCKET');
  const region = options.region ?? process.env.AWS_REGION ?? 'ca-central-1';
  const s3 = s3Endpoint ? localS3Client(s3Endpoint) : new S3Client({ region });
  const ses = sesEndpoint ? localSesClient(sesEndpoint) : new SESClient({ region });
  const settings = leadSettings(options.contentDir);
  settings.sender = process.env.LEAD_SENDER || settings.sender;

  const deps = { archive: s3Archive(s3, bucket), mailer: sesMailer(ses), settings };
  let result;
  try {
    result = await resendUnsent(deps, {
      since: options.since,
      onLead: (lead, sent) => console.log(`  ${sent ? green('✓ sent') : red('✗ failed')}  ${lead.form.padEnd(10)} ${lead.id} ${dim(`received ${lead.receivedAt}, attempt ${lead.attempts}`)}`),
    });
  } catch (error) {
    const e = error as { name?: string; message?: string };
    // Credentials and a missing bucket end as they do for `site publish` (5, 6); anything else is 4.
    const aws = fromAwsError(error, { bucket, action: 'reading the lead archive' });
    if (aws?.exitCode === EXIT.usage) throw new UsageError(aws.message, { cause: error });
    throw new UserError(`Could not read the lead archive in bucket "${bucket}": ${e.name ?? 'Error'}${e.message ? ` (${e.message})` : ''}`, aws?.exitCode ?? EXIT.aws, { cause: error });
  }
  console.log(bold(`${result.sent} lead${result.sent === 1 ? '' : 's'} sent, ${result.failed} failed`) + dim(` (${result.checked} archived lead${result.checked === 1 ? '' : 's'} checked${options.since ? ` since ${options.since}` : ''})`));
  if (result.failed) throw new UserError(`${result.failed} lead${result.failed === 1 ? '' : 's'} could not be sent and stay${result.failed === 1 ? 's' : ''} unsent; run the command again later (each lead is sent once)`, EXIT.aws);
  return result;
}
