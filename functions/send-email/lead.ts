// The lead logic: what happens to one submission, independent of HTTP and of AWS (the archive
// and the mailer are passed in). Order: honeypot, validation, résumé check, idempotency,
// archive, send. A lead is archived before it is sent, so a failed send loses nothing.
import { createHash, randomBytes } from 'node:crypto';
import { leadKey, type Archive, type ArchivedLead } from './archive.ts';
import { composeEmail, type EmailSettings, type LeadEmail } from './email.ts';
import type { Mailer } from './mailer.ts';
import { compose, resumeProblem, schemas, validateLead, RESUME, type FormName } from './validation.ts';

export interface LeadDeps {
  archive: Archive;
  mailer: Mailer;
  settings: EmailSettings;
  now?: () => Date;
}

export interface LeadRequest {
  form: unknown;
  fields: unknown;
  submissionId?: unknown;
  fax?: unknown;
  resumeKey?: unknown;
  via: 'json' | 'form';
}

export type Outcome =
  | { kind: 'bad-request'; message: string }
  | { kind: 'invalid'; form: FormName; errors: Record<string, string> }
  | { kind: 'spam'; form: string }
  | { kind: 'accepted'; form: FormName; id: string }
  | { kind: 'duplicate'; form: FormName; id: string }
  | { kind: 'unsent'; form: FormName; id: string };

export const FORMS = Object.keys(schemas) as FormName[];
const SUBMISSION_ID = /^[A-Za-z0-9_-]{8,128}$/;
const RESUME_KEY = /^resumes\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}\/[\w.-]{1,100}$/;

export function isForm(value: unknown): value is FormName {
  return typeof value === 'string' && (FORMS as string[]).includes(value);
}

export async function acceptLead(request: LeadRequest, deps: LeadDeps): Promise<Outcome> {
  if (!isForm(request.form)) {
    return { kind: 'bad-request', message: `Unknown form ${JSON.stringify(typeof request.form === 'string' ? request.form.slice(0, 40) : request.form ?? null)}; expected one of ${FORMS.join(', ')}.` };
  }
  const form = request.form;
  if (typeof request.fax === 'string' ? request.fax.trim() !== '' : request.fax != null && request.fax !== false) return { kind: 'spam', form };
  if (!request.fields || typeof request.fields !== 'object' || Array.isArray(request.fields)) return { kind: 'bad-request', message: 'fields must be an object of the form\'s field values.' };
  if (request.submissionId != null && (typeof request.submissionId !== 'string' || !SUBMISSION_ID.test(request.submissionId))) {
    return { kind: 'bad-request', message: 'submissionId must be 8 to 128 letters, digits, dashes or underscores.' };
  }

  const checked = validateLead(form, stringsOnly(request.fields));
  if (!checked.ok) return { kind: 'invalid', form, errors: checked.errors };
  const fields = checked.fields as Record<string, string>;

  let resumeKey: string | undefined;
  if (form === 'job' && request.resumeKey != null && request.resumeKey !== '') {
    const problem = await checkResume(request.resumeKey, deps.archive);
    if (problem) return { kind: 'invalid', form, errors: { resume: problem } };
    resumeKey = request.resumeKey as string;
    fields.resume ||= resumeKey.split('/').pop()!;
  }

  // Without a key (a plain form post), identical content on the same day counts as one lead.
  const now = (deps.now ?? (() => new Date()))();
  const key = typeof request.submissionId === 'string' ? request.submissionId : `content:${form}:${now.toISOString().slice(0, 10)}:${JSON.stringify(fields)}`;
  const submission = createHash('sha256').update(key).digest('hex');

  const previous = await deps.archive.findSubmission(submission);
  if (previous) {
    const lead = await deps.archive.get(previous.key);
    if (lead?.status === 'sent') return { kind: 'duplicate', form, id: lead.id };
    // Archived but not sent (SES failed, or the function stopped before the write): send it now, once.
    const retry = lead ?? newLead(form, fields, submission, request.via, resumeKey, now, previous.id);
    if (!lead) await deps.archive.save(retry);
    return (await sendArchived(retry, deps)) ? { kind: 'accepted', form, id: retry.id } : { kind: 'unsent', form, id: retry.id };
  }

  const lead = newLead(form, fields, submission, request.via, resumeKey, now);
  if ((await deps.archive.save(lead, true)) === 'claimed-elsewhere') {
    const winner = await deps.archive.findSubmission(submission);
    return { kind: 'duplicate', form, id: winner?.id ?? lead.id };
  }
  return (await sendArchived(lead, deps)) ? { kind: 'accepted', form, id: lead.id } : { kind: 'unsent', form, id: lead.id };
}

/** Sends an archived lead and records the result; false when SES did not take it. */
export async function sendArchived(lead: ArchivedLead, deps: LeadDeps): Promise<boolean> {
  lead.attempts += 1;
  let messageId: string;
  try {
    messageId = await deps.mailer.send(await emailFor(lead, deps));
  } catch {
    await deps.archive.save(lead).catch(() => undefined);
    return false;
  }
  lead.status = 'sent';
  lead.sentAt = (deps.now ?? (() => new Date()))().toISOString();
  lead.messageId = messageId;
  // The e-mail is out; if recording that fails, a resend could repeat it, which beats losing it.
  await deps.archive.save(lead).catch(() => undefined);
  return true;
}

/** The e-mail for a lead exactly as it is sent, with a fresh résumé link. */
export async function emailFor(lead: ArchivedLead, deps: Pick<LeadDeps, 'archive' | 'settings'>): Promise<LeadEmail> {
  const resume = lead.resumeKey ? { fileName: lead.fields.resume || lead.resumeKey.split('/').pop()!, ...(await deps.archive.downloadLink(lead.resumeKey)) } : undefined;
  return composeEmail({ ...lead, resume }, deps.settings);
}

/** `site leads resend`: sends every archived lead still marked unsent, each once. */
export async function resendUnsent(deps: LeadDeps, options: { since?: string; onLead?: (lead: ArchivedLead, sent: boolean) => void } = {}): Promise<{ checked: number; sent: number; failed: number }> {
  const result = { checked: 0, sent: 0, failed: 0 };
  for await (const key of deps.archive.keys(options.since)) {
    const lead = await deps.archive.get(key);
    result.checked += 1;
    if (!lead || lead.status !== 'unsent') continue;
    const sent = await sendArchived(lead, deps);
    if (sent) result.sent += 1;
    else result.failed += 1;
    options.onLead?.(lead, sent);
  }
  return result;
}

function newLead(form: FormName, fields: Record<string, string>, submission: string, via: 'json' | 'form', resumeKey: string | undefined, now: Date, id = leadId(now)): ArchivedLead {
  const receivedAt = now.toISOString();
  return {
    id, key: leadKey(id, receivedAt), form, receivedAt, fields,
    message: (compose[form] as (f: Record<string, string>) => ArchivedLead['message'])(fields),
    status: 'unsent', submission, via, attempts: 0, ...(resumeKey ? { resumeKey } : {}),
  };
}

/** Sortable and unguessable: 20261121-153012-9f2c4a7e1b. */
function leadId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(5).toString('hex')}`;
}

/** Fields typed in a text area; every other field is one line. */
const MULTI_LINE = new Set(['additionalInfo', 'otherinfo']);

/**
 * Strings only (Yup would turn numbers and booleans into strings; a form never sends them), and
 * one-line fields really one line: CR, LF and other control characters become spaces, so a name
 * can never carry a header or a fake line into the e-mail.
 */
function stringsOnly(fields: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value !== 'string') continue;
    out[key] = MULTI_LINE.has(key) ? value.replace(/\r\n?/g, '\n') : value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');
  }
  return out;
}

const MAGIC: [RegExp, Buffer][] = [
  [/\.pdf$/i, Buffer.from('%PDF-')],
  [/\.doc$/i, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
  [/\.docx$/i, Buffer.from([0x50, 0x4b, 0x03, 0x04])],
];

/** The function's own check of an uploaded résumé: the policy limited the size, this checks it is really there and really a document. */
async function checkResume(key: unknown, archive: Archive): Promise<string> {
  if (typeof key !== 'string' || !RESUME_KEY.test(key)) return RESUME.wrongType;
  const problem = resumeProblem(key, 1);
  if (problem) return problem;
  const object = await archive.inspectUpload(key);
  if (!object) return 'The résumé did not finish uploading. Please choose the file again.';
  if (object.size > RESUME.maxBytes || object.size === 0) return RESUME.tooLarge;
  const magic = MAGIC.find(([pattern]) => pattern.test(key))![1];
  return object.head.subarray(0, magic.length).equals(magic) ? '' : RESUME.wrongType;
}
