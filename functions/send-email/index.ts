// The Lambda entry point (nodejs24.x, bundled into one ESM file by scripts/bundle-function.mjs).
// Clients are created once per container; the handler itself lives in handler.ts.
import { S3Client } from '@aws-sdk/client-s3';
import { SESClient } from '@aws-sdk/client-ses';
import { s3Archive } from './archive.ts';
import { settingsFromEnv, type LeadSettings } from './config.ts';
import { createHandler } from './handler.ts';
import { sesMailer } from './mailer.ts';
import { createWebhookHandler } from './webhook.ts';

declare const SITE_LEAD_SETTINGS: LeadSettings;

const { settings, bucket, allowedOrigins, originSecret, linkSecret, webhook: webhook_ } = settingsFromEnv(SITE_LEAD_SETTINGS, process.env);
if (linkSecret === undefined && process.env.AWS_LAMBDA_FUNCTION_NAME) {
  console.log(JSON.stringify({ level: 'warn', message: 'LEAD_LINK_SECRET is not set: no visitor e-mail (receipt, subscription confirmation) is sent' }));
}
// The template always sets ORIGIN_SECRET; a Lambda without it answers requests that bypassed CloudFront.
if (originSecret === undefined && process.env.AWS_LAMBDA_FUNCTION_NAME) {
  console.log(JSON.stringify({ level: 'warn', message: 'ORIGIN_SECRET is not set: local mode, requests are not checked for the CloudFront origin header' }));
}
// An S3-compatible endpoint (AWS_ENDPOINT_URL_S3, e.g. s3rver in tests) needs path-style URLs;
// on AWS the variable is unset and the client uses virtual-hosted URLs as usual.
const s3 = new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) });
const ses = new SESClient({});

export const handler = createHandler({
  archive: s3Archive(s3, bucket),
  mailer: sesMailer(ses),
  settings,
  allowedOrigins,
  originSecret,
  phone: settings.phone,
  linkSecret,
  linkBase: settings.origin,
  ...(webhook_ ? { webhook: {} } : {}),
  warn: (step, error) => console.log(JSON.stringify({ level: 'warn', step, error: (error as Error)?.name ?? 'Error' })),
});

/**
 * The webhook function (infra/template.yaml WebhookFunction, the same bundle): EventBridge calls
 * it for each new outbox/ entry. Without LEAD_WEBHOOK_URL it is never deployed.
 */
export const webhook = createWebhookHandler({
  archive: s3Archive(s3, bucket),
  target: { url: webhook_?.url ?? '', secret: webhook_?.secret ?? '' },
});
