// Where the report's inputs come from: access-log files (a folder `site preview` or `site serve`
// wrote, or CloudFront's objects in the log bucket, gzip or not) and the lead archive (S3, local
// or AWS). Only the files whose hour falls in the period are read: CloudFront names each file
// <distribution>.YYYY-MM-DD-HH.<id>[.gz] after the hour its requests occurred in.
import { readdirSync, readFileSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { s3Archive } from '../../functions/send-email/archive.ts';
import { parseLog, type LogEntry } from './log-format.ts';
import type { LeadFacts } from './report.ts';

const HOUR = /\.(\d{4}-\d{2}-\d{2})-(\d{2})\.[^/]*$/;
/** The largest log file read (a busy hour of CloudFront's is a few MB gzip). */
const MAX_LOG_BYTES = 256 * 1024 * 1024;

/** Whether a log file's hour can hold requests in [from, to). Late entries go in the file of the hour they occurred in. */
function inRange(name: string, from: number, to: number): boolean {
  const m = HOUR.exec(name);
  if (!m) return false;
  const start = Date.parse(`${m[1]}T${m[2]}:00:00Z`);
  return start + 3_600_000 > from && start < to;
}

const textOf = (bytes: Buffer) => (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes, { maxOutputLength: MAX_LOG_BYTES }) : bytes).toString('utf8');

export interface Logs { entries: LogEntry[]; skipped: number; files: number }

function collect(texts: string[]): Logs {
  const entries: LogEntry[] = [];
  let skipped = 0;
  for (const text of texts) {
    const parsed = parseLog(text);
    entries.push(...parsed.entries);
    skipped += parsed.skipped;
  }
  return { entries, skipped, files: texts.length };
}

/** The log files of a folder (no subfolders, no links) for [from, to). */
export function logsInFolder(dir: string, from: number, to: number): Logs {
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return { entries: [], skipped: 0, files: 0 };
  }
  const texts = names.filter((n) => inRange(n, from, to)).filter((n) => lstatSync(join(dir, n)).isFile()).map((n) => textOf(readFileSync(join(dir, n))));
  return collect(texts);
}

/** CloudFront's objects under `prefix` in the log bucket for [from, to). */
export async function logsInBucket(s3: S3Client, bucket: string, prefix: string, from: number, to: number): Promise<Logs> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key && inRange(object.Key, from, to) && (object.Size ?? 0) <= MAX_LOG_BYTES) keys.push(object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  const texts: string[] = [];
  for (const Key of keys) {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key }));
    texts.push(textOf(Buffer.from(await object.Body!.transformToByteArray())));
  }
  return collect(texts);
}

/** The archived leads received from `from` on: only what the report counts. */
export async function leadsInArchive(s3: S3Client, bucket: string, from: number): Promise<LeadFacts[]> {
  const archive = s3Archive(s3, bucket);
  const out: LeadFacts[] = [];
  for await (const key of archive.keys(new Date(from).toISOString().slice(0, 10))) {
    const lead = await archive.get(key);
    if (lead) out.push({ form: lead.form, receivedAt: lead.receivedAt, locale: lead.locale, attribution: lead.attribution });
  }
  return out;
}
