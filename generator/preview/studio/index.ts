// The admin's writes to content/ (the authoring studio's server side): open a content file for its
// form, check a draft, save changed values with a minimal diff, undo the last save, create items,
// start and stamp translations, add photos, and list, discard and commit changes. Only `site
// preview` has them, and only under its Host and Origin rules (guard.ts) plus a token the admin
// page carries, while it listens on a loopback address unless the author asked for more
// (--allow-edits). Every path is a content file of a collection (or a new photo), resolved inside
// content/ without following a link; a file that changed on disk since its form read it is never
// overwritten.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Builder } from '../../build/build.ts';
import { inspectUnder, pathFormProblem, readInspected, replaceFile } from '../../content/paths.ts';
import type { YamlEdit } from '../../authoring/yaml-edit.ts';
import { UsageError } from '../../problems/errors.ts';
import type { Problem } from '../../problems/problems.ts';
import { contentFileOf, formOptions, openFile, savedText, shaOf, type SaveInput } from './files.ts';
import { draftProblems } from './check.ts';
import { createItem, creatableKinds, startTranslation, stampTranslation } from './create.ts';
import { ContentChanges } from './changes.ts';
import { addPhoto, MAX_PHOTO_BYTES } from './photos.ts';

/** The largest JSON request a write may have: a content file is a few KB. */
export const MAX_SAVE_BYTES = 256 * 1024;

export interface StudioOptions {
  contentDir: string;
  builder: Builder;
  /** The preview listens on a loopback address, or the author allowed edits from elsewhere. */
  writable: boolean;
  /** A problem as the admin shows it (admin/state.ts). */
  problemInfo: (p: Problem) => unknown;
}

export interface Studio {
  /** What the admin page carries and every write must send back (`x-site-token`). */
  readonly token: string;
  /** Answers /_admin/api/{file,check,undo,new,translation,photo,changes,discard,commit} and returns true; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
const WRITES = new Set(['/_admin/api/file', '/_admin/api/check', '/_admin/api/undo', '/_admin/api/new', '/_admin/api/translation', '/_admin/api/photo', '/_admin/api/discard', '/_admin/api/commit']);
const READS = new Set(['/_admin/api/file', '/_admin/api/changes', '/_admin/api/kinds', '/_admin/api/image']);

class Refusal extends Error {
  constructor(readonly status: number, message: string, readonly extra: Record<string, unknown> = {}) {
    super(message);
  }
}

export function createStudio(options: StudioOptions): Studio {
  const { contentDir } = options;
  const token = randomBytes(24).toString('base64url');
  const changes = new ContentChanges(contentDir);
  let last: { rel: string; before: Buffer; after: string } | undefined;

  const answer = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, JSON_HEADERS).end(JSON.stringify(body));

  const fileOf = (rel: unknown) => {
    const file = contentFileOf(contentDir, rel);
    if (typeof file === 'string') throw new Refusal(400, file);
    return file;
  };

  async function read(url: URL): Promise<unknown> {
    if (url.pathname === '/_admin/api/changes') return changes.list();
    if (url.pathname === '/_admin/api/kinds') return { kinds: creatableKinds };
    const opened = await openFile(contentDir, fileOf(url.searchParams.get('path')));
    return { ...opened, writable: options.writable, options: formOptions([...options.builder.records.values()], contentDir) };
  }

  async function write(req: IncomingMessage, path: string): Promise<unknown> {
    if (!options.writable) throw new Refusal(403, 'the preview listens beyond this machine, so the admin cannot change content: start site preview on 127.0.0.1, or with --allow-edits');
    const sent = req.headers['x-site-token'];
    if (typeof sent !== 'string' || sent.length !== token.length || !timingSafeEqual(Buffer.from(sent), Buffer.from(token))) throw new Refusal(403, 'this request does not carry the admin page\'s token: reload /_admin');
    const type = req.headers['content-type'] ?? '';
    if (path === '/_admin/api/photo') {
      if (!/^(image\/|application\/octet-stream)/.test(type)) throw new Refusal(415, 'send the photo\'s bytes');
      const bytes = await readBody(req, MAX_PHOTO_BYTES);
      if (!bytes) throw new Refusal(413, `a photo is at most ${MAX_PHOTO_BYTES / 1048576} MB: export it smaller`);
      const rel = new URL(req.url ?? '', 'http://x').searchParams.get('path') ?? '';
      return addPhoto(contentDir, rel, bytes);
    }
    if (!/^application\/json\b/.test(type)) throw new Refusal(415, 'send JSON');
    const body = await readBody(req, MAX_SAVE_BYTES);
    if (!body) throw new Refusal(413, `a request is at most ${MAX_SAVE_BYTES} bytes`);
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      throw new Refusal(400, 'the body is not JSON');
    }
    if (!input || typeof input !== 'object') throw new Refusal(400, 'the body is not a JSON object');
    switch (path) {
      case '/_admin/api/new': return createItem(options.builder, contentDir, input.kind, input.title);
      case '/_admin/api/translation': {
        const file = fileOf(input.path);
        return input.action === 'start' ? startTranslation(contentDir, file.rel) : input.action === 'stamp' ? stampTranslation(contentDir, file.rel) : refuse(400, 'action is start or stamp');
      }
      case '/_admin/api/discard': {
        // Only a path the change list names (photos included) is handed to git.
        if (typeof input.path !== 'string' || pathFormProblem(input.path)) throw new Refusal(400, 'name a changed file inside content/');
        await changes.discard(input.path);
        return { discarded: input.path };
      }
      case '/_admin/api/commit': {
        const message = typeof input.message === 'string' ? input.message.trim() : '';
        if (!message || message.length > 2000) throw new Refusal(400, 'a commit needs a message of at most 2000 characters');
        return { commit: await changes.commit(message) };
      }
    }
    const file = fileOf(input.path);
    const current = readInspected(file.abs);
    const save = saveInputOf(input);
    if (path === '/_admin/api/check') {
      const { text } = tryText(current.toString('utf8'), file.markdown, save);
      return { problems: draftProblems(options.builder, file.rel, text).map(options.problemInfo) };
    }
    if (path === '/_admin/api/undo') {
      if (!last || last.rel !== file.rel) throw new Refusal(409, 'nothing to undo in this file');
      if (shaOf(current) !== last.after) throw new Refusal(409, 'the file changed since the last save: nothing was undone', { text: current.toString('utf8'), sha256: shaOf(current) });
      replaceFile(file.abs, last.before, 'site-studio');
      last = undefined;
      return { path: file.rel, sha256: shaOf(readInspected(file.abs)), undone: true };
    }
    // Saved over only as it was read: an edit made meanwhile (an editor, git) is never lost.
    if (input.sha256 !== shaOf(current)) throw new Refusal(409, 'the file changed on disk since the form read it', { text: current.toString('utf8'), sha256: shaOf(current) });
    const result = tryText(current.toString('utf8'), file.markdown, save);
    if (result.text === current.toString('utf8')) return { path: file.rel, sha256: shaOf(current), changed: false };
    replaceFile(file.abs, result.text, 'site-studio');
    last = { rel: file.rel, before: current, after: shaOf(result.text) };
    return { path: file.rel, sha256: shaOf(result.text), changed: true, structural: result.structural };
  }

  return {
    token,
    handle(req, res, url) {
      const path = url.pathname;
      const isWrite = req.method === 'POST' && WRITES.has(path);
      const isRead = req.method === 'GET' && READS.has(path);
      if (!isWrite && !isRead) {
        if (!WRITES.has(path) && !READS.has(path)) return false;
        res.writeHead(405, { ...JSON_HEADERS, allow: [READS.has(path) ? 'GET' : '', WRITES.has(path) ? 'POST' : ''].filter(Boolean).join(', ') }).end('{"error":"method not allowed"}');
        return true;
      }
      if (path === '/_admin/api/image') {
        serveImage(contentDir, url.searchParams.get('path'), res);
        return true;
      }
      (isWrite ? write(req, path) : read(url)).then(
        (body) => answer(res, 200, body),
        (error: Error) => {
          if (error instanceof Refusal) answer(res, error.status, { error: error.message, ...error.extra });
          else if (error instanceof UsageError) answer(res, 422, { error: error.message });
          else answer(res, 500, { error: error.message });
        },
      );
      return true;
    },
  };
}

/** A source image of content/images/ for the picker's thumbnails; an SVG may not run anything even opened on its own. */
function serveImage(contentDir: string, rel: string | null, res: ServerResponse): void {
  const type = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' }[(rel ?? '').split('.').pop()!.toLowerCase()];
  const status = rel && !pathFormProblem(rel) && rel.startsWith('images/') && type ? inspectUnder(contentDir, rel) : undefined;
  if (!status || status.kind !== 'file') return void res.writeHead(404, JSON_HEADERS).end('{"error":"no such image under content/images/"}');
  res.writeHead(200, { 'content-type': type!, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox" });
  res.end(readInspected(status.abs));
}

const refuse = (status: number, message: string): never => {
  throw new Refusal(status, message);
};

/** The text a save or a check would write; the author is told why when it cannot be written as typed. */
function tryText(current: string, markdown: boolean, save: SaveInput) {
  try {
    return savedText(current, markdown, save);
  } catch (error) {
    throw new Refusal(422, (error as Error).message);
  }
}

function saveInputOf(input: Record<string, unknown>): SaveInput {
  const save: SaveInput = {};
  if (input.edits !== undefined) {
    const edits = validEdits(input.edits);
    if (!edits) throw new Refusal(400, 'edits must be a list of { path: [keys], value } or { path: [keys], remove: true }');
    save.edits = edits;
  }
  if (input.body !== undefined) {
    if (typeof input.body !== 'string') throw new Refusal(400, 'body is the Markdown text');
    save.body = input.body;
  }
  if (input.text !== undefined) {
    if (typeof input.text !== 'string') throw new Refusal(400, 'text is the whole file');
    save.text = input.text;
  }
  return save;
}

/**
 * The bytes of a request, or undefined past `limit`. The rest of an oversized body is read and
 * dropped (up to four times the limit) so the author's browser gets the answer rather than a
 * reset connection; a body bigger still is cut off.
 */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit * 4) {
      req.destroy();
      return undefined;
    }
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  return size > limit ? undefined : Buffer.concat(chunks);
}

const KEY = (k: unknown) => (typeof k === 'string' && k !== '__proto__' && k !== 'constructor' && k !== 'prototype' && k.length <= 200) || (Number.isInteger(k) && (k as number) >= 0 && (k as number) < 100_000);

function validEdits(value: unknown): YamlEdit[] | undefined {
  if (!Array.isArray(value) || value.length > 2000) return undefined;
  const ok = value.every((e) => e && typeof e === 'object' && Array.isArray(e.path) && e.path.length > 0 && e.path.length <= 32 && e.path.every(KEY)
    && (e.remove === true ? e.value === undefined : e.value === null || ['string', 'number', 'boolean'].includes(typeof e.value)));
  return ok ? (value as YamlEdit[]) : undefined;
}
