// Who may talk to the local servers. `site preview` holds the leads of the forms
// sent on it (names, e-mails, résumés) and can delete them; a web page open in the author's
// browser must be able to do neither.
//
// The Host rule. A page on attacker.example can make its own name resolve to 127.0.0.1 (DNS
// rebinding) and then read the preview as if it were same-origin; every such request carries
// `Host: attacker.example:<port>`. So a request is answered only when its Host is
//   - `localhost`, an IPv4 address or a bracketed IPv6 address (a page cannot rebind an IP
//     address: its origin would be that address, not the attacker's name), or
//   - exactly the `--host` name the server was started with (e.g. `--host mybox.lan`),
// each with the port the server listens on (no port means 80). This one rule covers
// `--host 0.0.0.0`/`::` too: the preview is then reached by any IP address of the machine, by
// localhost, but by no DNS name, since a name other than localhost is what rebinding uses.
// Anything else gets 421 Misdirected Request and no data.
//
// The Origin rule. Reads are harmless once the Host rule holds, but another site's page can
// still *send* a request (a form post, a fetch without CORS). So every request that is not a
// GET or HEAD on the preview's own endpoints (/_admin…, /_site/…) must carry an `Origin` header
// that is exactly the server's own origin (http://<the Host of this request>), as browsers send
// on every same-origin POST, PUT and DELETE; otherwise 403. The lead function (/send-email/*)
// keeps the Lambda's own origin rule, as in production.
import { isIPv4, isIPv6 } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The address a server was started on: the `--host` given and the port it listens on. */
export interface Listening {
  host: string;
  port: number;
}

/** `Host: name[:port]` → its lower-cased name (IPv6 without brackets) and port, or undefined if malformed. */
export function parseHost(value: string): { name: string; port: number; ipv6: boolean } | undefined {
  const match = /^(?:\[([0-9a-f:.]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/i.exec(value.trim());
  if (!match) return undefined;
  const port = match[3] === undefined ? 80 : Number(match[3]);
  if (port > 65535) return undefined;
  return { name: (match[1] ?? match[2]!).toLowerCase(), port, ipv6: match[1] !== undefined };
}

/** True when a request with this Host header is addressed to the server (see the Host rule above). */
export function hostAllowed(value: string | undefined, listening: Listening): boolean {
  const host = value === undefined ? undefined : parseHost(value);
  if (!host || host.port !== listening.port) return false;
  if (host.ipv6) return isIPv6(host.name);
  const given = listening.host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return host.name === 'localhost' || isIPv4(host.name) || host.name === given;
}

/**
 * True when a request may change state: a GET or HEAD changes nothing; any other method needs
 * an `Origin` that is exactly http://<Host> (the Host already checked by hostAllowed).
 */
export function originAllowed(method: string | undefined, origin: string | undefined, host: string | undefined): boolean {
  if (method === 'GET' || method === 'HEAD') return true;
  if (!origin || !host) return false;
  let own: string;
  try {
    own = new URL(`http://${host}`).origin;
  } catch {
    return false;
  }
  return origin.toLowerCase() === own;
}

/** True when `origin` is a page of this server: http:// and a Host the Host rule admits (its local stand-ins trust these). */
export function ownOrigin(origin: string, listening: Listening): boolean {
  const url = URL.parse(origin);
  return url?.protocol === 'http:' && url.origin === origin.toLowerCase() && hostAllowed(url.host, listening);
}

/** The preview's own endpoints, which the Origin rule protects. */
export const OWN_ENDPOINTS = /^\/(_admin|_site)(\/|$)/;

/**
 * Applies the Host rule (and, for the server's own endpoints, the Origin rule) to a request and
 * returns its URL, which the server then answers; when it is refused (or its target is no URL)
 * answers 421, 403 or 400 with a plain-text reason and returns undefined.
 */
export function admit(req: IncomingMessage, res: ServerResponse, listening: Listening, server: string): URL | undefined {
  const host = req.headers.host;
  const own = `http://${listening.host.includes(':') ? `[${listening.host}]` : listening.host}:${listening.port}`;
  if (!hostAllowed(host, listening)) {
    refuse(res, 421, `421 Misdirected Request: this is the ${server} server at ${own}. It answers only requests addressed to it `
      + `(localhost or an IP address, or the --host name it was started with, and port ${listening.port}). A request for any other `
      + `host name is refused: a web page can use such a name (DNS rebinding) to read or change this server's data. `
      + `Open ${own}/ instead.\n`);
    return undefined;
  }
  // The one parse of the request target: the rules below and the server see the same path
  // (an absolute-form request line included).
  // A path-only target is appended to the base, never resolved against it: resolved, `//evil.example/`
  // would be read as a host name; appended, it stays a path for the URL rule to collapse and redirect.
  const target = req.url ?? '/';
  const url = URL.parse(target.startsWith('/') ? `http://preview.local${target}` : target);
  if (!url) {
    refuse(res, 400, `400 Bad Request: the request target is not a URL path.\n`);
    return undefined;
  }
  const path = url.pathname;
  // Another site's page cannot read these (no CORS), but it can make the browser fetch them in a
  // loop, and each /_admin/api/state is a whole site's state: refuse what the browser says comes
  // from another site (Sec-Fetch-Site), except a navigation (a link to the admin).
  const site = req.headers['sec-fetch-site'];
  if (OWN_ENDPOINTS.test(path) && (site === 'cross-site' || site === 'same-site') && req.headers['sec-fetch-mode'] !== 'navigate') {
    refuse(res, 403, `403 Forbidden: ${path} answers the ${server}'s own pages only, not a request from another site.\n`);
    return undefined;
  }
  if (OWN_ENDPOINTS.test(path) && !originAllowed(req.method, req.headers.origin, host)) {
    refuse(res, 403, `403 Forbidden: ${req.method} ${path} changes the ${server}'s data, so it is accepted only from the ${server}'s own pages `
      + `(an Origin header of http://${host}). Requests from other sites, and requests without an Origin header, are refused.\n`);
    return undefined;
  }
  return url;
}

function refuse(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(text);
}
