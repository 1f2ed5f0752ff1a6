// The HTTP edge of the lead function: the Lambda event it receives (API Gateway HTTP API
// payload 2.0, which Lambda function URLs share), the response it returns, and body parsing.
// Pure: no AWS, no I/O.

export interface HttpEvent {
  version?: string;
  rawPath?: string;
  rawQueryString?: string;
  headers?: Record<string, string | undefined>;
  body?: string | null;
  isBase64Encoded?: boolean;
  requestContext?: { requestId?: string; http?: { method?: string; path?: string; sourceIp?: string } };
}

export interface HttpResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** Bodies above this are refused with 413 before parsing (the largest real lead is under 10 KB). */
export const MAX_BODY_BYTES = 64 * 1024;

export type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: Record<string, string> }
  | { kind: 'error'; status: 400 | 413 | 415; message: string };

export function header(event: HttpEvent, name: string): string {
  const headers = event.headers ?? {};
  const direct = headers[name];
  if (typeof direct === 'string') return direct;
  // API Gateway lower-cases header names; a hand-made event might not.
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name && typeof value === 'string') return value;
  return '';
}

export function method(event: HttpEvent): string {
  return (event.requestContext?.http?.method ?? 'GET').toUpperCase();
}

export function path(event: HttpEvent): string {
  return event.rawPath ?? event.requestContext?.http?.path ?? '/';
}

/** Decodes and parses the body by its content type: JSON, or urlencoded from a plain form post. */
export function parseBody(event: HttpEvent, accepted: readonly ('json' | 'form')[]): Body {
  const raw = typeof event.body === 'string' ? event.body : '';
  const buffer = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  if (buffer.length > MAX_BODY_BYTES) return { kind: 'error', status: 413, message: `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.` };
  const type = header(event, 'content-type').split(';')[0]!.trim().toLowerCase();
  const text = buffer.toString('utf8');
  if (type === 'application/json' && accepted.includes('json')) {
    try {
      return { kind: 'json', value: JSON.parse(text) };
    } catch {
      return { kind: 'error', status: 400, message: 'The request body is not valid JSON.' };
    }
  }
  if (type === 'application/x-www-form-urlencoded' && accepted.includes('form')) {
    const value: Record<string, string> = Object.create(null);
    for (const [key, v] of new URLSearchParams(text)) if (!(key in value)) value[key] = v;
    return { kind: 'form', value };
  }
  const expected = accepted.map((a) => (a === 'json' ? 'application/json' : 'application/x-www-form-urlencoded')).join(' or ');
  return { kind: 'error', status: 415, message: `Send the lead as ${expected}${type ? `, not ${type}` : ''}.` };
}

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { statusCode, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers }, body: JSON.stringify(body) };
}

export function html(statusCode: number, body: string, headers: Record<string, string> = {}): HttpResponse {
  return { statusCode, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers }, body };
}

export function redirect(location: string, headers: Record<string, string> = {}): HttpResponse {
  return { statusCode: 303, headers: { location, 'cache-control': 'no-store', ...headers }, body: '' };
}

/**
 * A path on this site: exactly one slash, then neither a slash nor a backslash (the rule of
 * functions/url-rule/index.js). Browsers read `//host`, `/\host` and `/<tab>/host` as another
 * site, so the leading run of slashes, backslashes, controls, spaces and their percent-encodings
 * collapses to one slash.
 */
export function sitePath(path: string): string {
  return `/${path.replace(/^(?:[/\\\s\x00-\x1f\x7f]|%(?:2f|5c|0[0-9a-f]|1[0-9a-f]|20|7f))+/i, '')}`;
}
