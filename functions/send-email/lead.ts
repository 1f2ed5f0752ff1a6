// The lead logic: what happens to one submission, independent of HTTP and of AWS (the archive
// and the mailer are passed in). Order: honeypot, validation, résumé check, idempotency
// record, archive, send. The record is written before the lead and the lead before the e-mail,
// so a stop at any point leaves something a retry with the same key completes, never a second
// lead for `site leads resend` to send beside it.
import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { keptResumeKey, leadKey, type Archive, type ArchivedLead, type SubmissionRecord, type UploadTicket } from './archive.ts';
import { cleanAttribution, type Attribution } from '../../common/lead/attribution.ts';
import { consentStatus, signLink, wording, type Circumstances } from './consent.ts';
import { composeEmail, type EmailSettings, type LeadEmail } from './email.ts';
import type { Mailer } from './mailer.ts';
import { compose, declaredFields, localeOf, messages, resumeProblem, schemas, validateLead, RESUME, type FormName, type Locale } from '../../common/lead/validation.ts';
import { composeOptIn, composeReceipt } from './visitor-email.ts';

export interface LeadDeps {
  archive: Archive;
  mailer: Mailer;
  settings: EmailSettings;
  now?: () => Date;
  /**
   * The key confirm and unsubscribe links are signed with (LEAD_LINK_SECRET). Without it no
   * visitor e-mail is sent (each needs a working unsubscribe link); the lead itself is unaffected.
   */
  linkSecret?: string;
  /** Where the links point: the site's origin (the preview's own when it runs). */
  linkBase?: string;
  /**
   * With LEAD_WEBHOOK_URL: queues each sent lead for the webhook (outbox/<id>.json, which the
   * webhook function delivers; webhook.ts). `onQueued` is for hosts that deliver in-process
   * (the preview), never awaited by the lead.
   */
  webhook?: { onQueued?: (outboxKey: string) => void };
  /** Where a step after the lead failed (a visitor e-mail, a consent record): names only, never data. */
  warn?: (step: string, error: unknown) => void;
  /** Counts a metric (SendFailures); the Lambda writes it in CloudWatch's embedded metric format. */
  metric?: (name: string, value: number) => void;
  /** How long a retry waits for another attempt that is sending the same lead; the function's time limit bounds it. */
  joinMs?: number;
}

/**
 * How long a lease on a lead lasts: longer than any attempt can live (the lead function stops
 * after 10 s, SES is given 5 s), so a lease that ran out belongs to an attempt that has ended.
 */
export const LEASE_SECONDS = 60;
/** A retry of a lead being sent waits this long for the first attempt before answering. */
const JOIN_MS = 4_000;

export interface LeadRequest {
  form: unknown;
  fields: unknown;
  submissionId?: unknown;
  fax?: unknown;
  resumeKey?: unknown;
  /** The visitor's language as sent ('fr'); anything else is English. */
  locale?: unknown;
  via: 'json' | 'form';
  /** Landing page, referrer host, UTM parameters and page, as the browser sent them (checked here). */
  attribution?: unknown;
  /** The form's optional "send me news and offers" box: true, 'yes', 'on' or 'true' when ticked. */
  newsOptIn?: unknown;
  /** The client's address and user agent, for the consent record. */
  client?: Circumstances;
}

export type Outcome =
  | { kind: 'bad-request'; message: string }
  | { kind: 'invalid'; form: FormName; errors: Record<string, string> }
  /** A filled honeypot: an id like any other, so the bot cannot tell; nothing kept or sent. */
  | { kind: 'spam'; form: string; id: string }
  | { kind: 'accepted'; form: FormName; id: string }
  | { kind: 'duplicate'; form: FormName; id: string }
  | { kind: 'unsent'; form: FormName; id: string };

export const FORMS = Object.keys(schemas) as FormName[];
const SUBMISSION_ID = /^[A-Za-z0-9_-]{8,128}$/;
const SUBMISSION_ID_RULE = 'submissionId must be 8 to 128 letters, digits, dashes or underscores.';
/** A lead may reference only a pending upload (the key its ticket named). */
const UPLOAD_KEY = /^uploads\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}\/[\w.-]{1,100}$/;
/** Upload tickets per form fill: a changed file and a retry or two, not a free file host. */
export const UPLOADS_PER_FILL = 3;

export function isForm(value: unknown): value is FormName {
  return typeof value === 'string' && (FORMS as string[]).includes(value);
}

/** The idempotency key as stored: its sha256, never the key itself. */
export function submissionHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export async function acceptLead(request: LeadRequest, deps: LeadDeps): Promise<Outcome> {
  const now = (deps.now ?? (() => new Date()))();
  if (!isForm(request.form)) {
    return { kind: 'bad-request', message: `Unknown form ${formNamed(request.form)}; expected one of ${FORMS.join(', ')}.` };
  }
  const form = request.form;
  const locale = localeOf(request.locale);
  if (typeof request.fax === 'string' ? request.fax.trim() !== '' : request.fax != null && request.fax !== false) return { kind: 'spam', form, id: leadId(now) };
  if (!request.fields || typeof request.fields !== 'object' || Array.isArray(request.fields)) return { kind: 'bad-request', message: 'fields must be an object of the form\'s field values.' };
  if (request.submissionId != null && (typeof request.submissionId !== 'string' || !SUBMISSION_ID.test(request.submissionId))) {
    return { kind: 'bad-request', message: SUBMISSION_ID_RULE };
  }

  const checked = validateLead(form, stringsOnly(form, request.fields), locale);
  if (!checked.ok) return { kind: 'invalid', form, errors: checked.errors };
  const fields = checked.fields as Record<string, string>;

  let upload: string | undefined;
  if (form === 'job' && request.resumeKey != null && request.resumeKey !== '') {
    if (typeof request.resumeKey !== 'string' || !UPLOAD_KEY.test(request.resumeKey)) return { kind: 'invalid', form, errors: { resume: messages[locale].resumeWrongType } };
    upload = request.resumeKey;
    fields.resume ||= upload.split('/').pop()!;
  }

  const content: Content = { fields, consent: form === 'newsletter' || ticked(request.newsOptIn), upload };

  // Without a key (a plain form post), identical content on the same day counts as one lead.
  let key = typeof request.submissionId === 'string' ? request.submissionId : `content:${form}:${now.toISOString().slice(0, 10)}:${JSON.stringify(fields)}`;
  let found = await deps.archive.findSubmission(submissionHash(key));

  if (upload) {
    // A retry of this very submission may find its résumé already moved to resumes/.
    const problem = await checkResume(upload, deps.archive, found !== null, locale);
    if (problem) return { kind: 'invalid', form, errors: { resume: problem } };
  }

  let lead = found ? await deps.archive.get(found.key) : null;
  // The form keeps its key after a failure, so a retry may carry what the visitor corrected;
  // answering it with the first content dropped the correction while telling the visitor it was sent.
  if (lead && !sameContent(lead, content)) {
    if (lead.status === 'unsent') {
      // Sales have not seen it: the lead becomes what the visitor sends now, under the same id.
      await revise(lead, content, deps);
    } else {
      // Sent, its answer lost, then changed: another lead, under a key of this one's and the
      // content's, so the same changed retry again is its duplicate.
      key = `${key}:${contentDigest(content)}`;
      found = await deps.archive.findSubmission(submissionHash(key));
      lead = found ? await deps.archive.get(found.key) : null;
    }
  }

  const submission = submissionHash(key);
  const record = found ?? (await claimNew(submission, now, deps.archive));
  if ('takenBy' in record) return { kind: 'duplicate', form, id: record.takenBy };
  if (!lead) {
    // Recorded and not yet written (just now, or by an invocation that stopped in between).
    const resumeKey = upload ? await deps.archive.keepUpload(upload) : undefined;
    lead = newLead(form, locale, fields, submission, request.via, resumeKey, record, now, cleanAttribution(request.attribution), content.consent ? wordingOf(deps.settings, form, locale) : undefined);
    if (!(await deps.archive.create(lead))) {
      // The key was taken: by a concurrent invocation with the same key, or by this very write,
      // its answer lost and the SDK's retry refused with 412. Either way the lead there is this
      // submission's, still to be sent; the lease below decides who sends it.
      const there = await deps.archive.get(lead.key);
      if (!there) return { kind: 'unsent', form, id: record.id };
      lead = there;
    }
  }
  if (lead.status === 'sent') return { kind: 'duplicate', form, id: lead.id };
  // Archived but not sent (SES failed, the function stopped, or another attempt is sending it now).
  const sent = await sendOnce(lead, deps, deps.joinMs ?? JOIN_MS);
  if (sent === 'sent-already') return { kind: 'duplicate', form, id: lead.id };
  if (sent === 'unsent') return { kind: 'unsent', form, id: lead.id };
  await followUp(lead, request.client ?? { ip: '', userAgent: '' }, deps);
  return { kind: 'accepted', form, id: lead.id };
}

/**
 * Sends an archived lead unless another attempt is sending or has sent it: the attempt that
 * holds the lead's lease sends; another waits up to `waitMs` for it to finish (the browser's
 * retry after a slow first answer), and answers 'sent-already' when it did. Without the lease
 * a retry while SES was still answering the first attempt sent a second e-mail.
 */
export async function sendOnce(lead: ArchivedLead, deps: LeadDeps, waitMs: number): Promise<'sent' | 'sent-already' | 'unsent'> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const lease = await deps.archive.lease(lead.id, LEASE_SECONDS);
    if (lease) {
      try {
        // Read again under the lease: the attempt that held it before may have sent it.
        const current = await deps.archive.get(lead.key);
        if (current?.status === 'sent') return 'sent-already';
        lead.attempts = Math.max(lead.attempts, current?.attempts ?? 0);
        return (await sendArchived(lead, deps)) ? 'sent' : 'unsent';
      } finally {
        await lease.release();
      }
    }
    if (Date.now() >= deadline) return 'unsent';
    await sleep(Math.min(250, Math.max(0, deadline - Date.now())));
    if ((await deps.archive.get(lead.key))?.status === 'sent') return 'sent-already';
  }
}

/**
 * The `form` a request named, for its bad-request message: a string quoted (cut to 40
 * characters), anything else by its type only. Quoting a JSON value echoed the request back
 * and overflowed the stack on a deeply nested array (a 503, as if S3 were down).
 */
function formNamed(form: unknown): string {
  if (typeof form === 'string') return JSON.stringify(form.slice(0, 40));
  if (form == null) return '(none given)';
  return `(${Array.isArray(form) ? 'an array' : typeof form === 'object' ? 'an object' : `a ${typeof form}`})`;
}

/** What a visitor sent that makes a lead: its fields, the news box, a new résumé upload. */
interface Content { fields: Record<string, string>; consent: boolean; upload?: string }

const canonical = (fields: Record<string, string>) => JSON.stringify(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** Whether a retry sends what the archived lead holds (a résumé it gave no new upload for counts as the same). */
function sameContent(lead: ArchivedLead, content: Content): boolean {
  return canonical(lead.fields) === canonical(content.fields) && Boolean(lead.consent) === content.consent && (!content.upload || lead.resumeKey === keptResumeKey(content.upload));
}

function contentDigest(content: Content): string {
  return createHash('sha256').update(JSON.stringify([canonical(content.fields), content.consent, content.upload ? keptResumeKey(content.upload) : ''])).digest('hex').slice(0, 32);
}

/**
 * An unsent lead revised by the visitor's corrected retry: its fields, message, news box and
 * (given a new upload) résumé; id, key, receivedAt and attribution stay. Saved when it is sent.
 */
async function revise(lead: ArchivedLead, content: Content, deps: LeadDeps): Promise<void> {
  if (content.upload && lead.resumeKey !== keptResumeKey(content.upload)) lead.resumeKey = await deps.archive.keepUpload(content.upload);
  lead.fields = content.fields;
  lead.message = (compose[lead.form] as (f: Record<string, string>) => ArchivedLead['message'])(content.fields);
  if (!content.consent) delete lead.consent;
  else lead.consent ??= { id: lead.id, wording: wordingOf(deps.settings, lead.form, lead.locale ?? 'en') };
  lead.revisions = (lead.revisions ?? 0) + 1;
}

/** Ticked boxes as browsers and scripts send them. */
function ticked(value: unknown): boolean {
  return value === true || value === 'yes' || value === 'on' || value === 'true';
}

/**
 * What follows a lead the sales desk got: its consent request archived, the visitor's e-mail
 * (the double opt-in request, or the receipt), and the webhook queued. Each step on its own: a
 * failure is logged by name and never fails the lead, which is archived and sent already.
 */
async function followUp(lead: ArchivedLead, client: Circumstances, deps: LeadDeps): Promise<void> {
  const warn = deps.warn ?? (() => undefined);
  const now = (deps.now ?? (() => new Date()))();
  const locale = lead.locale ?? 'en';
  const email = lead.message.from_email;
  const copy = deps.settings.visitor?.[locale] ?? deps.settings.visitor?.en;
  const day = now.toISOString().slice(0, 10);
  const links = (consentId?: string) => {
    const base = `${deps.linkBase ?? ''}/send-email`;
    // The page's language rides beside the token, unsigned: it changes nothing but the words.
    const lang = locale === 'en' ? '' : `&l=${locale}`;
    return {
      unsubscribe: `${base}/unsubscribe?t=${signLink(deps.linkSecret!, 'unsubscribe', email, now)}${lang}`,
      confirm: `${base}/confirm?t=${signLink(deps.linkSecret!, 'confirm', email, now, consentId)}${lang}`,
    };
  };
  if (lead.consent) {
    try {
      const text = deps.settings.consentText?.[locale] ?? deps.settings.consentText?.en;
      const statement = wording((lead.form === 'newsletter' ? text?.newsletter : text?.optIn) ?? '');
      const earlier = await deps.archive.consentStanding(email);
      // Dated when the visitor asked (`site leads resend` sends later); at most one request per
      // address and day, so sign-ups repeated by a bot cannot grow an address's history.
      const consentId = await deps.archive.requestConsent({ type: 'requested', consentId: lead.consent.id, email, at: lead.receivedAt, form: lead.form, locale, wording: statement, leadId: lead.id, page: lead.attribution?.page, ...client });
      if (consentId !== lead.consent.id) {
        // The address asked already that day: this lead's consent is that request, a real event.
        lead.consent = { ...lead.consent, id: consentId };
        await deps.archive.save(lead);
      }
      // An address already confirmed needs no second request; a stranger's address gets at most one a day.
      if (copy && deps.linkSecret && consentStatus(earlier).status !== 'confirmed' && (await deps.archive.claimNotice('opt-in', email, day))) {
        await deps.mailer.send(composeOptIn({ to: email, locale }, copy, deps.settings.sender, links(lead.consent.id)));
      }
    } catch (error) {
      warn('consent', error);
    }
  }
  if (lead.form !== 'newsletter' && copy && deps.linkSecret) {
    try {
      if (await deps.archive.claimNotice(lead.form, email, day)) {
        await deps.mailer.send(composeReceipt({ to: email, form: lead.form, receivedAt: lead.receivedAt, locale }, copy, deps.settings.sender, links()));
      }
    } catch (error) {
      warn('receipt', error);
    }
  }
  if (deps.webhook) {
    try {
      // Queue first: `onQueued?.(await …)` skipped the await, and so the queueing, whenever
      // onQueued was absent, which it is in production (index.ts).
      const outboxKey = await deps.archive.queueWebhook(lead);
      deps.webhook.onQueued?.(outboxKey);
    } catch (error) {
      warn('webhook-queue', error);
    }
  }
}

/** Records a new submission: its record, or the lead id of the request with the same key that recorded it first. */
async function claimNew(submission: string, now: Date, archive: Archive): Promise<SubmissionRecord | { takenBy: string }> {
  const id = leadId(now);
  const mine: SubmissionRecord = { id, key: leadKey(id, now.toISOString()), receivedAt: now.toISOString() };
  const claim = await archive.claim(submission, mine);
  // Another request's record: its lead is the one to send. (Our own, found after a write whose
  // answer was lost, is ours to complete.)
  if (!claim.claimed && claim.record?.id !== id) return { takenBy: claim.record?.id ?? id };
  return mine;
}

export type TicketOutcome =
  | { kind: 'bad-request'; message: string }
  | { kind: 'invalid'; errors: { resume: string } }
  | { kind: 'limit' }
  | { kind: 'ticket'; ticket: UploadTicket };

/** `/send-email/upload`: a presigned POST (its refusals in the `locale` sent, else English) for one résumé of one form fill, at most UPLOADS_PER_FILL per fill. */
export async function issueUploadTicket(value: unknown, archive: Archive): Promise<TicketOutcome> {
  const v = (value && typeof value === 'object' ? value : {}) as { fileName?: unknown; size?: unknown; submissionId?: unknown; locale?: unknown };
  if (typeof v.fileName !== 'string' || typeof v.size !== 'number') {
    return { kind: 'bad-request', message: 'Send {"fileName": string, "contentType": string, "size": number, "submissionId": string}.' };
  }
  if (typeof v.submissionId !== 'string' || !SUBMISSION_ID.test(v.submissionId)) return { kind: 'bad-request', message: `${SUBMISSION_ID_RULE} Send the form fill's key.` };
  const problem = resumeProblem(v.fileName, v.size, localeOf(v.locale));
  if (problem) return { kind: 'invalid', errors: { resume: problem } };
  const ticket = await archive.uploadTicket(v.fileName, submissionHash(v.submissionId), UPLOADS_PER_FILL);
  return ticket ? { kind: 'ticket', ticket } : { kind: 'limit' };
}

/** Sends an archived lead and records the result; false when SES did not take it. */
async function sendArchived(lead: ArchivedLead, deps: LeadDeps): Promise<boolean> {
  lead.attempts += 1;
  let messageId: string;
  try {
    messageId = await deps.mailer.send(await emailFor(lead, deps));
  } catch (error) {
    // Kept unsent for `site leads resend` and the scheduled resend; an answer that never came
    // (a time-out) may mean SES sent it, and a second e-mail beats a lost lead.
    lead.lastFailure = failureOf(error);
    deps.metric?.('SendFailures', 1);
    await deps.archive.save(lead).catch(() => undefined);
    return false;
  }
  delete lead.lastFailure;
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

/**
 * `site leads resend`: sends every archived lead still marked unsent, each once, then what
 * follows a sent lead (consent request, visitor e-mail, webhook), as the visitor's request
 * would have: a newsletter sign-up made while SES was down got none of it. The request's
 * address and user agent are not kept with the lead, so its consent event has neither.
 */
export async function resendUnsent(deps: LeadDeps, options: { since?: string; onLead?: (lead: ArchivedLead, sent: boolean) => void; onSkipped?: (key: string, reason: string) => void } = {}): Promise<ResendResult> {
  const result: ResendResult = { checked: 0, sent: 0, failed: 0, skipped: 0, unsent: 0 };
  const now = (deps.now ?? (() => new Date()))();
  for await (const key of deps.archive.keys(options.since)) {
    result.checked += 1;
    // One unreadable object (truncated, put there by hand) is named and passed over: it had
    // stopped every run at the same place, so no lead after it was ever sent.
    let lead: ArchivedLead | null;
    try {
      lead = await deps.archive.get(key);
      if (lead && !isLead(lead)) throw new Error('not a lead');
    } catch (error) {
      result.skipped += 1;
      options.onSkipped?.(key, error instanceof SyntaxError ? 'not valid JSON' : error instanceof Error && error.message === 'not a lead' ? 'not a lead' : 'could not be read');
      continue;
    }
    if (!lead || lead.status !== 'unsent') continue;
    const outcome = await sendOnce(lead, deps, 0);
    if (outcome === 'sent-already') continue;
    if (outcome === 'sent') {
      result.sent += 1;
      await followUp(lead, { ip: '', userAgent: '' }, deps);
    } else {
      result.failed += 1;
      result.unsent += 1;
      if (!result.oldestUnsentAt || lead.receivedAt < result.oldestUnsentAt) result.oldestUnsentAt = lead.receivedAt;
    }
    options.onLead?.(lead, outcome === 'sent');
  }
  if (result.oldestUnsentAt) result.oldestUnsentMinutes = Math.max(0, Math.round((now.getTime() - Date.parse(result.oldestUnsentAt)) / 60_000));
  return result;
}

export interface ResendResult {
  checked: number;
  sent: number;
  /** Leads SES refused or did not answer this run (still unsent). */
  failed: number;
  /** Objects under leads/ that are not readable leads, named through onSkipped. */
  skipped: number;
  /** Leads still unsent after the run, and when the oldest of them came in. */
  unsent: number;
  oldestUnsentAt?: string;
  oldestUnsentMinutes?: number;
}

/** An object with what a lead needs to be sent: anything else under leads/ is skipped. */
export function isLead(value: unknown): value is ArchivedLead {
  const v = value as Partial<ArchivedLead> | null;
  return !!v && typeof v === 'object' && typeof v.id === 'string' && typeof v.key === 'string' && isForm(v.form) && (v.status === 'sent' || v.status === 'unsent')
    && !!v.fields && typeof v.fields === 'object' && !!v.message && typeof v.message === 'object' && typeof v.receivedAt === 'string';
}

/** What went wrong with a send, by name only (never the error's text, which may quote the lead). */
function failureOf(error: unknown): string {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  if (e?.$metadata?.httpStatusCode) return `ses-${e.$metadata.httpStatusCode}`;
  return /timeout|abort/i.test(e?.name ?? '') ? 'no-answer' : (e?.name ?? 'Error').slice(0, 40);
}

/** The version id of the consent statement the visitor was shown with this form. */
function wordingOf(settings: EmailSettings, form: FormName, locale: Locale): string {
  const text = settings.consentText?.[locale] ?? settings.consentText?.en;
  return wording((form === 'newsletter' ? text?.newsletter : text?.optIn) ?? '').version;
}

function newLead(form: FormName, locale: Locale, fields: Record<string, string>, submission: string, via: 'json' | 'form', resumeKey: string | undefined, record: SubmissionRecord, now: Date, attribution: Attribution, consentWording: string | undefined): ArchivedLead {
  return {
    id: record.id, key: record.key, form, locale, receivedAt: record.receivedAt ?? now.toISOString(), fields,
    message: (compose[form] as (f: Record<string, string>) => ArchivedLead['message'])(fields),
    status: 'unsent', submission, via, attempts: 0, ...(resumeKey ? { resumeKey } : {}),
    ...(Object.keys(attribution).length ? { attribution } : {}),
    ...(consentWording !== undefined ? { consent: { id: record.id, wording: consentWording } } : {}),
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
 * The form's declared fields only (never a name like `toString` or `__proto__`), strings only
 * (Yup would turn numbers and booleans into strings; a form never sends them), and one-line
 * fields really one line: CR, LF and other control characters (C0 and C1, NEL among them)
 * become spaces, so a name can never carry a header or a fake line into the e-mail. In a text
 * area every line break (CR, NEL, U+2028, U+2029) becomes LF, so the e-mail's text body indents
 * each line it shows, and other controls go.
 */
function stringsOnly(form: FormName, fields: object): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [key, value] of Object.entries(declaredFields(form, fields))) {
    if (typeof value !== 'string') continue;
    // A lone surrogate (valid in JSON, not in UTF-8) made the SES request unbuildable and broke
    // the client's next call: it becomes U+FFFD before anything else sees the value.
    const text = value.toWellFormed();
    out[key] = MULTI_LINE.has(key)
      ? text.replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
      : text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  }
  return out;
}

const MAGIC: [RegExp, Buffer][] = [
  [/\.pdf$/i, Buffer.from('%PDF-')],
  [/\.doc$/i, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
  [/\.docx$/i, Buffer.from([0x50, 0x4b, 0x03, 0x04])],
];

/**
 * The function's own check of an uploaded résumé: the policy limited the size, this checks it
 * is really there and really a document. `retry`: the submission is already recorded, so its
 * résumé may have been moved to resumes/ by the attempt that recorded it.
 */
async function checkResume(key: string, archive: Archive, retry: boolean, locale: Locale): Promise<string> {
  const problem = resumeProblem(key, 1, locale);
  if (problem) return problem;
  const object = (await archive.inspectUpload(key)) ?? (retry ? await archive.inspectUpload(keptResumeKey(key)) : null);
  if (!object) return messages[locale].resumeNotUploaded;
  if (object.size > RESUME.maxBytes || object.size === 0) return messages[locale].resumeTooLarge;
  const magic = MAGIC.find(([pattern]) => pattern.test(key))![1];
  return object.head.subarray(0, magic.length).equals(magic) ? '' : messages[locale].resumeWrongType;
}
