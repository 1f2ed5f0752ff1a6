// The S3 adapter: the private lead archive, the idempotency records and résumé uploads.
//
// Layout of the leads bucket (server-side encrypted, private, lifecycle per prefix):
//   leads/YYYY/MM/DD/<id>.json      the lead as received and validated, with its send status
//   submissions/<sha256 of key>.json  { id, key }: the browser's idempotency key → its lead
//   resumes/YYYY/MM/DD/<uuid>/<name>  résumés uploaded through a presigned POST
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, DeleteObjectCommand, DeleteObjectsCommand, type S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { LeadForEmail } from './email.ts';
import { RESUME, resumeType } from './validation.ts';

export interface ArchivedLead extends LeadForEmail {
  key: string;
  status: 'unsent' | 'sent';
  /** sha256 of the browser's idempotency key (the key itself is not kept). */
  submission: string;
  /** 'json' from the scripted forms, 'form' from a plain form post. */
  via: 'json' | 'form';
  resumeKey?: string;
  attempts: number;
  sentAt?: string;
  messageId?: string;
}

export interface UploadTicket { url: string; fields: Record<string, string>; key: string; maxBytes: number }

export interface Archive {
  findSubmission(hash: string): Promise<{ id: string; key: string } | null>;
  /** Writes the lead; with `claim`, also records its idempotency key (conditional where S3 supports it). */
  save(lead: ArchivedLead, claim?: boolean): Promise<'saved' | 'claimed-elsewhere'>;
  get(key: string): Promise<ArchivedLead | null>;
  /** Lead keys, oldest first, from `since` (YYYY-MM-DD) on. */
  keys(since?: string): AsyncGenerator<string>;
  uploadTicket(fileName: string): Promise<UploadTicket>;
  /** Size and first bytes of an uploaded résumé, or null when it is not there. */
  inspectUpload(key: string): Promise<{ size: number; head: Buffer } | null>;
  downloadLink(key: string): Promise<{ url: string; expiresAt: string }>;
  clear(prefixes: string[]): Promise<number>;
}

/** Presigned links in e-mails: SigV4 allows at most 7 days. */
export const LINK_SECONDS = 7 * 24 * 3600;

const datePath = (iso: string) => iso.slice(0, 10).replace(/-/g, '/');

export function leadKey(id: string, receivedAt: string): string {
  return `leads/${datePath(receivedAt)}/${id}.json`;
}

export function s3Archive(s3: S3Client, bucket: string): Archive {
  const putJson = (Key: string, value: unknown, options: { conditional?: boolean; tags?: string } = {}) =>
    s3.send(new PutObjectCommand({
      Bucket: bucket, Key, Body: Buffer.from(JSON.stringify(value, null, 2)), ContentType: 'application/json', ServerSideEncryption: 'AES256',
      ...(options.conditional ? { IfNoneMatch: '*' } : {}),
      // The bucket's lifecycle keeps job applications 12 months, other leads 24 (privacy policy).
      ...(options.tags ? { Tagging: options.tags } : {}),
    }));
  const putLead = (lead: ArchivedLead) => putJson(lead.key, lead, { tags: `form=${lead.form}` });

  const getJson = async <T>(Key: string): Promise<T | null> => {
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key }));
      return JSON.parse(await object.Body!.transformToString('utf8')) as T;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    findSubmission: (hash) => getJson<{ id: string; key: string }>(`submissions/${hash}.json`),

    async save(lead, claim = false) {
      if (!claim) {
        await putLead(lead);
        return 'saved';
      }
      // The idempotency record and the lead are written side by side (one round trip, not two).
      const [record, saved] = await Promise.allSettled([putJson(`submissions/${lead.submission}.json`, { id: lead.id, key: lead.key }, { conditional: true }), putLead(lead)]);
      if (record.status === 'rejected') {
        const e = record.reason as { name?: string; $metadata?: { httpStatusCode?: number } };
        // Another invocation claimed this key between our lookup and this write: its lead is the
        // one to send, so ours must not stay behind for `site leads resend` to find.
        if (e.name === 'PreconditionFailed' || e.$metadata?.httpStatusCode === 412) {
          if (saved.status === 'fulfilled') await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: lead.key }));
          return 'claimed-elsewhere';
        }
        throw record.reason;
      }
      if (saved.status === 'rejected') throw saved.reason;
      return 'saved';
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

    async uploadTicket(fileName) {
      const key = `resumes/${datePath(new Date().toISOString())}/${randomUUID()}/${safeFileName(fileName)}`;
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

    async downloadLink(key) {
      const fileName = key.split('/').pop()!;
      const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: `attachment; filename="${fileName}"` }), { expiresIn: LINK_SECONDS });
      return { url, expiresAt: new Date(Date.now() + LINK_SECONDS * 1000).toISOString().slice(0, 16).replace('T', ' ') + ' UTC' };
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

/** Letters, digits, dot, dash and underscore; the extension kept; at most 100 characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'resume';
  const cleaned = base.normalize('NFKD').replace(/[^\w.-]+/g, '-').replace(/^[.-]+/, '').replace(/-+/g, '-');
  return (cleaned || 'resume').slice(-100);
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
