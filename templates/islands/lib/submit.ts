// Sends a lead as the lead function expects it (the wire format is a contract): the spec's
// from_name/from_email/phone_number/message, plus form, the structured fields, an idempotency
// key and the honeypot. Success means a 2xx answer with accepted: true; anything else,
// including no answer within 15 s (the spec's client had no timeout), is a failure.
import { compose, type Fields, type FormName } from '../../../common/lead/validation.ts';
import { visitAttribution } from '../../shell/attribution.ts';

export const TIMEOUT_MS = 15_000;

/** An answer: its status and its JSON body (null when it has none or it is not JSON). */
export interface Answer { ok: boolean; status: number; data: any }

/** fetch with a time limit that covers reading the body; null on a network error or timeout. */
export async function request(url: string, init: RequestInit, timeoutMs = TIMEOUT_MS): Promise<Answer | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const data = await response.json().catch(() => null);
    if (controller.signal.aborted) return null;
    return { ok: response.ok, status: response.status, data };
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** JSON POST headers. */
export const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

/**
 * Sends one lead. `extra` adds top-level properties beside the contract's (the job form's
 * `resumeKey`, the news box's `newsOptIn`); it cannot replace them. `attribution` (where the
 * visit began, the page) goes beside them too.
 */
export async function sendLead<F extends FormName>(endpoint: string, form: F, given: Fields<F>, submissionId: string, fax = '', extra: Record<string, string> = {}): Promise<boolean> {
  // A lone surrogate (half an emoji pasted or cut) is sent as U+FFFD, as the function keeps it.
  const fields = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, typeof v === 'string' ? v.toWellFormed() : v])) as Fields<F>;
  const body = { ...extra, attribution: visitAttribution(), ...(compose[form] as (f: Fields<F>) => object)(fields), form, fields, submissionId, fax };
  const answer = await request(endpoint, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) });
  return answer?.ok === true && answer.data?.accepted === true;
}

/** One key per form fill, so a retry of the same lead is recognised and sent once. */
export function newSubmissionId(): string {
  return crypto.randomUUID();
}
