// The two links of a visitor e-mail: /send-email/confirm (double opt-in) and
// /send-email/unsubscribe. Both answer small pages in the visitor's language that work without
// JavaScript and without a login: the signed token is the proof (consent.ts).
//
// Confirm: a GET only shows a page with a button, and the POST of that button confirms. Mail
// scanners and link previews fetch every link in a message with GET; if GET confirmed, a scanner
// would give consent the person never gave. Unsubscribe: a GET withdraws at once (CASL wants the
// withdrawal honoured without further steps, and a scanner withdrawing errs on the safe side:
// we send less); a POST does too (RFC 8058 one-click, from the same URL).
//
// The token is in the URL, so the pages send no Referer (no-referrer) and are never indexed or
// cached, and the handler logs only the outcome, never the path's query.
import { confirmDecision, consentStatus, verifyLink, type Circumstances, type LinkAction } from './consent.ts';
import { escapeHtml } from '../../common/html.ts';
import { html, type HttpResponse } from './http.ts';
import type { LeadDeps } from './lead.ts';
import { localePath } from './pages.ts';
import type { Locale } from '../../common/lead/validation.ts';
import type { VisitorCopy } from './visitor-email.ts';

export type LinkOutcome = 'confirm-page' | 'confirmed' | 'already' | 'withdrawn-since' | 'unsubscribed' | 'invalid-link' | 'unknown-consent' | 'link-unavailable';

/** Answers a confirm or unsubscribe request: `token` from the query (GET) or the form body (POST). */
export async function answerLink(action: LinkAction, verb: 'GET' | 'POST', token: unknown, locale: Locale, client: Circumstances, deps: LeadDeps): Promise<{ response: HttpResponse; outcome: LinkOutcome }> {
  const copy = (deps.settings.visitor?.[locale] ?? deps.settings.visitor?.en)!;
  const p = copy.pages;
  const page = (status: number, title: string, text: string, extra = '') => html(status, linkPage(locale, title, text, extra, copy), { 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' });
  const now = (deps.now ?? (() => new Date()))();
  const checked = deps.linkSecret ? verifyLink(deps.linkSecret, action, token, now) : ({ ok: false, reason: 'signature' } as const);
  if (!checked.ok) return { response: page(400, p.invalidTitle, p.invalidText), outcome: 'invalid-link' };

  if (action === 'confirm' && verb === 'GET') {
    // A page, not a confirmation: the button posts the same token back.
    const button = `<form method="post" action="${escapeHtml(`${deps.linkBase ?? ''}/send-email/confirm`)}"><input type="hidden" name="t" value="${escapeHtml(token as string)}"><input type="hidden" name="locale" value="${locale}"><button type="submit">${escapeHtml(p.confirmButton)}</button></form>`;
    return { response: page(200, p.confirmTitle, p.confirmText, button), outcome: 'confirm-page' };
  }
  try {
    if (action === 'unsubscribe') {
      // Already withdrawn and not asked again since: nothing new to record, the same answer. The
      // standing alone decides, read in at most two requests however long the address's history.
      if (consentStatus(await deps.archive.consentStanding(checked.email)).status !== 'withdrawn') await deps.archive.addConsent({ type: 'withdrawn', via: 'link', consentId: '', email: checked.email, at: now.toISOString(), ...client });
      return { response: page(200, p.unsubscribedTitle, p.unsubscribedText), outcome: 'unsubscribed' };
    }
    // A confirmation looks its request up by id, in the whole history (a person's click, rarely made).
    const decision = confirmDecision(await deps.archive.consentEvents(checked.email), checked.consentId!);
    if (decision === 'unknown') return { response: page(400, p.invalidTitle, p.invalidText), outcome: 'unknown-consent' };
    if (decision === 'already') return { response: page(200, p.alreadyTitle, p.alreadyText), outcome: 'already' };
    if (decision === 'withdrawn-since') return { response: page(409, p.withdrawnSinceTitle, p.withdrawnSinceText), outcome: 'withdrawn-since' };
    await deps.archive.addConsent({ type: 'confirmed', consentId: checked.consentId!, email: checked.email, at: now.toISOString(), ...client });
    return { response: page(200, p.confirmedTitle, p.confirmedText), outcome: 'confirmed' };
  } catch {
    return { response: page(503, p.unavailableTitle, p.unavailableText), outcome: 'link-unavailable' };
  }
}

function linkPage(locale: Locale, title: string, text: string, extra: string, copy: VisitorCopy): string {
  return `<!DOCTYPE html><html lang="${locale === 'fr' ? 'fr-CA' : 'en-CA'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#0b1f33;max-width:40rem;margin:3rem auto;padding:0 1.25rem}h1{font-size:1.6rem}a{color:#0b5cad}button{font:inherit;background:#0b6e4f;color:#fff;border:0;border-radius:6px;padding:.6rem 1.1rem;cursor:pointer}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${extra}<p><a href="${escapeHtml(localePath('/', locale))}">${escapeHtml(copy.pages.home)}</a></p></main></body></html>`;
}
