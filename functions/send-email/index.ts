// The Lambda entry point (nodejs24.x, bundled into one ESM file by scripts/bundle-function.mjs).
// Clients and secrets are made once per container; the handler itself lives in handler.ts.
// Three entry points share the bundle: `handler` (the site's requests), `webhook` (outbox
// deliveries) and `resend` (the schedule that sends what SES could not take).
import { S3Client } from '@aws-sdk/client-s3';
import { SESClient } from '@aws-sdk/client-ses';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { s3Archive } from './archive.ts';
import { settingsFromEnv, withSecrets, type LeadSettings } from './config.ts';
import { createHandler } from './handler.ts';
import { resendUnsent } from './lead.ts';
import { sendingClientOptions, sesMailer } from './mailer.ts';
import { createWebhookHandler } from './webhook.ts';

declare const SITE_LEAD_SETTINGS: LeadSettings;

const secrets = new SecretsManagerClient({});
const env = await withSecrets(process.env, async (SecretId) => {
  const value = (await secrets.send(new GetSecretValueCommand({ SecretId }))).SecretString;
  if (!value) throw new Error('the secret has no string value');
  return value;
});
const { settings, bucket, allowedOrigins, originSecret, linkSecret, webhook: webhook_ } = settingsFromEnv(SITE_LEAD_SETTINGS, env);
if (linkSecret === undefined && process.env.AWS_LAMBDA_FUNCTION_NAME) {
  console.log(JSON.stringify({ level: 'warn', message: 'LEAD_LINK_SECRET is not set: no visitor e-mail (receipt, subscription confirmation) is sent' }));
}
// The template always names ORIGIN_SECRET_ID for the lead function; a Lambda without it answers requests that bypassed CloudFront.
if (originSecret === undefined && process.env.AWS_LAMBDA_FUNCTION_NAME && process.env._HANDLER === 'index.handler') {
  console.log(JSON.stringify({ level: 'warn', message: 'ORIGIN_SECRET is not set: local mode, requests are not checked for the CloudFront origin header' }));
}
// An S3-compatible endpoint (AWS_ENDPOINT_URL_S3, e.g. s3rver in tests) needs path-style URLs;
// on AWS the variable is unset and the client uses virtual-hosted URLs as usual.
const s3 = new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) });
const mailer = sesMailer(() => new SESClient({ ...sendingClientOptions }));

/** One metric in CloudWatch's embedded metric format: a log line CloudWatch turns into a data point (no dimensions, as the alarms expect). */
const metric = (name: string, value: number, unit = 'Count') => console.log(JSON.stringify({
  _aws: { Timestamp: Date.now(), CloudWatchMetrics: [{ Namespace: 'TrilliumLeads', Dimensions: [[]], Metrics: [{ Name: name, Unit: unit }] }] },
  [name]: value,
}));

const leadDeps = {
  archive: s3Archive(s3, bucket),
  mailer,
  settings,
  linkSecret,
  linkBase: settings.origin,
  ...(webhook_ ? { webhook: {} } : {}),
  warn: (step: string, error: unknown) => console.log(JSON.stringify({ level: 'warn', step, error: (error as Error)?.name ?? 'Error' })),
  metric,
};

export const handler = createHandler({ ...leadDeps, allowedOrigins, originSecret, phone: settings.phone });

/** How far back the scheduled resend looks (days); a lead unsent longer has long since raised the alarm. */
const RESEND_DAYS = Number(process.env.LEAD_RESEND_DAYS ?? 14);

/**
 * The scheduled resend (infra/template.yaml ResendFunction): sends every lead still unsent, as
 * `site leads resend` does, and reports what is left as UnsentLeads and OldestUnsentMinutes,
 * which the alarms watch. Names and counts only in the log.
 */
export const resend = async () => {
  const since = new Date(Date.now() - RESEND_DAYS * 86_400_000).toISOString().slice(0, 10);
  const result = await resendUnsent(leadDeps, {
    since,
    onSkipped: (key) => console.log(JSON.stringify({ level: 'warn', message: 'an object under leads/ is not a readable lead; skipped', key })),
  });
  metric('UnsentLeads', result.unsent);
  metric('OldestUnsentMinutes', result.oldestUnsentMinutes ?? 0, 'None');
  console.log(JSON.stringify({ level: 'info', message: 'resend', checked: result.checked, sent: result.sent, failed: result.failed, skipped: result.skipped }));
  return { sent: result.sent, failed: result.failed, unsent: result.unsent, skipped: result.skipped };
};

/**
 * The webhook function (infra/template.yaml WebhookFunction, the same bundle): EventBridge calls
 * it for each new outbox/ entry. Without LEAD_WEBHOOK_URL it is never deployed.
 */
export const webhook = createWebhookHandler({
  archive: s3Archive(s3, bucket),
  target: { url: webhook_?.url ?? '', secret: webhook_?.secret ?? '' },
});
