// CloudFront's standard access logs, read and written. Both of its formats: W3C (tab-separated
// under a `#Fields:` line: the legacy 33 fields, or standard logging v2's chosen fields in its
// order) and v2's JSON lines (one object per request, keyed by the same field names). A value
// CloudFront leaves empty is `-`; the user agent, referrer and query are URL-encoded once more by
// CloudFront (a space is %20, a % the visitor sent is %25), and are decoded once here.

/** The legacy format's fields, in its order: what `site preview` and `site serve` write. */
export const LEGACY_FIELDS = [
  'date', 'time', 'x-edge-location', 'sc-bytes', 'c-ip', 'cs-method', 'cs(Host)', 'cs-uri-stem', 'sc-status',
  'cs(Referer)', 'cs(User-Agent)', 'cs-uri-query', 'cs(Cookie)', 'x-edge-result-type', 'x-edge-request-id',
  'x-host-header', 'cs-protocol', 'cs-bytes', 'time-taken', 'x-forwarded-for', 'ssl-protocol', 'ssl-cipher',
  'x-edge-response-result-type', 'cs-protocol-version', 'fle-status', 'fle-encrypted-fields', 'c-port',
  'time-to-first-byte', 'x-edge-detailed-result-type', 'sc-content-type', 'sc-content-len', 'sc-range-start', 'sc-range-end',
] as const;

/** One request, as the report needs it. `ip` and `userAgent` never leave the report's own memory. */
export interface LogEntry {
  /** ms since 1970, UTC. */
  at: number;
  method: string;
  host?: string;
  path: string;
  status: number;
  referrer?: string;
  userAgent?: string;
  /** The query string as the visitor sent it (without `?`). */
  query?: string;
  ip?: string;
  contentType?: string;
}

export interface ParsedLog {
  entries: LogEntry[];
  /** Lines that are not a request (a truncated line, a field missing): counted, never guessed at. */
  skipped: number;
}

const value = (raw: string | undefined): string | undefined => (raw === undefined || raw === '-' || raw === '' ? undefined : raw);

/** CloudFront's extra encoding taken off once; a malformed escape is kept as written. */
export function decodeField(raw: string | undefined): string | undefined {
  const v = value(raw);
  if (v === undefined) return undefined;
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

function entryOf(get: (field: string) => string | undefined): LogEntry | undefined {
  const date = value(get('date'));
  const time = value(get('time'));
  const stamp = value(get('timestamp(ms)')) ?? value(get('timestamp'));
  const at = date && time ? Date.parse(`${date}T${time}Z`) : stamp ? (get('timestamp(ms)') ? Number(stamp) : Number(stamp) * 1000) : NaN;
  const method = value(get('cs-method'));
  const path = value(get('cs-uri-stem'));
  const status = Number(value(get('sc-status')));
  if (!Number.isFinite(at) || !method || !path || !Number.isInteger(status)) return undefined;
  return {
    at, method, path, status,
    host: value(get('x-host-header')) ?? value(get('cs(Host)')),
    referrer: decodeField(get('cs(Referer)')),
    userAgent: decodeField(get('cs(User-Agent)')),
    query: decodeField(get('cs-uri-query')),
    ip: value(get('c-ip')),
    contentType: decodeField(get('sc-content-type')),
  };
}

/** Every request in a log file's text (either format; a file may mix `#` lines with requests). */
export function parseLog(text: string): ParsedLog {
  const entries: LogEntry[] = [];
  let skipped = 0;
  let fields: string[] = [...LEGACY_FIELDS];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    if (line.startsWith('#')) {
      const declared = /^#Fields:\s*(.+)$/.exec(line);
      if (declared) fields = declared[1]!.trim().split(/\s+/);
      continue;
    }
    let entry: LogEntry | undefined;
    if (line.startsWith('{')) {
      try {
        const object = JSON.parse(line) as Record<string, unknown>;
        entry = entryOf((field) => (object[field] === undefined || object[field] === null ? undefined : String(object[field])));
      } catch {
        entry = undefined;
      }
    } else {
      const cells = line.split('\t');
      if (cells.length === fields.length) entry = entryOf((field) => cells[fields.indexOf(field)]);
    }
    if (entry) entries.push(entry);
    else skipped++;
  }
  return { entries, skipped };
}

/** A value as CloudFront writes it: `-` when empty, encoded so it holds no tab, space or newline. */
const encodeField = (v: string | undefined): string => (v ? encodeURIComponent(v).replace(/%2F/g, '/').replace(/%3A/g, ':').replace(/%3B/g, ';').replace(/%2C/g, ',').replace(/%3D/g, '=').replace(/%26/g, '&').replace(/%40/g, '@') : '-');

export interface Written {
  at: number;
  ip: string;
  port?: number;
  method: string;
  host: string;
  path: string;
  query?: string;
  status: number;
  bytes: number;
  referrer?: string;
  userAgent?: string;
  contentType?: string;
  ms: number;
  protocol: 'http' | 'https';
}

/** The header lines of a legacy-format file. */
export const LOG_HEADER = `#Version: 1.0\n#Fields: ${LEGACY_FIELDS.join(' ')}\n`;

/** One request as a legacy-format line (the fields a local server cannot know are `-`). */
export function formatLine(w: Written): string {
  const iso = new Date(w.at).toISOString();
  const cells: Record<(typeof LEGACY_FIELDS)[number], string> = {
    date: iso.slice(0, 10), time: iso.slice(11, 19), 'x-edge-location': 'LOCAL', 'sc-bytes': String(w.bytes), 'c-ip': w.ip,
    'cs-method': w.method, 'cs(Host)': w.host, 'cs-uri-stem': w.path.replace(/[\s]/g, encodeURIComponent), 'sc-status': String(w.status),
    'cs(Referer)': encodeField(w.referrer), 'cs(User-Agent)': encodeField(w.userAgent), 'cs-uri-query': encodeField(w.query), 'cs(Cookie)': '-',
    'x-edge-result-type': w.status >= 400 ? 'Error' : 'Miss', 'x-edge-request-id': '-', 'x-host-header': w.host, 'cs-protocol': w.protocol,
    'cs-bytes': '-', 'time-taken': (w.ms / 1000).toFixed(3), 'x-forwarded-for': '-', 'ssl-protocol': '-', 'ssl-cipher': '-',
    'x-edge-response-result-type': w.status >= 400 ? 'Error' : 'Miss', 'cs-protocol-version': 'HTTP/1.1', 'fle-status': '-', 'fle-encrypted-fields': '-',
    'c-port': w.port ? String(w.port) : '-', 'time-to-first-byte': (w.ms / 1000).toFixed(3), 'x-edge-detailed-result-type': w.status >= 400 ? 'Error' : 'Miss',
    'sc-content-type': encodeField(w.contentType), 'sc-content-len': String(w.bytes), 'sc-range-start': '-', 'sc-range-end': '-',
  };
  return LEGACY_FIELDS.map((f) => cells[f]).join('\t');
}
