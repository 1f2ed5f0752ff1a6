// Sends a lead as the lead function expects it (the wire format is a contract): the spec's
// from_name/from_email/phone_number/message, plus form, the structured fields, an idempotency
// key and the honeypot. Success means a 2xx answer with accepted: true; anything else,
// including no answer within 15 s (the spec's client had no timeout), is a failure.
import { compose, type Fields, type FormName } from '../../../functions/send-email/validation.ts';

export const TIMEOUT_MS = 15_000;

export async function sendLead<F extends FormName>(endpoint: string, form: F, fields: Fields<F>, submissionId: string, fax = ''): Promise<boolean> {
  const body = { ...(compose[form] as (f: Fields<F>) => object)(fields), form, fields, submissionId, fax };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    if (!response.ok) return false;
    const data = (await response.json().catch(() => null)) as { accepted?: unknown } | null;
    return data?.accepted === true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** One key per form fill, so a retry of the same lead is recognised and sent once. */
export function newSubmissionId(): string {
  return crypto.randomUUID();
}
