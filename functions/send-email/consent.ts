// Consent to commercial e-mail (Canada's anti-spam law, CASL): the signed links a visitor gets
// to confirm a subscription or withdraw it, the consent events archived for each address, and
// what those events add up to. Pure: no AWS, no I/O; the archive stores the events.
//
// A link's token is `<payload>.<signature>`, both base64url: the payload names the action, the
// address, the consent request (confirm only) and when it was issued; the signature is
// HMAC-SHA256 of the payload with the function's link secret (LEAD_LINK_SECRET, from Secrets
// Manager). Without the secret nobody can make a token for another address, and changing one
// character of a token (the address, the action, the date) breaks its signature.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FormName, Locale } from '../../common/lead/validation.ts';

export type LinkAction = 'confirm' | 'unsubscribe';

/**
 * How long a link works, in days. CASL asks that an unsubscribe link work for at least 60 days
 * after the message is sent; a confirmation link gets the same floor. Older links answer the
 * "does not work" page, which names an address to write to.
 */
export const LINK_DAYS: Record<LinkAction, number> = { confirm: 60, unsubscribe: 400 };

/** A secret shorter than this is a mistake (the template generates 48 characters). */
export const MIN_LINK_SECRET = 32;

interface Payload { a: LinkAction; e: string; i?: string; t: number }

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`lead-link:v1:${payload}`).digest();

/** The address as consent is kept for it: trimmed, lower case (mail providers treat case alike). */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Where an address's consent events live: the sha256 of the address, never the address itself in a key. */
export function addressHash(email: string): string {
  return createHash('sha256').update(normalEmail(email)).digest('hex');
}

export function signLink(secret: string, action: LinkAction, email: string, issued: Date, consentId?: string): string {
  const payload = b64(JSON.stringify({ a: action, e: normalEmail(email), ...(consentId ? { i: consentId } : {}), t: Math.floor(issued.getTime() / 1000) } satisfies Payload));
  return `${payload}.${b64(mac(secret, payload))}`;
}

export type Verified = { ok: true; email: string; consentId?: string; issued: Date } | { ok: false; reason: 'malformed' | 'signature' | 'action' | 'expired' };

/**
 * Checks a token for `action`: its shape, then its signature in constant time (its canonical
 * base64url text, equal lengths checked first), then what it says. The reason is for tests and the log's
 * outcome; the visitor sees one page for all of them.
 */
export function verifyLink(secret: string, action: LinkAction, token: unknown, now: Date): Verified {
  if (typeof token !== 'string' || token.length > 1024 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false, reason: 'malformed' };
  const [payload, signature] = token.split('.') as [string, string];
  // Compared as text, not as decoded bytes: the last of 43 base64url characters carries 2 unused
  // bits, so decoding would accept four spellings of one signature (an altered link that still
  // works). Only the canonical spelling, the one we sent, is accepted.
  const given = Buffer.from(signature, 'ascii');
  const expected = Buffer.from(b64(mac(secret, payload)), 'ascii');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  let data: Partial<Payload>;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Payload>;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (data.a !== action || typeof data.e !== 'string' || typeof data.t !== 'number') return { ok: false, reason: 'action' };
  if (action === 'confirm' && typeof data.i !== 'string') return { ok: false, reason: 'malformed' };
  const issued = new Date(data.t * 1000);
  if (now.getTime() - issued.getTime() > LINK_DAYS[action] * 86_400_000) return { ok: false, reason: 'expired' };
  return { ok: true, email: data.e, ...(typeof data.i === 'string' ? { consentId: data.i } : {}), issued };
}

/** What the visitor was asked, exactly, and a short id of that wording (sha256, 12 hex). */
export interface Wording { version: string; text: string }

export function wording(text: string): Wording {
  return { version: createHash('sha256').update(text).digest('hex').slice(0, 12), text };
}

/** Where and how a consent event happened: what the regulator asks a sender to be able to show. */
export interface Circumstances {
  ip: string;
  userAgent: string;
  /** The page the form was on (a path of the site), when known. */
  page?: string;
}

/** One archived consent event of one address (consent/<addressHash>/<at>-<type>-<rand>.json), never rewritten. */
export type ConsentEvent = Circumstances & {
  email: string;
  at: string;
  /** The request this event belongs to (a withdrawal covers every request of the address). */
  consentId: string;
} & (
  | { type: 'requested'; form: FormName; locale: Locale; wording: Wording; leadId: string }
  | { type: 'confirmed' }
  | { type: 'withdrawn'; via: 'link' }
);

export type ConsentStatus = 'none' | 'pending' | 'confirmed' | 'withdrawn';

/** A new consent request's id: sortable by time, unguessable. */
export function consentId(now: Date): string {
  return `${now.toISOString().replace(/[-:.]/g, '').slice(0, 15)}-${randomBytes(6).toString('hex')}`;
}

/** An address's standing from its events, oldest first: consent counts from a confirmation and ends at a withdrawal. */
export function consentStatus(events: readonly ConsentEvent[]): { status: ConsentStatus; since?: string } {
  let state: { status: ConsentStatus; since?: string } = { status: 'none' };
  for (const event of [...events].sort((a, b) => a.at.localeCompare(b.at))) {
    if (event.type === 'requested' && state.status !== 'confirmed') state = { status: 'pending', since: event.at };
    else if (event.type === 'confirmed') state = { status: 'confirmed', since: event.at };
    else if (event.type === 'withdrawn') state = { status: 'withdrawn', since: event.at };
  }
  return state;
}

export type ConfirmDecision = 'confirm' | 'already' | 'unknown' | 'withdrawn-since';

/**
 * Whether a confirmation link may confirm: its request must be one of the address's (a link for
 * a request that was never made is refused even with a good signature), not confirmed yet, and
 * not followed by a withdrawal (an old link must not undo an unsubscribe: sign up again instead).
 */
export function confirmDecision(events: readonly ConsentEvent[], id: string): ConfirmDecision {
  const request = events.find((e) => e.type === 'requested' && e.consentId === id);
  if (!request) return 'unknown';
  if (events.some((e) => e.type === 'withdrawn' && e.at >= request.at)) return 'withdrawn-since';
  if (events.some((e) => e.type === 'confirmed' && e.consentId === id)) return 'already';
  return 'confirm';
}
