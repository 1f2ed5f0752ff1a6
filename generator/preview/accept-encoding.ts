// Accept-Encoding as RFC 9110 (section 12.5.3) reads it: a list of codings, each with an optional
// q-value from 0 to 1 (1 when absent; 0 means "not acceptable"), `*` for any coding not named.

export type Encoding = 'br' | 'gzip';

/**
 * The compression to send for an Accept-Encoding header: brotli or gzip, whichever the client
 * gives the higher q-value, brotli on a tie (smaller, as CloudFront prefers it); undefined for
 * none. A q-value that does not parse counts as 0, so a garbled entry never wins.
 */
export function pickEncoding(header: string | undefined): Encoding | undefined {
  const named = new Map<string, number>();
  for (const entry of (header ?? '').split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => /^q\s*=/.test(p));
    named.set(name === 'x-gzip' ? 'gzip' : name, q === undefined ? 1 : qValue(q.replace(/^q\s*=\s*/, '')));
  }
  const any = named.get('*') ?? 0;
  const br = named.get('br') ?? any;
  const gzip = named.get('gzip') ?? any;
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

/** A qvalue: 0 to 1 with at most three decimals; anything else is 0 (not acceptable). */
function qValue(text: string): number {
  return /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(text) ? Number(text) : 0;
}
