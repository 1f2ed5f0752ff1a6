// The browser half of the résumé upload: ask the lead endpoint's `upload` for a
// presigned POST, then send the file straight to storage as multipart form data, the policy's
// fields first and the file last (S3 ignores any field after the file). The lead itself then
// carries the stored object's key, never the file. The request names the visitor's language,
// so a refusal comes back in it.
import { messages, resumeType, type Locale } from '../../../common/lead/rules.ts';
import { JSON_HEADERS, request } from './submit.ts';
import { leadLocale } from './locale.tsx';

/** A file is bigger than a lead: give its transfer more time than the lead's 15 s. */
export const UPLOAD_TIMEOUT_MS = 60_000;

/** `/send-email/` → `/send-email/upload`. */
export function uploadEndpoint(leadEndpoint: string): string {
  return `${leadEndpoint.replace(/\/?$/, '/')}upload`;
}

interface Ticket { url: string; fields: Record<string, string>; key: string; maxBytes?: number }

const isTicket = (t: any): t is Ticket =>
  !!t && typeof t.url === 'string' && typeof t.key === 'string' && !!t.fields && typeof t.fields === 'object';

/**
 * Uploads a résumé: `{ key }` once stored, `{ problem }` when the endpoint refuses the file
 * (a message for the résumé field), or null on any other failure (the error popup). The form
 * fill's `submissionId` goes along: the endpoint hands out only a few tickets per fill.
 */
export async function uploadResume(leadEndpoint: string, file: File, submissionId: string, locale: Locale = 'en'): Promise<{ key: string } | { problem: string } | null> {
  const asked = await request(uploadEndpoint(leadEndpoint), {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ fileName: file.name, contentType: resumeType(file.name), size: file.size, submissionId, ...leadLocale(locale) }),
  });
  if (!asked) return null;
  const problem = asked.data?.errors?.resume;
  if (asked.status === 400 && typeof problem === 'string' && problem) return { problem };
  if (!asked.ok || !isTicket(asked.data)) return null;
  const ticket = asked.data;
  if (typeof ticket.maxBytes === 'number' && file.size > ticket.maxBytes) return { problem: messages[locale].resumeTooLarge };
  const body = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) body.append(name, String(value));
  body.append('file', file);
  const stored = await request(ticket.url, { method: 'POST', body }, UPLOAD_TIMEOUT_MS);
  return stored?.ok ? { key: ticket.key } : null;
}
