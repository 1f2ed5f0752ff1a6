// Loads functions/url-rule/index.js, the CloudFront Function that production runs, and
// applies it to a request path. One rule, two hosts: what resolves locally resolves on AWS.
import { DEFAULT_LOCALE, pathLocale } from '../content/locales.ts';
import { permalink } from '../render/routes.ts';
import { REDIRECTS_FILE, urlRuleCode, urlRuleSource, type RedirectTable } from '../output/urls.ts';

interface CfRequest { uri: string; querystring: Record<string, { value: string; multiValue?: { value: string }[] }> }
interface CfResponse { statusCode: number; headers: Record<string, { value: string }>; body?: { encoding: 'text'; data: string } }
type Handler = (event: { request: CfRequest }) => CfRequest | CfResponse;

const handlers = new Map<string, Handler>();

/** The rule as CloudFront runs it, for this build's redirect table. */
function handlerFor(table: RedirectTable): Handler {
  const key = JSON.stringify(table);
  let handler = handlers.get(key);
  if (!handler) {
    if (handlers.size > 16) handlers.clear();
    handler = new Function(`${urlRuleCode(urlRuleSource, table)}\nreturn handler;`)() as Handler;
    handlers.set(key, handler);
  }
  return handler;
}

/** The build's redirect table (REDIRECTS_FILE among its files), or none. */
export function tableOf(files: { get(path: string): Buffer | undefined }): RedirectTable {
  const bytes = files.get(REDIRECTS_FILE);
  if (!bytes) return {};
  let table = tables.get(bytes);
  if (!table) tables.set(bytes, (table = JSON.parse(bytes.toString('utf8')) as RedirectTable));
  return table;
}

const tables = new WeakMap<Buffer, RedirectTable>();

export type Resolution =
  | { kind: 'file'; file: string }
  | { kind: 'redirect'; status: number; location: string }
  /** Answered by the rule itself (410 Gone for a page taken down), body and all. */
  | { kind: 'response'; status: number; headers: Record<string, string>; body: string };

/** Path (and query) as the browser sent it → the dist/ file to serve, a redirect, or the rule's own answer. */
export function resolveUrl(pathname: string, search = '', table: RedirectTable = {}): Resolution {
  const result = handlerFor(table)({ request: { uri: pathname, querystring: cloudFrontQuery(search) } });
  if ('statusCode' in result) {
    if (result.headers.location) return { kind: 'redirect', status: result.statusCode, location: result.headers.location.value };
    return { kind: 'response', status: result.statusCode, headers: Object.fromEntries(Object.entries(result.headers).map(([k, v]) => [k, v.value])), body: result.body?.data ?? '' };
  }
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
