// The Lambda entry point (nodejs24.x, bundled into one ESM file by scripts/bundle-function.mjs).
// Clients are created once per container; the handler itself lives in handler.ts.
import { S3Client } from '@aws-sdk/client-s3';
import { SESClient } from '@aws-sdk/client-ses';
import { s3Archive } from './archive.ts';
import { settingsFromEnv, type LeadSettings } from './config.ts';
import { createHandler } from './handler.ts';
import { sesMailer } from './mailer.ts';

declare const SITE_LEAD_SETTINGS: LeadSettings;

const { settings, bucket, allowedOrigins } = settingsFromEnv(SITE_LEAD_SETTINGS, process.env);
// An S3-compatible endpoint (AWS_ENDPOINT_URL_S3, e.g. s3rver in tests) needs path-style URLs;
// on AWS the variable is unset and the client uses virtual-hosted URLs as usual.
const s3 = new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) });
const ses = new SESClient({});

export const handler = createHandler({
  archive: s3Archive(s3, bucket),
  mailer: sesMailer(ses),
  settings,
  allowedOrigins,
  phone: settings.phone,
});
