// The lead function inside `site preview`: the same handler as the Lambda, behind an adapter
// from Node's HTTP request to the Lambda event. Without AWS settings in the environment it runs
// against s3rver and the SES emulator started in-process on 127.0.0.1 (data next to the
// preview build, git-ignored); with LEADS_BUCKET and AWS_REGION set it talks to AWS.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join, basename } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { SESClient } from '@aws-sdk/client-ses';
import { s3Archive, type Archive, type ArchivedLead } from '../../functions/send-email/archive.ts';
import { createHandler } from '../../functions/send-email/handler.ts';
import { MAX_BODY_BYTES, type HttpEvent, type HttpResponse } from '../../functions/send-email/http.ts';
import { emailFor } from '../../functions/send-email/lead.ts';
import { sesMailer } from '../../functions/send-email/mailer.ts';
import type { LeadEmail } from '../../functions/send-email/email.ts';
import type { LeadSettings } from '../../functions/send-email/config.ts';
import { leadSettings } from '../lead-settings.ts';
import { localS3Client, localSesClient, startLocalS3, startLocalSes } from '../local-aws.ts';

export const LOCAL_LEADS_BUCKET = 'trillium-leads-local';

export interface LeadService {
  /** Where captured e-mail can be read (the SES emulator's inbox), or undefined on real AWS. */
  inbox?: string;
  /** The local S3 endpoint and archive folder, or undefined on real AWS. */
  s3?: string;
  archiveDir?: string;
  /** Origins the page may connect to besides itself (the résumé upload goes straight to S3). */
  connectOrigins: string[];
  /** Answers /send-email/… (the function) and /_site/leads (the admin's list). */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  list(): Promise<PreviewLead[]>;
  clear(): Promise<void>;
  close(): Promise<void>;
}

/** A lead as the admin shows it: the archived JSON, the e-mail SES got (or would get), the résumé link. */
export interface PreviewLead extends ArchivedLead {
  email: LeadEmail | null;
  archived: ArchivedLead;
}

export async function startLeadService(options: { contentDir: string; outDir: string; origin: string; endpoint: string; log: (line: string) => void }): Promise<LeadService> {
  const real = process.env.LEADS_BUCKET && process.env.AWS_REGION;
  let settings = leadSettings(options.contentDir);
  const readSettings = (): LeadSettings => {
    try {
      settings = leadSettings(options.contentDir);
    } catch {
      // A half-saved site.yaml: keep the last readable settings; the build reports the problem.
    }
    return settings;
  };

  let archive: Archive;
  let ses: SESClient;
  let local: { s3: Awaited<ReturnType<typeof startLocalS3>>; ses: Awaited<ReturnType<typeof startLocalSes>>; dir: string } | undefined;
  if (real) {
    archive = s3Archive(new S3Client({}), process.env.LEADS_BUCKET!);
    ses = new SESClient({});
  } else {
    const dir = join(dirname(options.outDir), `${basename(options.outDir)}-aws`);
    const s3 = await startLocalS3({ directory: join(dir, 's3'), buckets: [LOCAL_LEADS_BUCKET], corsOrigins: [options.origin] });
    const sesServer = await startLocalSes();
    local = { s3, ses: sesServer, dir };
    archive = s3Archive(localS3Client(s3.url), LOCAL_LEADS_BUCKET);
    ses = localSesClient(sesServer.url);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'endpoints.json'), JSON.stringify({ s3: s3.url, ses: sesServer.url, bucket: LOCAL_LEADS_BUCKET }, null, 2));
  }

  const deps = () => {
    const s = readSettings();
    return {
      archive, mailer: sesMailer(ses), settings: { ...s, sender: process.env.LEAD_SENDER || s.sender }, phone: s.phone,
      allowedOrigins: [options.origin, s.origin],
      log: (entry: Record<string, unknown>) => {
        if (entry.level === 'error') options.log(`  lead function: ${entry.error} (request ${entry.requestId})`);
        else if (entry.form || entry.status !== 204) options.log(`  lead ${entry.form || '-'}: ${entry.outcome} → ${entry.status} (${entry.latencyMs} ms)`);
      },
    };
  };

  const service: LeadService = {
    inbox: local ? `${local.ses.url}/` : undefined,
    s3: local?.s3.url,
    archiveDir: local ? join(local.dir, 's3', LOCAL_LEADS_BUCKET) : undefined,
    connectOrigins: local ? [local.s3.url] : [],

    async handle(req, res, url) {
      if (url.pathname === '/_site/leads') {
        if (req.method === 'DELETE') {
          await service.clear();
          res.writeHead(204, { 'cache-control': 'no-store' }).end();
        } else {
          const body = JSON.stringify({ inbox: service.inbox ?? null, archive: service.archiveDir ?? null, leads: await service.list() });
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(body);
        }
        return;
      }
      const event = await toEvent(req, url);
      const handler = createHandler(deps());
      send(res, await handler(event));
    },

    async list() {
      const captured = local ? await fetch(`${local.ses.url}/store`).then((r) => r.json() as Promise<{ emails: { messageId: string; from: string; destination: { to: string[] }; replyTo: string[]; subject: string; body: { text?: string; html?: string } }[] }>) : { emails: [] };
      const byId = new Map(captured.emails.map((e) => [e.messageId, e]));
      const current = deps(); // settings read once per listing, not once per lead
      const leads: PreviewLead[] = [];
      for await (const key of archive.keys()) {
        const lead = await archive.get(key);
        if (!lead) continue;
        const mail = lead.messageId ? byId.get(lead.messageId) : undefined;
        const email: LeadEmail = mail
          ? { from: mail.from, to: mail.destination.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.body.text ?? '', html: mail.body.html ?? '' }
          : await emailFor(lead, current);
        const resume = lead.resumeKey ? { fileName: lead.fields.resume ?? '', ...(await archive.downloadLink(lead.resumeKey)) } : undefined;
        leads.push({ ...lead, email, ...(resume ? { resume } : {}), archived: lead });
      }
      return leads.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
    },

    async clear() {
      await archive.clear(['leads/', 'submissions/', 'resumes/']);
      if (local) await fetch(`${local.ses.url}/clear-store`, { method: 'POST' });
    },

    async close() {
      await local?.ses.close();
      await local?.s3.close();
    },
  };

  if (local) options.log(`  Leads: e-mails at ${service.inbox}  archive in ${service.archiveDir}`);
  else options.log(`  Leads: AWS (bucket ${process.env.LEADS_BUCKET}, region ${process.env.AWS_REGION})`);
  return service;
}

/** Node's request as the API Gateway HTTP API (payload 2.0) event the Lambda receives. */
export async function toEvent(req: IncomingMessage, url: URL): Promise<HttpEvent> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    // Keep one byte past the limit so the handler answers 413; read and drop the rest.
    if (size <= MAX_BODY_BYTES + 1) chunks.push(chunk as Buffer);
  }
  const body = Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES + 1);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  const textual = /^(application\/(json|x-www-form-urlencoded)|text\/)/i.test(headers['content-type'] ?? '');
  return {
    version: '2.0',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
    requestContext: { requestId: randomUUID(), http: { method: req.method ?? 'GET', path: url.pathname, sourceIp: req.socket.remoteAddress ?? '' } },
  };
}

function send(res: ServerResponse, response: HttpResponse): void {
  res.writeHead(response.statusCode, response.headers);
  res.end(response.body);
}
