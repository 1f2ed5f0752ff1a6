// `site preview`: builds, serves the build with production's URL rule and headers, watches
// content/, templates/ and styles/, rebuilds only what an edit affects, and tells open pages
// to reload (or shows the content-error overlay while keeping the last good build).
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { join } from 'node:path';
import { watch } from 'chokidar';
import { Builder, type Update } from '../build.ts';
import { writeAtomically, writeChanged, MANIFEST, type Outputs } from '../write.ts';
import { ContentError, formatProblem, type Problem } from '../problems.ts';
import { cacheControl, contentType, securityHeaders, withConnectSources } from '../headers.ts';
import { resolveUrl, NOT_FOUND_FILE } from './url-rule.ts';
import { projectRoot } from '../cli/build-command.ts';
import { bold, dim, green, printTimings, red } from '../cli/output.ts';
import { startLeadService, type LeadService } from './leads.ts';
import { createAdmin } from './admin/server.ts';

export interface PreviewOptions {
  contentDir: string;
  outDir: string;
  port: number;
  host: string;
  watch: boolean;
  /** Quiet: tests start many previews. */
  log?: (line: string) => void;
}

export interface Preview {
  server: Server;
  url: string;
  builder: Builder;
  close(): Promise<void>;
  /** Resolves after the next rebuild (tests wait on it). */
  nextUpdate(): Promise<Update>;
  /** The lead function and its local S3/SES. */
  leads: LeadService;
}

/** The lead function's path: CloudFront sends /send-email/* to it (infra/template.yaml). */
const LEAD_PATH = /^\/send-email(\/|$)/;

const clientScript = readFileSync(new URL('./client.js', import.meta.url));
const CLIENT_TAG = '<script type="module" src="/_site/client.js"></script>';

export async function startPreview(options: PreviewOptions): Promise<Preview> {
  const log = options.log ?? ((line: string) => console.log(line));
  const builder = new Builder({ root: projectRoot, contentDir: options.contentDir, mode: 'preview', includeDrafts: true });
  let problems: Problem[] = [];
  let served: Outputs = new Map();
  const clients = new Set<ServerResponse>();
  const waiters: ((u: Update) => void)[] = [];

  const start = performance.now();
  try {
    served = await builder.full();
    await writeAtomically(options.outDir, served);
    printTimings(builder.timings);
    log(green(`✓ Built ${builder.routes.length} routes in ${(performance.now() - start).toFixed(0)} ms`));
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    problems = error.problems;
    reportProblems(problems, log);
  }
  const admin = createAdmin({ root: projectRoot, builder, contentDir: options.contentDir, problems: () => problems, log });
  admin.built({ kind: 'full', ms: performance.now() - start, edited: [] });

  const send = (event: string, data: unknown) => {
    const chunk = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of clients) res.write(chunk);
  };

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`preview server error: ${(error as Error).message}`);
    }
  });

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://preview.local');
    if (admin.handle(req, res, url)) return;
    if (url.pathname === '/_site/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write(`event: ${problems.length ? 'problems' : 'ok'}\ndata: ${JSON.stringify(problems)}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (url.pathname === '/_site/client.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(clientScript);
      return;
    }
    if (LEAD_PATH.test(url.pathname) || url.pathname === '/_site/leads') {
      if (!leads) {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' }).end('The lead function is starting.');
        return;
      }
      leads.handle(req, res, url).catch((error: Error) => {
        log(red(`✗ lead function: ${error.stack ?? error}`));
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('lead function error');
      });
      return;
    }
    if (!served.size) {
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(`<!DOCTYPE html><html lang="en-CA"><head><meta charset="utf-8"><title>Content problems</title>${CLIENT_TAG}</head><body><h1>The site could not be built</h1><pre>${escapeHtml(problems.map(formatProblem).join('\n'))}</pre></body></html>`);
      return;
    }
    respond(req, res, url, served, CLIENT_TAG, pageHeaders);
  }

  let leads: LeadService | undefined;
  let pageHeaders = securityHeaders;

  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const watcher = options.watch
    ? watch([options.contentDir, join(projectRoot, 'templates'), join(projectRoot, 'styles')], { ignoreInitial: true, ignored: (p) => /(^|\/)\.|~$|\.tmp-/.test(p.split('/').pop() ?? '') })
    : undefined;
  // An edit saved before the watcher's first scan ends would be lost: announce the URL only after.
  if (watcher) await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  leads = await startLeadService({ contentDir: options.contentDir, outDir: options.outDir, origin: url, endpoint: '/send-email/', log });
  pageHeaders = withConnectSources(securityHeaders, leads.connectOrigins);
  log(`${bold('Preview')} ${url}  ${dim('(Ctrl+C to stop)')}`);
  log(`  Admin preview: ${url}/_admin`);

  watcher?.on('all', (_event, path) => {
    pending.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = [...pending];
      pending = new Set();
      running = running.then(() => rebuild(batch));
    }, 40);
  });

  async function rebuild(paths: string[]): Promise<void> {
    const t0 = performance.now();
    let update: Update;
    try {
      update = served.size ? await builder.update(paths) : await fullAgain();
    } catch (error) {
      log(red(`✗ rebuild failed: ${(error as Error).stack ?? error}`));
      admin.built({ kind: 'edit', ms: performance.now() - t0, edited: paths.map((p) => builder.display(p)), error });
      return;
    }
    if (update.problems.length) {
      problems = update.problems;
      reportProblems(problems, log);
      send('problems', problems);
    } else {
      const before = served;
      served = builder.outputs;
      const written = writeChanged(options.outDir, served, before);
      const all = written.some((f) => f.startsWith('assets/js/') || f.startsWith('assets/css/')) || problems.length > 0;
      problems = [];
      log(green(`✓ ${update.rerendered.length} page${update.rerendered.length === 1 ? '' : 's'} rebuilt, ${written.length} file${written.length === 1 ? '' : 's'} written in ${(performance.now() - t0).toFixed(0)} ms`) + dim(` (${paths.map((p) => builder.display(p)).join(', ')})`));
      send('reload', { all, paths: update.rerendered });
    }
    for (const w of waiters.splice(0)) w(update);
    admin.built({ kind: 'edit', ms: performance.now() - t0, edited: paths.map((p) => builder.display(p)), update });
  }

  async function fullAgain(): Promise<Update> {
    try {
      const outputs = await builder.full();
      await writeAtomically(options.outDir, outputs);
      return { problems: [], rerendered: builder.routes.map((r) => r.path), changedFiles: [...outputs.keys()], timings: builder.timings };
    } catch (error) {
      if (error instanceof ContentError) return { problems: error.problems, rerendered: [], changedFiles: [], timings: builder.timings };
      throw error;
    }
  }

  return {
    server,
    url,
    builder,
    leads,
    nextUpdate: () => new Promise((resolve) => waiters.push(resolve)),
    async close() {
      clearTimeout(timer);
      await watcher?.close();
      for (const res of clients) res.end();
      admin.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await leads?.close();
    },
  };
}

/**
 * Answers a request from a build's files exactly as production would: the CloudFront
 * Function's URL rule, 404.html with status 404 for anything missing, the shared headers,
 * ETag revalidation. `inject` adds a tag to HTML (the preview's live-reload client).
 */
export function respond(req: IncomingMessage, res: ServerResponse, url: URL, files: Outputs, inject = '', pageHeaders = securityHeaders): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    res.end('Method Not Allowed');
    return;
  }
  const resolution = resolveUrl(url.pathname, url.search);
  if (resolution.kind === 'redirect') {
    res.writeHead(resolution.status, { location: resolution.location, ...securityHeaders });
    res.end();
    return;
  }
  let file = resolution.file;
  let status = 200;
  let body = file === MANIFEST ? undefined : files.get(file);
  if (!body) {
    file = NOT_FOUND_FILE;
    status = 404;
    body = files.get(file) ?? Buffer.from('Not Found');
  }
  if (inject && file.endsWith('.html')) body = Buffer.from(body.toString('utf8').replace('</head>', `${inject}</head>`));
  const etag = `"${createHash('md5').update(body).digest('hex')}"`;
  const type = contentType(file);
  const headers: Record<string, string> = { 'content-type': type, 'cache-control': cacheControl(file), etag, vary: 'accept-encoding', ...pageHeaders };
  if (status === 200 && req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const encoding = COMPRESSIBLE.test(type) && body.length > 1024 ? pickEncoding(String(req.headers['accept-encoding'] ?? '')) : undefined;
  if (encoding) {
    body = compressed(body, encoding);
    headers['content-encoding'] = encoding;
  }
  res.writeHead(status, { ...headers, 'content-length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

// CloudFront compresses text responses for browsers that ask (brotli, else gzip); so do we.
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;
const compressedCache = new WeakMap<Buffer, Partial<Record<'br' | 'gzip', Buffer>>>();

function pickEncoding(accept: string): 'br' | 'gzip' | undefined {
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

function compressed(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  let entry = compressedCache.get(body);
  if (!entry) compressedCache.set(body, (entry = {}));
  return (entry[encoding] ??= encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(body, { level: 6 }));
}

/** `site serve`: an existing build, served as production would, nothing rebuilt or injected. */
export async function startServer(options: { dir: string; port: number; host: string; log?: (line: string) => void }): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const files = readTree(options.dir);
  if (!files.has(NOT_FOUND_FILE)) throw new Error(`${options.dir} has no ${NOT_FOUND_FILE}: is it a site build? Run \`site build\` first.`);
  const server = createServer((req, res) => respond(req, res, new URL(req.url ?? '/', 'http://serve.local'), files));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${options.host}:${port}`;
  (options.log ?? console.log)(`${bold('Serving')} ${options.dir} at ${url}  ${dim('(Ctrl+C to stop)')}`);
  return { server, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function readTree(dir: string): Outputs {
  const files: Outputs = new Map();
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else files.set(path, readFileSync(join(dir, path)));
    }
  };
  walk('');
  return files;
}

function reportProblems(problems: Problem[], log: (line: string) => void): void {
  log(red(bold(`✗ ${problems.length} content problem${problems.length === 1 ? '' : 's'}; still serving the last good build:`)));
  for (const p of problems) log(`  ${formatProblem(p)}`);
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
