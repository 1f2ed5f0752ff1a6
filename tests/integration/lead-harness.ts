// Shared pieces of the lead function's integration tests: s3rver and the SES emulator on
// 127.0.0.1, the real handler with its real S3 and SES adapters, API Gateway payload 2.0 events,
// valid fields per form, and readers for what the emulators received.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createHandler, type HandlerDeps } from '../../functions/send-email/handler.ts';
import { s3Archive, type ArchivedLead } from '../../functions/send-email/archive.ts';
import { sesMailer } from '../../functions/send-email/mailer.ts';
import type { HttpEvent } from '../../functions/send-email/http.ts';
import { leadSettings } from '../../generator/leads/lead-settings.ts';
import { localS3Client, localSesClient, startLocalS3, startLocalSes, type LocalS3, type LocalSes } from '../../generator/preview/local-aws.ts';
import { contentDir, root } from '../helpers.ts';

export const ORIGIN = 'https://www.trilliumfleet.example';
export const settings = leadSettings(contentDir);

export const valid = {
  wizard: { vehicles: '30 - 399', industry: 'Trucking & Logistics', firstName: 'Maya', lastName: 'Chen', email: 'maya@northhaul.ca', phone: '416-555-0123', companyName: 'North Haul Ltd.' },
  contact: { name: 'Ana Silva', phone: '(416) 555-0123', email: 'ana@fleet.ca', department: 'LinkedIn', additionalInfo: 'Twelve vans in Mississauga.' },
  newsletter: { email: 'reader@example.ca' },
  job: { fullName: 'Lee Wong', email: 'lee@example.ca', phone: '647 555 0111', location: 'Toronto, ON', company: 'Acme', linkedin: 'https://linkedin.com/in/lee', portfolio: 'https://lee.example', website: '', additionalInfo: '' },
} as const;

/** The shape of every lead id: sortable time stamp, then 10 random hex digits. */
export const LEAD_ID = /^\d{8}-\d{6}-[0-9a-f]{10}$/;

export interface Captured { messageId: string; from: string; replyTo: string[]; destination: { to: string[] }; subject: string; body: { text: string; html: string } }

export interface Emulators {
  s3: LocalS3;
  ses: LocalSes;
  bucket: string;
  client(endpoint?: string): ReturnType<typeof localS3Client>;
  /** A handler on the emulators; `s3Endpoint` puts something (a proxy) in front of s3rver. */
  handler(extra?: Partial<HandlerDeps> & { s3Endpoint?: string }): ReturnType<typeof createHandler>;
  mails(): Promise<Captured[]>;
  eml(messageId: string): Promise<string>;
  clearMail(): Promise<void>;
  /** Every archived lead. */
  leads(): Promise<ArchivedLead[]>;
  keys(prefix: string): Promise<string[]>;
  /** `site leads resend` as operators run it, in a child process, against the emulators. */
  resend(env?: Record<string, string>): Promise<{ stdout: string; stderr: string }>;
  close(): Promise<void>;
}

export async function startEmulators(bucket: string): Promise<Emulators> {
  const dir = mkdtempSync(join(tmpdir(), `${bucket}-`));
  const s3 = await startLocalS3({ directory: dir, buckets: [bucket] });
  const ses = await startLocalSes();
  const client = (endpoint = s3.url) => localS3Client(endpoint);
  const keys = async (Prefix: string) => ((await client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix }))).Contents ?? []).map((o) => o.Key!);
  return {
    s3, ses, bucket, client, keys,
    handler: ({ s3Endpoint, ...extra } = {}) => createHandler({
      archive: s3Archive(client(s3Endpoint), bucket), mailer: sesMailer(localSesClient(ses.url)), settings, phone: settings.phone,
      allowedOrigins: [ORIGIN], log: () => {}, ...extra,
    }),
    mails: async () => ((await (await fetch(`${ses.url}/store`)).json()) as { emails: Captured[] }).emails,
    eml: (id) => rawMessage(ses.url, id),
    clearMail: async () => void (await fetch(`${ses.url}/clear-store`, { method: 'POST' })),
    async leads() {
      const all: ArchivedLead[] = [];
      for (const Key of await keys('leads/')) all.push(JSON.parse(await (await client().send(new GetObjectCommand({ Bucket: bucket, Key }))).Body!.transformToString()));
      return all;
    },
    // Asynchronous: the emulators live in this process and must keep answering the child.
    resend: (env = {}) => promisify(execFile)(join(root, 'node_modules/.bin/node'), [join(root, 'bin/site.js'), 'leads', 'resend', '--bucket', bucket, '--s3-endpoint', s3.url, '--ses-endpoint', ses.url], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } }),
    async close() {
      await ses.close();
      await s3.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function event(body: unknown, { method = 'POST', type = 'application/json', origin = ORIGIN as string | undefined, path = '/send-email/', headers = {} as Record<string, string> } = {}): HttpEvent {
  return {
    version: '2.0', rawPath: path, headers: { 'content-type': type, ...(origin ? { origin } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    requestContext: { requestId: `req-${Math.random().toString(36).slice(2)}`, http: { method, path } },
  };
}

let counter = 0;
/** A fresh submission key per call, as the browser makes one per form fill. */
export const submissionId = () => `test-${Date.now()}-${counter++}`;

export const lead = (form: string, fields: Record<string, string>, extra: Record<string, unknown> = {}) => ({ form, fields, submissionId: submissionId(), fax: '', ...extra });

/** The handler's answer with its JSON body parsed. */
export async function call(handler: ReturnType<typeof createHandler>, body: unknown, options?: Parameters<typeof event>[1]) {
  const response = await handler(event(body, options));
  return { ...response, json: response.body && response.headers['content-type']?.startsWith('application/json') ? JSON.parse(response.body) : undefined };
}

/** A résumé as the browser uploads it: ask for a ticket, then POST the file to the presigned URL. */
export async function upload(handler: ReturnType<typeof createHandler>, fileName: string, bytes: Buffer, fill: string | undefined, type = 'application/pdf') {
  const ticket = await call(handler, { fileName, contentType: type, size: bytes.length, ...(fill === undefined ? {} : { submissionId: fill }) }, { path: '/send-email/upload' });
  if (ticket.statusCode !== 200) return { ticket };
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.json.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
  const posted = await fetch(ticket.json.url, { method: 'POST', body: form });
  return { ticket, posted };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** The raw message (RFC 5322 text) the SES emulator built; it answers it as a JSON-serialised Buffer. */
export async function rawMessage(sesUrl: string, messageId: string): Promise<string> {
  const answer = (await (await fetch(`${sesUrl}/get-emlContent?messageId=${messageId}`)).json()) as { body?: { type: string; data: number[] } };
  if (answer.body?.type !== 'Buffer') throw new Error(`no raw message for ${messageId}`);
  return Buffer.from(answer.body.data).toString('utf8');
}

/** The Subject header of a raw message, unfolded and with its RFC 2047 encoded words decoded. */
export function rawSubject(eml: string): string {
  const head = eml.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  return line.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=\s*/gi, (_m, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'));
}
