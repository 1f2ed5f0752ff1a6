// The lead function inside `site preview`: the same handler as the Lambda, behind an adapter
// from Node's HTTP request to the Lambda event. Without AWS settings in the environment it runs
// against s3rver and the SES emulator started in-process on 127.0.0.1 (data next to the
// preview build, git-ignored); with LEADS_BUCKET and AWS_REGION set it talks to AWS.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join, basename } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { SESClient } from '@aws-sdk/client-ses';
import { ARCHIVE_PREFIXES, s3Archive, type Archive, type ArchivedLead } from '../../functions/send-email/archive.ts';
import { createHandler } from '../../functions/send-email/handler.ts';
import { MAX_BODY_BYTES, type HttpEvent, type HttpResponse } from '../../functions/send-email/http.ts';
import { consentStatus, type ConsentEvent, type ConsentStatus } from '../../functions/send-email/consent.ts';
import { emailFor, isLead } from '../../functions/send-email/lead.ts';
import { createWebhookHandler } from '../../functions/send-email/webhook.ts';
import { sendingClientOptions, sesMailer } from '../../functions/send-email/mailer.ts';
import type { LeadEmail } from '../../functions/send-email/email.ts';
import type { LeadSettings } from '../../functions/send-email/config.ts';
import { leadSettings } from '../leads/lead-settings.ts';
import { localS3Client, localSesClient, startLocalS3, startLocalSes } from './local-aws.ts';
import { securityHeaders } from '../output/headers.ts';

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
  /** The archived leads, and the objects under leads/ that could not be read as one (named, passed over). */
  list(): Promise<{ leads: PreviewLead[]; skipped: { key: string; reason: string }[] }>;
  clear(): Promise<void>;
  close(): Promise<void>;
}

/** A lead as the admin shows it: the archived JSON, the e-mail SES got (or would get), the résumé link. */
export interface PreviewLead extends ArchivedLead {
  email: LeadEmail | null;
  archived: ArchivedLead;
  /** The visitor's address's consent to news and offers now, and its events (consent/). */
  consentStanding: { status: ConsentStatus; since?: string; events: ConsentEvent[] };
}

/**
 * Where the preview's leads live: the local emulators, or (LEADS_BUCKET and AWS_REGION set) the
 * real bucket on AWS, which the preview reads but never deletes from.
 */
export type LeadsMode = { kind: 'local' } | { kind: 'aws'; bucket: string; region: string };

/** The leads mode the environment asks for. */
export function leadsMode(env: Record<string, string | undefined>): LeadsMode {
  return env.LEADS_BUCKET && env.AWS_REGION ? { kind: 'aws', bucket: env.LEADS_BUCKET, region: env.AWS_REGION } : { kind: 'local' };
}

/**
 * Why the archive may not be cleared, or undefined when it may. Only the local emulator's
 * archive is the author's to clear: on AWS, Clear would delete every real lead, idempotency
 * record and résumé in the bucket.
 */
export function clearRefusal(mode: LeadsMode): string | undefined {
  if (mode.kind === 'local') return undefined;
  return `Leads are in the real bucket s3://${mode.bucket} (AWS, ${mode.region}); the preview never deletes them.`;
}

export async function startLeadService(options: { contentDir: string; outDir: string; origin: string; pageOrigin?: (origin: string) => boolean; endpoint: string; log: (line: string) => void; /** The SES stand-in's port (0 or none: any free one). */ mailPort?: number }): Promise<LeadService> {
  const mode = leadsMode(process.env);
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
  let ses: () => SESClient;
  let local: { s3: Awaited<ReturnType<typeof startLocalS3>>; ses: Awaited<ReturnType<typeof startLocalSes>>; dir: string } | undefined;
  if (mode.kind === 'aws') {
    archive = s3Archive(new S3Client({}), mode.bucket);
    ses = () => new SESClient({ ...sendingClientOptions });
  } else {
    const dir = join(dirname(options.outDir), `${basename(options.outDir)}-aws`);
    const s3 = await startLocalS3({ directory: join(dir, 's3'), buckets: [LOCAL_LEADS_BUCKET], browserOrigin: options.pageOrigin });
    const sesServer = await startLocalSes({ port: options.mailPort });
    local = { s3, ses: sesServer, dir };
    archive = s3Archive(localS3Client(s3.url), LOCAL_LEADS_BUCKET);
    ses = () => localSesClient(sesServer.url);
    mkdirSync(dir, { recursive: true });
    // `site leads … --local` reads these; `origin` is where the visitor e-mails' links point.
    writeFileSync(join(dir, 'endpoints.json'), JSON.stringify({ s3: s3.url, ses: sesServer.url, bucket: LOCAL_LEADS_BUCKET, origin: options.origin }, null, 2));
  }
  const linkSecret = mode.kind === 'aws' ? process.env.LEAD_LINK_SECRET : localLinkSecret(local!.dir);
  // With LEAD_WEBHOOK_URL (and its secret), the preview delivers in-process as soon as a lead is queued.
  const webhookTarget = process.env.LEAD_WEBHOOK_URL && process.env.LEAD_WEBHOOK_SECRET ? { url: process.env.LEAD_WEBHOOK_URL, secret: process.env.LEAD_WEBHOOK_SECRET } : undefined;
  const webhook = webhookTarget && createWebhookHandler({ archive, target: webhookTarget, log: (entry) => options.log(`  lead webhook: ${entry.outcome}`) });

  const deps = () => {
    const s = readSettings();
    return {
      archive, mailer: sesMailer(ses), settings: { ...s, sender: process.env.LEAD_SENDER || s.sender }, phone: s.phone,
      allowedOrigins: [options.origin, s.origin],
      // Links in the visitor e-mails point at this preview, so confirming and unsubscribing work here.
      linkSecret, linkBase: options.origin,
      ...(webhook ? { webhook: { onQueued: (key: string) => void webhook({ detail: { object: { key } } }).catch(() => undefined) } } : {}),
      warn: (step: string, error: unknown) => options.log(`  lead function: ${step} failed (${(error as Error)?.name ?? 'Error'})`),
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
      if (url.pathname === '/_site/leads') return leadsEndpoint(req, res);
      const event = await toEvent(req, url);
      // The preview's pages by whichever address it was opened at (localhost, 127.0.0.1, a LAN
      // address with --host 0.0.0.0): the server has admitted this request's Host already.
      const current = deps();
      const handler = createHandler({ ...current, allowedOrigins: [...current.allowedOrigins, `http://${req.headers.host ?? ''}`.toLowerCase()] });
      // The rest of an oversized body is never read: close the connection after the 413.
      send(res, await handler(event), event.truncated ? { connection: 'close' } : {});
    },

    async list() {
      const captured = local ? await fetch(`${local.ses.url}/store`).then((r) => r.json() as Promise<{ emails: { messageId: string; from: string; destination: { to: string[] }; replyTo: string[]; subject: string; body: { text?: string; html?: string } }[] }>) : { emails: [] };
      const byId = new Map(captured.emails.map((e) => [e.messageId, e]));
      const current = deps(); // settings read once per listing, not once per lead
      const leads: PreviewLead[] = [];
      const skipped: { key: string; reason: string }[] = [];
      for await (const key of archive.keys()) {
        // One unreadable object had made the whole view answer 500.
        let lead: ArchivedLead | null;
        try {
          lead = await archive.get(key);
        } catch (error) {
          skipped.push({ key, reason: error instanceof SyntaxError ? 'not valid JSON' : 'could not be read' });
          continue;
        }
        if (!lead) continue;
        if (!isLead(lead)) {
          skipped.push({ key, reason: 'not a lead' });
          continue;
        }
        const mail = lead.messageId ? byId.get(lead.messageId) : undefined;
        const email: LeadEmail = mail
          ? { from: mail.from, to: mail.destination.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.body.text ?? '', html: mail.body.html ?? '' }
          : await emailFor(lead, current);
        const resume = lead.resumeKey ? { fileName: lead.fields.resume ?? '', ...(await archive.downloadLink(lead.resumeKey)) } : undefined;
        const events = await archive.consentEvents(lead.message.from_email);
        leads.push({ ...lead, email, ...(resume ? { resume } : {}), archived: lead, consentStanding: { ...consentStatus(events), events } });
      }
      return { leads: leads.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt)), skipped };
    },

    async clear() {
      const refusal = clearRefusal(mode);
      if (refusal) throw new Error(refusal);
      await archive.clear([...ARCHIVE_PREFIXES]);
      if (local) await fetch(`${local.ses.url}/clear-store`, { method: 'POST' });
    },

    async close() {
      await local?.ses.close();
      await local?.s3.close();
    },
  };

  /** GET: the leads and where they live; DELETE: clears the local archive (never the real bucket). */
  async function leadsEndpoint(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const json = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
    const refusal = clearRefusal(mode);
    if (req.method === 'DELETE') {
      if (refusal) {
        res.writeHead(405, { ...json, allow: 'GET, HEAD' }).end(JSON.stringify({ cleared: false, error: refusal }));
        return;
      }
      await service.clear();
      res.writeHead(204, { 'cache-control': 'no-store' }).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...json, allow: refusal ? 'GET, HEAD' : 'GET, HEAD, DELETE' }).end(JSON.stringify({ error: 'Use GET (or DELETE to clear the local archive).' }));
      return;
    }
    const body: LeadsAnswer = {
      mode: mode.kind, bucket: mode.kind === 'aws' ? `s3://${mode.bucket}` : null, clearable: !refusal, notice: refusal ?? null,
      inbox: service.inbox ?? null, archive: service.archiveDir ?? null, ...(await service.list()),
    };
    res.writeHead(200, json).end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
  }

  // Said in full: a bare address on another port than the preview's looked like something amiss.
  if (local) {
    options.log(`  Mail: the forms' e-mails go to the local stand-in for Amazon SES; read them at ${service.inbox} (choose its port with --mail-port)`);
    options.log(`  Leads archive (the local stand-in for S3): ${service.archiveDir}`);
  }
  else if (mode.kind === 'aws') options.log(`  Leads: AWS (bucket ${mode.bucket}, region ${mode.region}); the preview reads them and never deletes them`);
  return service;
}

/** The preview's own link secret, kept beside its archive so links in captured e-mails work after a restart. */
export function localLinkSecret(dir: string): string {
  const file = join(dir, 'link-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** What GET /_site/leads answers (the admin's LeadsResponse). */
interface LeadsAnswer {
  mode: LeadsMode['kind'];
  bucket: string | null;
  clearable: boolean;
  notice: string | null;
  inbox: string | null;
  archive: string | null;
  leads: PreviewLead[];
  skipped: { key: string; reason: string }[];
}

/** The Lambda event, and whether the body was cut at the limit (the rest left unread). */
export type PreviewEvent = HttpEvent & { truncated: boolean };

/**
 * Node's request as the API Gateway HTTP API (payload 2.0) event the Lambda receives. A body
 * over MAX_BODY_BYTES is read only up to one byte past the limit, so the handler answers 413
 * exactly as the Lambda does (after its own method and origin checks), and no more is buffered.
 */
export async function toEvent(req: IncomingMessage, url: URL): Promise<PreviewEvent> {
  const { body, truncated } = await readBody(req, MAX_BODY_BYTES + 1);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  // A cut body goes as base64 so the handler counts exactly the bytes read (a UTF-8 character cut in half stays cut).
  const textual = !truncated && /^(application\/(json|x-www-form-urlencoded)|text\/)/i.test(headers['content-type'] ?? '');
  return {
    version: '2.0',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
    requestContext: { requestId: randomUUID(), http: { method: req.method ?? 'GET', path: url.pathname, sourceIp: req.socket.remoteAddress ?? '' } },
    truncated,
  };
}

/** Reads at most `max` bytes of a request body, then stops reading (the request stays paused). */
export function readBody(req: IncomingMessage, max: number): Promise<{ body: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (truncated: boolean) => {
      req.off('data', onData).off('end', onEnd).off('error', reject);
      resolve({ body: Buffer.concat(chunks, size), truncated });
    };
    const onData = (chunk: Buffer) => {
      const room = max - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (size < max) return;
      req.pause();
      done(true);
    };
    const onEnd = () => done(false);
    req.on('data', onData).on('end', onEnd).on('error', reject);
  });
}

function send(res: ServerResponse, response: HttpResponse, extra: Record<string, string> = {}): void {
  // CloudFront adds the site's security headers to the function's answers too (infra/template.yaml,
  // /send-email/*): its pages (a confirmation, a refusal for a plain post) get them here as there.
  res.writeHead(response.statusCode, { ...securityHeaders, ...response.headers, ...extra });
  res.end(response.body);
}
