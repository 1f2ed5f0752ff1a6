// The S3 adapter: the private lead archive, the idempotency records and résumé uploads.
//
// Layout of the leads bucket (server-side encrypted, private, lifecycle per prefix):
//   leads/YYYY/MM/DD/<id>.json          the lead as received and validated, with its send status
//   submissions/<sha256 of key>.json    { id, key, receivedAt }: the idempotency key → its lead,
//                                       written (conditionally) before the lead itself
//   tickets/<sha256 of key>/<uuid>.json one per upload ticket a form fill was given (1 day)
//   uploads/YYYY/MM/DD/<uuid>/<name>    résumés as the browser uploaded them (1 day)
//   resumes/YYYY/MM/DD/<uuid>/<name>    résumés a valid lead references, moved from uploads/ (12 months)
//   consent/<sha256 of address>/<at>-<type>-<rand>.json
//                                       one consent event (requested, confirmed, withdrawn), written
//                                       once and never rewritten: the proof CASL asks for (kept 6 years);
//                                       at most one `requested` per address and day
//   notices/YYYY-MM-DD/<kind>/<sha256 of address>.json
//                                       a visitor e-mail sent that day (one per address and kind), or
//                                       the day's consent request (kind consent-request; 2 days)
//   outbox/<lead id>.json               { key }: a lead for the webhook to deliver (LEAD_WEBHOOK_URL; 7 days)
//   leases/<lead id>/<n>.json           { until }: the attempt sending the lead now (written once,
//                                       removed when it is done; one that ran out is followed by n+1)
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CopyObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, DeleteObjectCommand, DeleteObjectsCommand, type S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Attribution } from '../../common/lead/attribution.ts';
import { addressHash, type ConsentEvent } from './consent.ts';
import type { LeadForEmail } from './email.ts';
import { RESUME, resumeType } from '../../common/lead/validation.ts';

/** A consent request event. */
export type ConsentRequest = Extract<ConsentEvent, { type: 'requested' }>;

export interface ArchivedLead extends LeadForEmail {
  key: string;
  status: 'unsent' | 'sent';
  /** sha256 of the browser's idempotency key (the key itself is not kept). */
  submission: string;
  /** 'json' from the scripted forms, 'form' from a plain form post. */
  via: 'json' | 'form';
  resumeKey?: string;
  /** Where the lead came from (attribution.ts), checked; absent on older leads. */
  attribution?: Attribution;
  /**
   * Consent to news and offers asked with this lead (the newsletter itself, or the lead form's
   * box ticked): the consent request's id (the lead's id) and the wording's version. Its events
   * (requested, confirmed, withdrawn) are under consent/.
   */
  consent?: { id: string; wording: string };
  /** How many times the visitor corrected the lead, by a retry with its key, before it was sent. */
  revisions?: number;
  attempts: number;
  /** Why the last send failed, by name (`ses-503`, `no-answer`); gone once it is sent. */
  lastFailure?: string;
  sentAt?: string;
  messageId?: string;
}

/** What an idempotency record holds: where its lead is (or will be). Older records lack receivedAt. */
export interface SubmissionRecord { id: string; key: string; receivedAt?: string }

export interface UploadTicket { url: string; fields: Record<string, string>; key: string; maxBytes: number }

/** Every prefix the function writes, for tools that empty a local archive. */
export const ARCHIVE_PREFIXES = ['leads/', 'submissions/', 'tickets/', 'uploads/', 'resumes/', 'consent/', 'notices/', 'outbox/', 'leases/'] as const;

export interface Archive {
  findSubmission(hash: string): Promise<SubmissionRecord | null>;
  /**
   * Writes the idempotency record if there is none (a conditional write); otherwise answers the
   * record already there. Nothing else is written: the lead follows once the key is ours.
   */
  claim(hash: string, record: SubmissionRecord): Promise<{ claimed: true } | { claimed: false; record: SubmissionRecord | null }>;
  /** Writes a new lead unless one is already at its key (conditional); false when there was one. */
  create(lead: ArchivedLead): Promise<boolean>;
  /**
   * The right to send a lead for `seconds`, or null while another attempt holds it. A lease is
   * a create-only object, so of two attempts exactly one gets it; one that ran out (its holder
   * stopped) is followed by the next number.
   */
  lease(leadId: string, seconds: number): Promise<{ release(): Promise<void> } | null>;
  /** Rewrites a lead (its send status). */
  save(lead: ArchivedLead): Promise<void>;
  get(key: string): Promise<ArchivedLead | null>;
  /** Lead keys, oldest first, from `since` (YYYY-MM-DD) on. */
  keys(since?: string): AsyncGenerator<string>;
  /** A presigned POST into uploads/ for a form fill, or null when the fill already had `limit` tickets. */
  uploadTicket(fileName: string, fill: string, limit: number): Promise<UploadTicket | null>;
  /** Size and first bytes of an uploaded résumé, or null when it is not there. */
  inspectUpload(key: string): Promise<{ size: number; head: Buffer } | null>;
  /** Moves a pending upload to resumes/ (copy, then delete) and answers the kept key; done already is fine. */
  keepUpload(key: string): Promise<string>;
  downloadLink(key: string): Promise<{ url: string; expiresAt: string }>;
  /** Archives one consent event under its address (a new object each time, never overwritten). */
  addConsent(event: ConsentEvent): Promise<void>;
  /**
   * Archives a consent request unless its address already has one that day (UTC, by its `at`),
   * and answers the consent id that stands for the day: this request's, or the earlier one's.
   */
  requestConsent(event: ConsentRequest): Promise<string>;
  /** Every consent event of an address, oldest first (read a few at a time, in parallel). */
  consentEvents(email: string): Promise<ConsentEvent[]>;
  /**
   * The events that decide an address's standing now (consentStatus gives the same answer for
   * them as for all): its latest confirmation or withdrawal and the latest request after it,
   * at most two reads however long the history.
   */
  consentStanding(email: string): Promise<ConsentEvent[]>;
  /**
   * Records that a visitor e-mail of `kind` goes to `email` on `day` (YYYY-MM-DD, a conditional
   * write); false when one already went that day.
   */
  claimNotice(kind: string, email: string, day: string): Promise<boolean>;
  /** Queues a lead for the webhook (outbox/<id>.json); answers the entry's key. */
  queueWebhook(lead: ArchivedLead): Promise<string>;
  readOutbox(key: string): Promise<{ key: string } | null>;
  removeOutbox(key: string): Promise<void>;
  clear(prefixes: readonly string[]): Promise<number>;
}

/** Presigned links in e-mails: SigV4 allows at most 7 days. */
export const LINK_SECONDS = 7 * 24 * 3600;

const datePath = (iso: string) => iso.slice(0, 10).replace(/-/g, '/');

export function leadKey(id: string, receivedAt: string): string {
  return `leads/${datePath(receivedAt)}/${id}.json`;
}

/** Where a pending upload is kept once a lead references it. */
export function keptResumeKey(uploadKey: string): string {
  return uploadKey.replace(/^uploads\//, 'resumes/');
}

export function s3Archive(s3: S3Client, bucket: string): Archive {
  const putJson = (Key: string, value: unknown, options: { conditional?: boolean; tags?: string } = {}) =>
    s3.send(new PutObjectCommand({
      Bucket: bucket, Key, Body: Buffer.from(JSON.stringify(value, null, 2)), ContentType: 'application/json', ServerSideEncryption: 'AES256',
      ...(options.conditional ? { IfNoneMatch: '*' } : {}),
      // The bucket's lifecycle keeps job applications 12 months, other leads 24 (privacy policy).
      ...(options.tags ? { Tagging: options.tags } : {}),
    }));
  const putLead = (lead: ArchivedLead, conditional = false) => putJson(lead.key, lead, { tags: `form=${lead.form}`, conditional });

  const getJson = async <T>(Key: string): Promise<T | null> => {
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key }));
      return JSON.parse(await object.Body!.transformToString('utf8')) as T;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  const exists = async (Key: string) => {
    try {
      await s3.send(new HeadObjectCommand({ Bucket: bucket, Key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  };

  /** Every key under a prefix, in S3's (lexicographic) order. */
  const listKeys = async (Prefix: string) => {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  };

  /** A conditional write: true when it wrote, false when the object was already there. */
  const writeOnce = async (write: () => Promise<unknown>) => {
    try {
      await retryConflicts(write);
      return true;
    } catch (error) {
      if (hasStatus(error, 'PreconditionFailed', 412)) return false;
      throw error;
    }
  };

  return {
    findSubmission: (hash) => getJson<SubmissionRecord>(`submissions/${hash}.json`),

    async claim(hash, record) {
      const Key = `submissions/${hash}.json`;
      if (await writeOnce(() => putJson(Key, record, { conditional: true }))) return { claimed: true };
      return { claimed: false, record: await getJson<SubmissionRecord>(Key) };
    },

    create: (lead) => writeOnce(() => putLead(lead, true)),

    async lease(leadId, seconds) {
      const prefix = `leases/${leadId}/`;
      const last = (await listKeys(prefix)).at(-1);
      let next = 1;
      if (last) {
        const held = await getJson<{ until?: string }>(last).catch(() => null);
        if (held && Date.parse(held.until ?? '') > Date.now()) return null;
        next = Number(/(\d+)\.json$/.exec(last)?.[1] ?? 0) + 1;
      }
      const Key = `${prefix}${String(next).padStart(6, '0')}.json`;
      if (!(await writeOnce(() => putJson(Key, { until: new Date(Date.now() + seconds * 1000).toISOString() }, { conditional: true })))) return null;
      return { release: async () => void (await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key })).catch(() => undefined)) };
    },

    async save(lead) {
      await putLead(lead);
    },

    get: (key) => getJson<ArchivedLead>(key),

    async *keys(since) {
      let token: string | undefined;
      const startAfter = since ? `leads/${since.replace(/-/g, '/')}` : undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'leads/', StartAfter: startAfter, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key?.endsWith('.json')) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async uploadTicket(fileName, fill, limit) {
      const id = randomUUID();
      // Record first, then count: two tickets asked for at once both see each other (S3 lists
      // what was written before), so a fill never gets more than `limit`, even racing.
      await putJson(`tickets/${fill}/${id}.json`, { issuedAt: new Date().toISOString() });
      const issued = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `tickets/${fill}/`, MaxKeys: limit + 1 }));
      if ((issued.Contents?.length ?? 0) > limit) return null;
      const key = `uploads/${datePath(new Date().toISOString())}/${id}/${safeFileName(fileName)}`;
      const type = resumeType(fileName);
      const { url, fields } = await createPresignedPost(s3, {
        Bucket: bucket,
        Key: key,
        Conditions: [['content-length-range', 1, RESUME.maxBytes], ['eq', '$Content-Type', type], ['eq', '$x-amz-server-side-encryption', 'AES256']],
        Fields: { 'Content-Type': type, 'x-amz-server-side-encryption': 'AES256', success_action_status: '204' },
        Expires: 600,
      });
      return { url, fields, key, maxBytes: RESUME.maxBytes };
    },

    async inspectUpload(key) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        const size = head.ContentLength ?? 0;
        if (!size) return { size, head: Buffer.alloc(0) };
        const first = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: 'bytes=0-7' }));
        return { size, head: Buffer.from(await first.Body!.transformToByteArray()) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async keepUpload(key) {
      const kept = keptResumeKey(key);
      try {
        await s3.send(new CopyObjectCommand({ Bucket: bucket, Key: kept, CopySource: `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`, ServerSideEncryption: 'AES256', MetadataDirective: 'COPY' }));
      } catch (error) {
        // Moved by an earlier attempt of the same submission (stopped before its lead was written).
        if (isMissing(error) && (await exists(kept))) return kept;
        throw error;
      }
      // Stopping here leaves a copy in uploads/, which its 1-day lifecycle rule removes.
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      return kept;
    },

    async downloadLink(key) {
      const fileName = key.split('/').pop()!;
      const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: `attachment; filename="${fileName}"` }), { expiresIn: LINK_SECONDS });
      return { url, expiresAt: new Date(Date.now() + LINK_SECONDS * 1000).toISOString().slice(0, 16).replace('T', ' ') + ' UTC' };
    },

    async addConsent(event) {
      await putJson(consentKey(event), event, { conditional: true });
    },

    async requestConsent(event) {
      // A request for every sign-up would let one address pile up events, each read by every
      // later lead and unsubscribe click, so the day's first request is the day's request: a
      // marker names it (looked up, then written conditionally, as claimNotice does), and it
      // carries the event, so a function stopped between the marker and the event leaves the
      // event for the next request of the day to write.
      const Key = `notices/${event.at.slice(0, 10)}/consent-request/${addressHash(event.email)}.json`;
      const mine = { key: consentKey(event), event };
      let day = await getJson<typeof mine>(Key);
      if (!day) day = (await writeOnce(() => putJson(Key, mine, { conditional: true }))) ? mine : await getJson<typeof mine>(Key);
      if (!day) throw new Error('The day\'s consent request marker vanished');
      const standing = day;
      if (standing === mine || !(await exists(standing.key))) await writeOnce(() => putJson(standing.key, standing.event, { conditional: true }));
      return standing.event.consentId;
    },

    async consentEvents(email) {
      const events = await readLimited(await listKeys(`consent/${addressHash(email)}/`), (key) => getJson<ConsentEvent>(key));
      return events.filter(isConsentEvent).sort((a, b) => a.at.localeCompare(b.at));
    },

    async consentStanding(email) {
      // Keys name each event's time and type and S3 lists them in time order, so the two events
      // that matter are found from one listing (a page per 1,000 events), whatever came before.
      const keys = await listKeys(`consent/${addressHash(email)}/`);
      const typeOf = (key: string) => /-(requested|confirmed|withdrawn)-[^/]*\.json$/.exec(key)?.[1];
      const last = keys.findLastIndex((key) => typeOf(key) === 'confirmed' || typeOf(key) === 'withdrawn');
      const request = keys.slice(last + 1).findLast((key) => typeOf(key) === 'requested');
      const wanted = [last < 0 ? undefined : keys[last], request].filter((key): key is string => key !== undefined);
      const events = await Promise.all(wanted.map((key) => getJson<ConsentEvent>(key)));
      return events.filter(isConsentEvent);
    },

    async claimNotice(kind, email, day) {
      const Key = `notices/${day}/${kind}/${addressHash(email)}.json`;
      // Look first (one cheap request in the common case); the conditional write settles a race.
      if (await exists(Key)) return false;
      return writeOnce(() => putJson(Key, { sentAt: new Date().toISOString() }, { conditional: true }));
    },

    async queueWebhook(lead) {
      const Key = `outbox/${lead.id}.json`;
      await putJson(Key, { key: lead.key });
      return Key;
    },

    readOutbox: (key) => getJson<{ key: string }>(key),

    async removeOutbox(key) {
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async clear(prefixes) {
      let removed = 0;
      for (const Prefix of prefixes) {
        let token: string | undefined;
        do {
          const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix, ContinuationToken: token }));
          const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
          if (keys.length) await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
          removed += keys.length;
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
      }
      return removed;
    },
  };
}

/**
 * Latin letters, digits, dot, dash and underscore; the extension kept; at most 100 characters.
 * The extension is split off before cleaning and accents lose their marks (`CV Élodie Côté.pdf`
 * is `CV-Elodie-Cote.pdf`); a name with no Latin letter is `resume.<ext>`. (Cleaned whole,
 * `резюме.pdf` would become `pdf`, which the lead then refuses as not a PDF.)
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const clean = (part: string) => part.normalize('NFKD').replace(/\p{M}+/gu, '').replace(/[^\w.-]+/g, '-').replace(/-+/g, '-').replace(/^[.-]+|[.-]+$/g, '');
  const extension = dot < 0 ? '' : clean(base.slice(dot + 1));
  const suffix = extension ? `.${extension}` : '';
  const stem = clean(dot < 0 ? base : base.slice(0, dot)).slice(0, 100 - suffix.length).replace(/[.-]+$/, '');
  return `${stem || 'resume'}${suffix}`;
}

/**
 * An object read from consent/ that is an event: a known type and a time. Anything else (a file
 * put there by hand, a half-written one) is left out rather than stopping a lead, an
 * unsubscribe or an export that sorts the events by time.
 */
function isConsentEvent(value: unknown): value is ConsentEvent {
  const e = value as { type?: unknown; at?: unknown } | null;
  return !!e && typeof e === 'object' && typeof e.at === 'string' && (e.type === 'requested' || e.type === 'confirmed' || e.type === 'withdrawn');
}

/** Where a consent event is kept: its time (sortable, so S3 lists events in time order) and type in the name. */
function consentKey(event: ConsentEvent): string {
  return `consent/${addressHash(event.email)}/${event.at.replace(/[:.]/g, '')}-${event.type}-${randomUUID().slice(0, 8)}.json`;
}

/** Reads in flight at once for a whole history: quick for a long one, without a burst of hundreds of requests. */
const PARALLEL_READS = 8;

/** `read` of every key, in order, at most PARALLEL_READS at a time. */
async function readLimited<T>(keys: string[], read: (key: string) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(keys.length);
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const i = next++;
      out[i] = await read(keys[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, keys.length) }, worker));
  return out;
}

function hasStatus(error: unknown, name: string, status: number): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.name === name || e?.$metadata?.httpStatusCode === status;
}

function isMissing(error: unknown): boolean {
  return hasStatus(error, 'NoSuchKey', 404) || (error as { name?: string })?.name === 'NotFound';
}

/** Attempts at a conditional write that S3 answers 409 (another conditional write on the key in flight). */
const CONFLICT_ATTEMPTS = 5;

/**
 * S3 answers 409 ConditionalRequestConflict while another conditional write to the same key is
 * in progress; the SDK does not retry it. Try again after 25, 50, 100, 200 ms (with jitter): by
 * then the other write has ended and ours either succeeds or gets a real answer (412).
 */
async function retryConflicts<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= CONFLICT_ATTEMPTS || !hasStatus(error, 'ConditionalRequestConflict', 409)) throw error;
      await sleep(25 * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }
}
