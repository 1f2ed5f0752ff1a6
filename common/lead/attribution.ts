// Where a lead came from: the visit's first page, the referring site's host, the five UTM
// parameters and the page the form was sent from. The browser keeps them for the visit
// (templates/shell/attribution.ts, sessionStorage) and sends them as `attribution` beside the
// lead; a plain form post has only its Referer. All of it is a stranger's input: each value is
// checked for length and characters, and one that fails is dropped, never the lead.
// Pure, no Node API: the browser imports the names.

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export const ATTRIBUTION_KEYS = ['landing', 'referrer', 'page', ...UTM_KEYS] as const;
export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];
export type Attribution = Partial<Record<AttributionKey, string>>;

/** A path of the site with its query: one slash, then URL characters only (no spaces, no controls), at most 300. */
const PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]{0,299}$/;
/** A host name, optionally with a port. */
const HOST = /^(?=.{1,253}(?::\d{1,5})?$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/;
/** A campaign's words: letters (any language), digits, spaces and common punctuation, at most 100. */
const UTM = /^[\p{L}\p{N} _.,:;+~%/@!()&'#=|-]{1,100}$/u;

const RULES: Record<AttributionKey, RegExp> = {
  landing: PATH, page: PATH, referrer: HOST,
  utm_source: UTM, utm_medium: UTM, utm_campaign: UTM, utm_term: UTM, utm_content: UTM,
};

/** The labels the sales e-mail and the export show. */
export const ATTRIBUTION_LABELS: Record<AttributionKey, string> = {
  landing: 'Landing page', referrer: 'Referred by', page: 'Sent from page',
  utm_source: 'UTM source', utm_medium: 'UTM medium', utm_campaign: 'UTM campaign', utm_term: 'UTM term', utm_content: 'UTM content',
};

/** The declared keys whose values pass their rule (trimmed); anything else is left out. */
export function cleanAttribution(input: unknown): Attribution {
  const out: Attribution = {};
  if (!input || typeof input !== 'object' || Array.isArray(input)) return out;
  for (const key of ATTRIBUTION_KEYS) {
    if (!Object.hasOwn(input, key)) continue;
    const value = (input as Record<string, unknown>)[key];
    if (typeof value !== 'string') continue;
    const trimmed = key === 'referrer' ? value.trim().toLowerCase() : value.trim();
    if (RULES[key].test(trimmed)) out[key] = trimmed;
  }
  return out;
}

/** The path (and query) of a Referer from one of `origins`, for a plain form post; undefined otherwise. */
export function pageFromReferer(referer: string, origins: readonly string[]): string | undefined {
  try {
    const url = new URL(referer);
    if (!origins.includes(url.origin)) return undefined;
    return cleanAttribution({ page: `${url.pathname}${url.search}` }).page;
  } catch {
    return undefined;
  }
}
