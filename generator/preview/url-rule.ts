// Loads functions/url-rule/index.js, the CloudFront Function that production runs, and
// applies it to a request path. One rule, two hosts: what resolves locally resolves on AWS.
import { readFileSync } from 'node:fs';
import { DEFAULT_LOCALE, pathLocale } from '../content/locales.ts';
import { permalink } from '../render/routes.ts';

interface CfRequest { uri: string; querystring: Record<string, { value: string; multiValue?: { value: string }[] }> }
interface CfResponse { statusCode: number; headers: Record<string, { value: string }> }
type Handler = (event: { request: CfRequest }) => CfRequest | CfResponse;

const source = readFileSync(new URL('../../functions/url-rule/index.js', import.meta.url), 'utf8');
const handler = new Function(`${source}\nreturn handler;`)() as Handler;

export type Resolution = { kind: 'file'; file: string } | { kind: 'redirect'; status: number; location: string };

/** Path (and query) as the browser sent it → the dist/ file to serve, or a redirect. */
export function resolveUrl(pathname: string, search = ''): Resolution {
  const result = handler({ request: { uri: pathname, querystring: cloudFrontQuery(search) } });
  if ('statusCode' in result) return { kind: 'redirect', status: result.statusCode, location: result.headers.location!.value };
  return { kind: 'file', file: decodeKey(result.uri).replace(/^\/+/, '') };
}

/**
 * The query as CloudFront hands it to a function: names and values as the browser sent them
 * (still percent-encoded: the rule writes them back into a Location as they are), and a name sent
 * twice with every value in `multiValue`. Decoded here, `?a=%26b%3Dc` had come back as
 * `?a=&b=c`, `?a=1&a=2` as `?a=2`, and `?a=%0d%0a` as a header Node refuses (a 500).
 */
function cloudFrontQuery(search: string): CfRequest['querystring'] {
  const querystring: CfRequest['querystring'] = Object.create(null);
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const at = part.indexOf('=');
    const [key, value] = at < 0 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)];
    const entry = querystring[key];
    if (!entry) querystring[key] = { value };
    else (entry.multiValue ??= [{ value: entry.value }]).push({ value });
  }
  return querystring;
}

/** The S3 key a URI names. A malformed percent-encoding names no key (S3: not found), rather than throwing in a server. */
function decodeKey(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}

/** The file CloudFront's custom error response serves, with status 404, for a missing key. */
export const NOT_FOUND_FILE = '404.html';

/**
 * The 404 page for a missing path in its language: /fr/… gets fr/404.html, anything else
 * 404.html. (CloudFront has one error page for the whole distribution, 404.html; there the
 * shell script brings in fr/404.html for a French path: templates/shell/shell.ts.)
 */
export function notFoundFile(pathname: string): string {
  const { locale } = pathLocale(pathname);
  return locale === DEFAULT_LOCALE ? NOT_FOUND_FILE : permalink('/404', locale);
}
