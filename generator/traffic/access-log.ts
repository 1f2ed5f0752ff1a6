// The access log `site preview` and `site serve` can write: CloudFront's legacy format, one file
// per hour as CloudFront names them (<distribution>.YYYY-MM-DD-HH.<id>), so `site report` and the
// admin's Traffic tab read the local path exactly as production's. Appended as each response
// finishes: nothing is held in memory, a crash loses no line. The preview's own pages (/_admin,
// /_site) are not the site's traffic and are left out, as CloudFront never sees them.
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatLine, LOG_HEADER } from './log-format.ts';

export const LOCAL_DISTRIBUTION = 'LOCAL';

export interface AccessLog {
  readonly dir: string;
  /** Logs `req` once its response has finished. */
  record(req: IncomingMessage, res: ServerResponse): void;
}

export function accessLog(dir: string): AccessLog {
  mkdirSync(dir, { recursive: true });
  return {
    dir,
    record(req, res) {
      const url = new URL(req.url ?? '/', 'http://local');
      if (url.pathname === '/_admin' || url.pathname.startsWith('/_admin/') || url.pathname.startsWith('/_site/')) return;
      const started = performance.now();
      res.once('finish', () => {
        const at = Date.now();
        const hour = new Date(at).toISOString().slice(0, 13).replace('T', '-');
        const file = join(dir, `${LOCAL_DISTRIBUTION}.${hour}.log`);
        const line = formatLine({
          at,
          ip: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '-',
          port: req.socket.remotePort,
          method: req.method ?? 'GET',
          host: String(req.headers.host ?? '-'),
          path: url.pathname,
          query: url.search.slice(1) || undefined,
          status: res.statusCode,
          bytes: Number(res.getHeader('content-length')) || 0,
          referrer: typeof req.headers.referer === 'string' ? req.headers.referer : undefined,
          userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
          contentType: String(res.getHeader('content-type') ?? '') || undefined,
          ms: performance.now() - started,
          protocol: 'http',
        });
        appendFileSync(file, `${existsSync(file) ? '' : LOG_HEADER}${line}\n`);
      });
    },
  };
}
