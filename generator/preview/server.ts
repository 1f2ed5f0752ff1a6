// `site preview`: builds, serves the build with production's URL rule and headers, watches
// content/, templates/ and styles/, rebuilds only what an edit affects, and tells open pages
// to reload (or shows the content-error overlay while keeping the last good build).
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { join } from 'node:path';
import { watch } from 'chokidar';
import { Builder, type Update } from '../build/build.ts';
import { writeAtomically, writeChanged, writeListed, MANIFEST, type Outputs } from '../output/write.ts';
import { ContentError, formatProblem, type Problem } from '../problems/problems.ts';
import { escapeHtml } from '../../common/html.ts';
import { UsageError } from '../problems/errors.ts';
import { cacheControl, contentType, securityHeaders, withConnectSources } from '../output/headers.ts';
import { notFoundFile, resolveUrl, NOT_FOUND_FILE, tableOf } from './url-rule.ts';
import { projectRoot } from '../project.ts';
import { describeMoment } from '../content/schedule.ts';
import { bold, dim, green, printTimings, red, yellow } from '../terminal.ts';
import { startLeadService, type LeadService } from './leads.ts';
import { createAdmin } from './admin/server.ts';
import { accessLog } from '../traffic/access-log.ts';
import { isEditorTempFile } from '../content/editor-files.ts';
import { admit, ownOrigin, type Listening } from './guard.ts';
import { isSafeKey, readListedFiles, type ServedFiles } from './build-files.ts';
import { keptFolders, outputFolderProblem } from '../output/out-dir.ts';
import { pickEncoding, type Encoding } from './accept-encoding.ts';
import { publishWarnings, type PublishWarnings } from './publish-warnings.ts';

export interface PreviewOptions {
  contentDir: string;
  /** The moment to show the site at (`--at`); now when absent. */
  now?: number;
  outDir: string;
  port: number;
  host: string;
  watch: boolean;
  /** The port of the local SES stand-in's inbox (0 or none: any free one). */
  mailPort?: number;
  /** How long to wait on a slow client (default SERVER_TIMEOUTS; tests shorten them). */
  timeouts?: ServerTimeouts;
  /** Quiet: tests start many previews. */
  log?: (line: string) => void;
  /** Let the admin change content while listening beyond a loopback address (`--allow-edits`). */
  allowEdits?: boolean;
  /** Where to write an access log in CloudFront's format (traffic/access-log.ts); none when absent. */
  accessLog?: string;
  /** The bucket of production's access logs, which the Traffic tab then shows (`--logs-bucket`). */
  logsBucket?: string;
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

/** How long the local servers wait on a client, in milliseconds. */
export interface ServerTimeouts {
  /** From the connection (or the previous response) to the end of the request's headers. */
  headersMs: number;
  /** To the end of the whole request, body included (the lead function's posts are at most 1 MB). */
  requestMs: number;
  /** An idle kept-alive connection between requests. */
  keepAliveMs: number;
}

/**
 * What a production server allows (nginx's header and body reads, CloudFront's keep-alive): a
 * client that stops sending mid-request is answered 408 and closed, rather than holding a
 * connection for minutes. There is no limit on an idle response: the live-reload and admin event
 * streams stay open, silent, for as long as a page is.
 */
export const SERVER_TIMEOUTS: ServerTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

/** An HTTP server with those limits. */
function localServer(handler: RequestListener, timeouts: ServerTimeouts = SERVER_TIMEOUTS): Server {
  return createServer({
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Node checks the first two only this often (every 30 s by default, so a 10 s limit could take up to 40).
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, timeouts.headersMs / 4)),
  }, handler);
}

/** True for an address only this machine reaches (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^127(?:\.\d{1,3}){3}$/.test(name);
}

/** The lead function's path: CloudFront sends /send-email/* to it (infra/template.yaml). */
const LEAD_PATH = /^\/send-email(\/|$)/;
/**
 * How long the watcher must be quiet before a rebuild starts: what webpack's watcher waits by
 * default (aggregateTimeout), short beside the rebuild itself, and still long enough to gather a
 * save's few files, written within a few milliseconds of each other.
 */
const QUIET_MS = 20;
/** How long after the last edit the preview makes what edits left behind (see refreshLater). */
const REFRESH_AFTER_MS = 500;

const clientScript = readFileSync(new URL('./client.js', import.meta.url));
/**
 * The live-reload client's tag, naming the rebuild the page was served from (`g`): a page whose
 * event stream connects after a rebuild that changed it (an edit saved while it loaded) is told
 * on connecting, not left stale until the next edit (see `missed`).
 */
const clientTag = (generation: number) => `<script type="module" src="/_site/client.js?g=${generation}"></script>`;
/** How many rebuilds `missed` remembers; a page older than that reloads whatever changed. */
const REMEMBERED_REBUILDS = 64;

export async function startPreview(options: PreviewOptions): Promise<Preview> {
  const refusal = outputFolderProblem(options.outDir, keptFolders(projectRoot, [
    { label: 'the content folder', path: options.contentDir },
    { label: "the build's caches", path: join(projectRoot, '.site/cache') },
  ]));
  if (refusal) throw new UsageError(refusal);
  const log = options.log ?? ((line: string) => console.log(line));
  const builder = new Builder({ root: projectRoot, contentDir: options.contentDir, mode: 'preview', includeDrafts: true, now: options.now });
  let problems: Problem[] = [];
  let served: Outputs = new Map();
  const clients = new Set<ServerResponse>();
  const waiters: ((u: Update) => void)[] = [];
  // Rebuilds served so far, and what the last ones reloaded (each as its `reload` event said).
  let generation = 0;
  const rebuilds: { generation: number; all: boolean; paths: string[] }[] = [];
  /** What a page served at rebuild `since` has missed: the `reload` event it would have had, if any. */
  const missed = (since: number): { all: boolean; paths: string[] } | undefined => {
    if (!Number.isInteger(since) || since < 0 || since >= generation) return undefined;
    const later = rebuilds.filter((r) => r.generation > since);
    if (!later.length || later[0]!.generation !== since + 1) return { all: true, paths: [] };
    return { all: later.some((r) => r.all), paths: [...new Set(later.flatMap((r) => r.paths))] };
  };

  // What `site build --strict` would stop on, after the last good build; printed when it changes.
  let warnings: PublishWarnings = { count: 0, lines: [], warnings: [] };
  let schedule = '';
  const checkWarnings = () => {
    // The record of published URLs, kept as `site build` keeps it (not for a preview --at another moment).
    if (builder.recordUrls()) log(dim('  content/published-urls.txt lists the URLs this site publishes: commit it with the content'));
    const next = publishWarnings(builder, options.contentDir);
    if (next.lines.join('\n') !== warnings.lines.join('\n')) reportWarnings(next, log);
    warnings = next;
    const lines = scheduleLines(builder);
    if (lines.join('\n') !== schedule) for (const line of lines) log(line);
    schedule = lines.join('\n');
  };

  const start = performance.now();
  try {
    served = await builder.full();
    await writeAtomically(options.outDir, served);
    printTimings(builder.timings);
    log(green(`✓ Built ${builder.routes.length} routes in ${(performance.now() - start).toFixed(0)} ms`));
    checkWarnings();
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    problems = error.problems;
    reportProblems(problems, log);
  }
  // Content is changed from /_admin only while nobody but this machine can reach the preview.
  const admin = createAdmin({ root: projectRoot, builder, contentDir: options.contentDir, accessLog: options.accessLog, logsBucket: options.logsBucket, leads: async () => (leads ? (await leads.list()).leads : []), problems: () => problems, publishWarnings: () => warnings.warnings, log, writable: isLoopback(options.host) || options.allowEdits === true });
  admin.built({ kind: 'full', ms: performance.now() - start, edited: [] });

  const send = (event: string, data: unknown) => {
    const chunk = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of clients) res.write(chunk);
  };

  // Set once the server listens (the port may be 0 until then): see guard.ts for the rules.
  let listening: Listening = { host: options.host, port: options.port };
  const requests = options.accessLog ? accessLog(options.accessLog) : undefined;
  const server = localServer((req, res) => {
    try {
      requests?.record(req, res);
      const url = admit(req, res, listening, 'site preview');
      if (url) handle(req, res, url);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`preview server error: ${(error as Error).message}`);
    }
  }, options.timeouts);

  function handle(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (admin.handle(req, res, url)) return;
    if (url.pathname === '/_site/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write(`event: ${problems.length ? 'problems' : 'ok'}\ndata: ${JSON.stringify(problems)}\n\n`);
      res.write(`event: warnings\ndata: ${JSON.stringify(pageWarnings(warnings))}\n\n`);
      const reload = url.searchParams.has('since') ? missed(Number(url.searchParams.get('since'))) : undefined;
      if (reload) res.write(`event: reload\ndata: ${JSON.stringify(reload)}\n\n`);
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
      res.end(`<!DOCTYPE html><html lang="en-CA"><head><meta charset="utf-8"><title>Content problems</title>${clientTag(generation)}</head><body><h1>The site could not be built</h1><pre>${escapeHtml(problems.map(formatProblem).join('\n'))}</pre></body></html>`);
      return;
    }
    // A sitemap or search index an edit left behind is made now, before it is served.
    const target = resolveUrl(url.pathname, url.search, tableOf(served));
    if (target.kind === 'file' && builder.isStale(target.file)) refreshNow();
    respond(req, res, url, served, clientTag(generation), pageHeaders);
  }

  let leads: LeadService | undefined;
  let pageHeaders = securityHeaders;

  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const watcher = options.watch
    ? watch([options.contentDir, join(projectRoot, 'templates'), join(projectRoot, 'styles')], { ignoreInitial: true, ignored: isEditorTempFile, followSymlinks: false })
    : undefined;
  // An edit saved before the watcher's first scan ends would be lost: announce the URL only after.
  if (watcher) await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => resolve());
    });
  } catch (error) {
    // The port was taken after the CLI checked it: stop watching, or the process never exits.
    await watcher?.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  listening = { host: options.host, port };
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  const serving = listening;
  leads = await startLeadService({ contentDir: options.contentDir, outDir: options.outDir, origin: url, pageOrigin: (origin) => ownOrigin(origin, serving), endpoint: '/send-email/', log, mailPort: options.mailPort });
  pageHeaders = withConnectSources(securityHeaders, leads.connectOrigins);
  log(`${bold('Preview')} ${url}  ${dim('(Ctrl+C to stop)')}`);
  log(`  Admin preview: ${url}/_admin`);
  // Nothing on the preview asks for a password: beyond this machine, say who can reach it.
  if (!isLoopback(options.host)) log(yellow(`  ⚠ Listening on ${options.host}: anyone who can reach this machine on port ${port} can open the admin and read or clear the leads sent on this preview${options.allowEdits ? ', and change content/ (--allow-edits)' : ''}. Leave --host out (127.0.0.1) unless another device must see it.`));

  // Changes are gathered until the watcher has been quiet for QUIET_MS, so an editor's save (a
  // probe file, a backup, the write, a rename: all within a few milliseconds) or a "save all" is
  // one rebuild. Changes that come during a rebuild make the next one.
  watcher?.on('all', (_event, path) => {
    pending.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = [...pending];
      pending = new Set();
      running = running.then(() => rebuild(batch));
    }, QUIET_MS);
  });

  async function rebuild(paths: string[]): Promise<void> {
    const t0 = performance.now();
    let update: Update;
    const edit = served.size > 0;
    try {
      update = edit ? await builder.update(paths) : await fullAgain();
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
      // An edit's changed files are the Builder's to say (it compared them); after a full build, compare.
      const written = edit ? writeListed(options.outDir, served, update.changedFiles) : writeChanged(options.outDir, served, before);
      const all = written.some((f) => f.startsWith('assets/js/') || f.startsWith('assets/css/')) || problems.length > 0;
      problems = [];
      log(green(`✓ ${update.rerendered.length} page${update.rerendered.length === 1 ? '' : 's'} rebuilt, ${written.length} file${written.length === 1 ? '' : 's'} written in ${(performance.now() - t0).toFixed(0)} ms`) + dim(` (${paths.map((p) => builder.display(p)).join(', ')})`));
      // A page whose route is gone reloads too, and shows the 404 page.
      const reload = { all, paths: [...update.rerendered, ...update.removed] };
      generation += 1;
      rebuilds.push({ generation, ...reload });
      if (rebuilds.length > REMEMBERED_REBUILDS) rebuilds.shift();
      send('reload', reload);
      checkWarnings();
      send('warnings', pageWarnings(warnings));
      refreshLater();
    }
    for (const w of waiters.splice(0)) w(update);
    admin.built({ kind: 'edit', ms: performance.now() - t0, edited: paths.map((p) => builder.display(p)), update });
  }

  // What an edit left behind (the sitemap, the search indexes, and the build manifest in --out,
  // which the preview never serves: it tells `site publish` this folder is a preview) is made
  // once edits pause, or at once when one of them is asked for (Builder.refresh): a burst of
  // saves makes them once, and no request ever gets one that an edit made stale.
  let refreshTimer: NodeJS.Timeout | undefined;
  function refreshNow(): void {
    const { made, removed } = builder.refresh();
    // A file in `removed` is in the previous outputs and not in `made`: writeChanged deletes it.
    if (made.size || removed.length) writeChanged(options.outDir, made, new Map(removed.map((file) => [file, Buffer.alloc(0)])));
  }
  function refreshLater(): void {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => {
      running = running.then(refreshNow).catch((error: Error) => log(red(`✗ writing the sitemap, search indexes or build manifest failed: ${error.stack ?? error}`)));
    }, REFRESH_AFTER_MS);
    refreshTimer.unref();
  }

  async function fullAgain(): Promise<Update> {
    try {
      const outputs = await builder.full();
      await writeAtomically(options.outDir, outputs);
      return { problems: [], rerendered: builder.routes.map((r) => r.path), removed: [], changedFiles: [...outputs.keys()], timings: builder.timings };
    } catch (error) {
      if (error instanceof ContentError) return { problems: error.problems, rerendered: [], removed: [], changedFiles: [], timings: builder.timings };
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
      clearTimeout(refreshTimer);
      await watcher?.close();
      // The folder is left with the sitemap, indexes and manifest of what it holds.
      await running.catch(() => {});
      refreshNow();
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
 * Only files `files` has are served (the preview's in-memory build, or the files the build
 * `site serve` serves lists, which build-files.ts reads without following a link): no path is
 * joined to a folder here, so none can reach outside the build.
 */
/** What is scheduled and what expired, for the terminal: one line each, soonest first. */
export function scheduleLines(builder: Builder): string[] {
  const clock = builder.clock;
  if (!clock || !builder.schedule.length) return [];
  const at = options(clock);
  return builder.schedule.map((item) => {
    const when = item.status === 'scheduled' ? `publishes ${describeMoment(item.publishAt!, clock.zone)}` : item.status === 'expired' ? `expired ${describeMoment(item.expiresAt!, clock.zone)}` : `on the site${item.expiresAt !== undefined ? `, expires ${describeMoment(item.expiresAt, clock.zone)}` : ''}`;
    return dim(`  ${at}${item.status === 'live' ? '✓' : item.status === 'scheduled' ? '◷' : '✗'} '${item.title}' ${when} (${item.file})`);
  });
}

const options = (clock: { now: number; zone: string }) => (Math.abs(clock.now - Date.now()) > 60_000 ? `[at ${describeMoment(clock.now, clock.zone)}] ` : '');

export function respond(req: IncomingMessage, res: ServerResponse, url: URL, files: ServedFiles, inject = '', pageHeaders = securityHeaders): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    res.end('Method Not Allowed');
    return;
  }
  const resolution = resolveUrl(url.pathname, url.search, tableOf(files));
  if (resolution.kind === 'redirect') {
    res.writeHead(resolution.status, { location: resolution.location, ...securityHeaders });
    res.end();
    return;
  }
  if (resolution.kind === 'response') {
    res.writeHead(resolution.status, { ...resolution.headers, ...pageHeaders });
    res.end(req.method === 'HEAD' ? undefined : resolution.body);
    return;
  }
  let file = resolution.file;
  let status = 200;
  // The build's own records (its manifest, the redirect table) are not pages of the site.
  let body = file === MANIFEST || file.startsWith('.site-') || !isSafeKey(file) ? undefined : files.get(file);
  if (!body) {
    file = files.has(notFoundFile(url.pathname)) ? notFoundFile(url.pathname) : NOT_FOUND_FILE;
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
  const encoding = COMPRESSIBLE.test(type) && body.length > 1024 ? pickEncoding(req.headers['accept-encoding']) : undefined;
  if (encoding) {
    body = compressed(body, encoding);
    headers['content-encoding'] = encoding;
  }
  res.writeHead(status, { ...headers, 'content-length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

// CloudFront compresses text responses for browsers that ask (brotli, else gzip); so do we.
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;
const compressedCache = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

function compressed(body: Buffer, encoding: Encoding): Buffer {
  let entry = compressedCache.get(body);
  if (!entry) compressedCache.set(body, (entry = {}));
  return (entry[encoding] ??= encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(body, { level: 6 }));
}

/**
 * `site serve`: an existing build, served as production would, nothing rebuilt or injected.
 * It serves only the files the build's manifest lists, checked at start and read when asked
 * for, never through a symbolic link (build-files.ts), and applies the preview's Host rule
 * (guard.ts): it has no private data, but a `site build --drafts` output can hold unpublished
 * posts, and one rule is easier to trust.
 */
export async function startServer(options: { dir: string; port: number; host: string; log?: (line: string) => void; timeouts?: ServerTimeouts; accessLog?: string }): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const log = options.log ?? console.log;
  const files = readListedFiles(options.dir, (line) => log(red(`✗ ${line}`)));
  if (!files.has(NOT_FOUND_FILE)) throw new UsageError(`${options.dir} has no ${NOT_FOUND_FILE}: is it the output of a build? Run \`npx site build\` first.`);
  let listening: Listening = { host: options.host, port: options.port };
  const requests = options.accessLog ? accessLog(options.accessLog) : undefined;
  const server = localServer((req, res) => {
    requests?.record(req, res);
    const url = admit(req, res, listening, 'site serve');
    if (url) respond(req, res, url, files);
  }, options.timeouts);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  listening = { host: options.host, port };
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  log(`${bold('Serving')} ${options.dir} at ${url}  ${dim('(Ctrl+C to stop)')}`);
  return {
    server,
    url,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** What open pages' badge shows: the count and the lines, not the located problems the admin reads. */
const pageWarnings = ({ count, lines }: PublishWarnings) => ({ count, lines });

function reportWarnings(warnings: PublishWarnings, log: (line: string) => void): void {
  if (!warnings.count) {
    log(green('✓ No warnings: npx site build --strict (what publishing runs) would pass'));
    return;
  }
  log(yellow(bold(`⚠ ${warnings.count} warning${warnings.count === 1 ? '' : 's'}: npx site build --strict (what publishing runs) would stop on ${warnings.count === 1 ? 'it' : 'them'}:`)));
  for (const line of warnings.lines) log(line);
}

function reportProblems(problems: Problem[], log: (line: string) => void): void {
  log(red(bold(`✗ ${problems.length} content problem${problems.length === 1 ? '' : 's'}; still serving the last good build:`)));
  for (const p of problems) log(`  ${formatProblem(p)}`);
}
