// Where the visit began, kept for the visit in sessionStorage (no cookie; the privacy policy says
// so): the first page, the referring site's host and the five UTM parameters, recorded once by
// the shell on the first page the visitor opens; the lead forms send them with each lead, with
// the page the form is on. The lead function checks every value (common/lead/attribution.ts).
import { UTM_KEYS, type Attribution } from '../../common/lead/attribution.ts';

const KEY = 'lead-attribution';

/** Records the visit's start, unless this visit already has one (first touch wins). */
export function rememberVisit(): void {
  try {
    if (sessionStorage.getItem(KEY)) return;
    const start: Attribution = { landing: here() };
    const referrer = document.referrer ? new URL(document.referrer) : undefined;
    if (referrer && referrer.host !== location.host) start.referrer = referrer.host;
    const query = new URLSearchParams(location.search);
    for (const key of UTM_KEYS) {
      const value = query.get(key);
      if (value) start[key] = value.slice(0, 100);
    }
    sessionStorage.setItem(KEY, JSON.stringify(start));
  } catch {
    // Storage refused (a privacy setting): leads go without it.
  }
}

/** What a lead sends: the visit's start and the page the form is on. */
export function visitAttribution(): Attribution {
  let start: Attribution = {};
  try {
    start = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Attribution;
  } catch {
    // Unreadable: send the page alone.
  }
  return { ...start, page: here() };
}

/**
 * This page's path and query as the lead function accepts them: the characters Chromium leaves
 * as typed in an address (`|`, `{`, `}`, `[`, `]`, `^`, a backtick, a quote) percent-encoded, and
 * cut at 300 characters without halving an escape. Sent raw, `?ref=a|b` would fail the
 * function's rule, which drops the landing and the page from the lead.
 */
function here(): string {
  const path = (location.pathname + location.search).replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@%/?]/g, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      return '';
    }
  });
  return path.length <= 300 ? path : path.slice(0, 300).replace(/%[0-9A-Fa-f]?$/, '');
}
