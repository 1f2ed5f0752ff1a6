// The admin preview at /_admin: served by `site preview` only, never written to dist/ or to
// the preview's output folder. A client-rendered React app (bundled in memory at preview
// start), a JSON state at /_admin/api/state and a server-sent event stream at /_admin/events
// that pushes the new state after every rebuild.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import type { Builder, Update } from '../../build/build.ts';
import type { Problem } from '../../problems/problems.ts';
import { adminState, problemInfo } from './state.ts';
import { escapeHtml } from '../../../common/html.ts';
import type { BuildRun } from './types.ts';
import { createStudio } from '../studio/index.ts';
import { S3Client } from '@aws-sdk/client-s3';
import { buildReport, type LeadFacts } from '../../traffic/report.ts';
import { logsInBucket, logsInFolder } from '../../traffic/sources.ts';

export interface AdminOptions {
  root: string;
  builder: Builder;
  contentDir: string;
  /** The preview's current content problems. */
  problems: () => Problem[];
  /** The warnings `site build --strict` would stop on, after the last good build. */
  publishWarnings?: () => Problem[];
  log: (line: string) => void;
  /** Whether the admin may change content: the preview listens on a loopback address only. */
  writable?: boolean;
  /** The preview's access-log folder (the Traffic tab's visits), when it writes one. */
  accessLog?: string;
  /** Production's access-log bucket, read instead when given (`site preview --logs-bucket`). */
  logsBucket?: string;
  /** The preview's leads, once its lead service runs (the Traffic tab's conversions). */
  leads?: () => Promise<LeadFacts[]>;
}

/** What the preview tells the admin after a build or rebuild. */
export interface BuildReport {
  kind: 'full' | 'edit';
  ms: number;
  /** Display paths of the files whose change started it. */
  edited: string[];
  /** The rebuild's result; absent for the first full build (the builder holds it). */
  update?: Update;
  /** A generator bug (not a content problem). */
  error?: unknown;
}

export interface Admin {
  /**
   * Answers /_admin and everything under it and returns true. For any other request it
   * returns false, after letting the admin's own iframes frame the page (see allowFraming).
   */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean;
  built(report: BuildReport): void;
  close(): void;
}

const HISTORY = 20;
const LIST_LIMIT = 200;

const ADMIN_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  // Lead e-mails render in a sandboxed srcdoc frame, which inherits this policy: their inline
  // styles apply, their scripts never run.
  'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; frame-src 'self'; connect-src 'self'; base-uri 'none'; object-src 'none'; form-action 'none'; frame-ancestors 'none'",
};

export function createAdmin(options: AdminOptions): Admin {
  const builds: BuildRun[] = [];
  const clients = new Set<ServerResponse>();
  const studio = createStudio({ contentDir: options.contentDir, builder: options.builder, writable: options.writable ?? false, problemInfo });
  const ui = bundleUi(options.root);
  ui.catch((error: Error) => options.log(`✗ the admin preview could not be bundled: ${error.message}`));

  const state = () => adminState({ builder: options.builder, contentDir: options.contentDir, problems: options.problems(), publishWarnings: options.publishWarnings?.() ?? [], builds, writable: options.writable ?? false });

  function serveState(res: ServerResponse): void {
    res.writeHead(200, { ...ADMIN_HEADERS, 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(state()));
  }

  function stream(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { ...ADMIN_HEADERS, 'content-type': 'text/event-stream', connection: 'keep-alive' });
    res.write(`event: state\ndata: ${JSON.stringify(state())}\n\n`);
    clients.add(res);
    req.on('close', () => clients.delete(res));
  }

  /** The report `site report --local` prints, for the preview's own log (or production's, with --logs-bucket). */
  async function serveTraffic(url: URL, res: ServerResponse): Promise<void> {
    const days = Math.min(90, Math.max(1, Number(url.searchParams.get('days')) || 7));
    const until = Date.parse(new Date().toISOString().slice(0, 10)) + 86_400_000;
    const since = until - days * 86_400_000;
    const bucket = options.logsBucket;
    const logs = bucket
      ? await logsInBucket(new S3Client({ region: process.env.AWS_REGION ?? 'ca-central-1' }), bucket, process.env.ACCESS_LOG_PREFIX ?? 'cloudfront/', since - (until - since), until)
      : options.accessLog ? logsInFolder(options.accessLog, since - (until - since), until) : undefined;
    const leads = (await options.leads?.().catch(() => [])) ?? [];
    const report = logs ? buildReport({ entries: logs.entries, leads, since, until, skippedLines: logs.skipped }) : null;
    res.writeHead(200, { ...ADMIN_HEADERS, 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ source: bucket ? `s3://${bucket}` : options.accessLog ? 'preview' : 'none', days, report }));
  }

  async function serveUi(res: ServerResponse, part: 'html' | 'js' | 'css'): Promise<void> {
    const { js, css } = await ui;
    const brand = options.builder.site?.config.brand ?? 'Site';
    const bodies = { html: shell(brand, studio.token), js, css };
    const types = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };
    res.writeHead(200, { ...ADMIN_HEADERS, 'content-type': types[part] });
    res.end(bodies[part]);
  }

  return {
    handle(req, res, url) {
      const path = url.pathname;
      if (path !== '/_admin' && !path.startsWith('/_admin/')) {
        allowFraming(req, res);
        return false;
      }
      const fail = (error: Error) => {
        if (!res.headersSent) res.writeHead(500, { ...ADMIN_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
        res.end(`admin preview error: ${error.message}`);
      };
      try {
        if (studio.handle(req, res, url)) return true;
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          res.writeHead(405, { ...ADMIN_HEADERS, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method Not Allowed');
        } else if (path === '/_admin' || path === '/_admin/') serveUi(res, 'html').catch(fail);
        else if (path === '/_admin/app.js') serveUi(res, 'js').catch(fail);
        else if (path === '/_admin/app.css') serveUi(res, 'css').catch(fail);
        else if (path === '/_admin/api/state') serveState(res);
        else if (path === '/_admin/api/traffic') serveTraffic(url, res).catch(fail);
        else if (path === '/_admin/events') stream(req, res);
        else res.writeHead(404, { ...ADMIN_HEADERS, 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
      } catch (error) {
        fail(error as Error);
      }
      return true;
    },

    built(report) {
      builds.unshift(runOf(report, options));
      builds.length = Math.min(builds.length, HISTORY);
      if (!clients.size) return;
      let chunk: string;
      try {
        chunk = `event: state\ndata: ${JSON.stringify(state())}\n\n`;
      } catch (error) {
        options.log(`✗ admin preview: ${(error as Error).stack ?? error}`);
        return;
      }
      for (const res of clients) res.write(chunk);
    },

    close() {
      for (const res of clients) res.end();
      clients.clear();
    },
  };
}

function runOf(report: BuildReport, options: AdminOptions): BuildRun {
  const { builder } = options;
  const failed = report.error !== undefined;
  const problems = report.update?.problems ?? (failed ? [] : options.problems());
  const rerendered = report.update?.rerendered ?? (failed || problems.length ? [] : builder.routes.map((r) => r.path));
  const written = report.update?.changedFiles ?? (failed || problems.length ? [] : [...builder.outputs.keys()].sort());
  const error = report.error as Error | undefined;
  return {
    kind: report.kind,
    at: new Date().toISOString(),
    ms: Math.round(report.ms),
    edited: report.edited.slice(0, LIST_LIMIT),
    editedCount: report.edited.length,
    rerendered: rerendered.slice(0, LIST_LIMIT),
    rerenderedCount: rerendered.length,
    written: written.slice(0, LIST_LIMIT),
    writtenCount: written.length,
    problems: problems.length,
    error: failed ? { message: error?.message ?? String(report.error), stack: error?.stack ?? String(report.error) } : undefined,
    timings: (report.update?.timings ?? builder.timings).map((t) => ({ stage: t.stage, ms: Math.round(t.ms * 10) / 10 })),
  };
}

/**
 * Site pages forbid framing (X-Frame-Options DENY, frame-ancestors 'none'), as in production.
 * The admin shows them at three widths in iframes of its own origin, so for a same-origin
 * frame request, and only in the preview, those two headers allow 'self'.
 */
function allowFraming(req: IncomingMessage, res: ServerResponse): void {
  const dest = req.headers['sec-fetch-dest'];
  const site = req.headers['sec-fetch-site'];
  const referer = String(req.headers.referer ?? '');
  const fromAdmin = !dest && /^https?:\/\/[^/]+\/_admin(\/|$|#|\?)/.test(referer) && new URL(referer).host === req.headers.host;
  if (!(dest === 'iframe' && site === 'same-origin') && !fromAdmin) return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const headers = args.find((a, i) => i > 0 && a && typeof a === 'object' && !Array.isArray(a)) as Record<string, string> | undefined;
    if (headers) {
      for (const name of Object.keys(headers)) {
        const lower = name.toLowerCase();
        if (lower === 'x-frame-options') headers[name] = 'SAMEORIGIN';
        if (lower === 'content-security-policy') headers[name] = headers[name]!.replace("frame-ancestors 'none'", "frame-ancestors 'self'");
      }
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

/** The UI bundle (React included) and its stylesheet, in memory: nothing is written to disk. */
async function bundleUi(root: string): Promise<{ js: Buffer; css: Buffer }> {
  const dir = join(root, 'generator/preview/admin/ui');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [join(dir, 'main.tsx')],
    bundle: true,
    format: 'esm',
    target: ['es2022', 'chrome111', 'firefox115', 'safari16.4'],
    minify: true,
    jsx: 'automatic',
    write: false,
    outdir: 'admin',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const js = Buffer.from(result.outputFiles.find((f) => f.path.endsWith('.js'))!.contents);
  // The site's colour and spacing tokens (one source of truth), then the admin's own rules.
  const tokens = /:root\s*\{[\s\S]*?\n\}/.exec(readFileSync(join(root, 'styles/_tokens.scss'), 'utf8'))?.[0] ?? '';
  const css = Buffer.from(`${tokens}\n${readFileSync(join(dir, 'admin.css'), 'utf8')}`);
  return { js, css };
}

// Its own icon: the site's favicon does not exist while the first build has content problems.
const FAVICON = `data:image/svg+xml,${encodeURIComponent("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><circle cx='8' cy='8' r='7' fill='#0a7f5a'/></svg>")}`;

function shell(brand: string, token: string): string {
  const title = `Admin preview · ${escapeHtml(brand)}`;
  // The writes' token (studio.ts): a page of another site cannot read it, so cannot send it.
  return `<!DOCTYPE html><html lang="en-CA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="site-token" content="${escapeHtml(token)}"><title>${title}</title><link rel="icon" href="${FAVICON}"><link rel="stylesheet" href="/_admin/app.css"><script type="module" src="/_admin/app.js"></script></head><body><div id="admin-root"><noscript>The admin preview needs JavaScript.</noscript></div></body></html>`;
}
