// The admin's writes to content/: read a content file for a form, save the form's changed values
// with a minimal diff (authoring/yaml-edit.ts), undo the last save. Only `site preview` has them,
// and only under its Host and Origin rules (guard.ts) plus a token the admin page carries, while
// it listens on a loopback address (anyone who reaches the machine could otherwise edit content).
// Every path is a content file of a collection, resolved inside content/ without following a link;
// a file that changed on disk since the form read it is never overwritten.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectionOf } from '../content/collections.ts';
import { inspectUnder, pathFormProblem, readInspected, replaceFile } from '../content/paths.ts';
import { editYaml, type YamlEdit } from '../authoring/yaml-edit.ts';
import { sha256 } from '../hash.ts';

/** The largest request body a save may have: a content file is a few KB. */
export const MAX_SAVE_BYTES = 256 * 1024;

export interface Studio {
  /** What the admin page carries and every write must send back (`x-site-token`). */
  readonly token: string;
  /** Answers /_admin/api/file and /_admin/api/undo and returns true; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

/** `writable`: the preview listens on a loopback address (or the author allowed more). */
export function createStudio(contentDir: string, writable: boolean): Studio {
  const token = randomBytes(24).toString('base64url');
  let last: { rel: string; before: Buffer; after: string } | undefined;

  const answer = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, JSON_HEADERS).end(JSON.stringify(body));

  /** The content file `rel` names, or why it is not one the admin may touch. */
  const fileOf = (rel: unknown): { rel: string; abs: string } | string => {
    if (typeof rel !== 'string' || !rel) return 'name a content file, e.g. faqs/01-benefits.yaml';
    const form = pathFormProblem(rel);
    if (form) return `the path ${form}`;
    if (!collectionOf(rel) || !/\.ya?ml$/.test(rel)) return `${rel} is not a YAML file of a collection the site builds`;
    const status = inspectUnder(contentDir, rel);
    if (status.kind !== 'file') return `${rel} is not a regular file inside content/ (${status.kind})`;
    return { rel, abs: status.abs };
  };

  const sha = (bytes: Buffer | string) => sha256(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));

  function read(url: URL, res: ServerResponse): void {
    const file = fileOf(url.searchParams.get('path'));
    if (typeof file === 'string') return void answer(res, 400, { error: file });
    const bytes = readInspected(file.abs);
    answer(res, 200, { path: file.rel, text: bytes.toString('utf8'), sha256: sha(bytes), writable });
  }

  async function write(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (!writable) return void answer(res, 403, { error: 'the preview listens beyond this machine, so the admin cannot change content: start site preview on 127.0.0.1' });
    const sent = req.headers['x-site-token'];
    if (typeof sent !== 'string' || sent.length !== token.length || !timingSafeEqual(Buffer.from(sent), Buffer.from(token))) return void answer(res, 403, { error: 'this request does not carry the admin page\'s token: reload /_admin' });
    if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return void answer(res, 415, { error: 'send JSON' });
    const body = await readBody(req);
    if (body === undefined) return void answer(res, 413, { error: `a save is at most ${MAX_SAVE_BYTES} bytes` });
    let input: { path?: unknown; sha256?: unknown; edits?: unknown };
    try {
      input = JSON.parse(body) as typeof input;
    } catch {
      return void answer(res, 400, { error: 'the body is not JSON' });
    }
    const file = fileOf(input.path);
    if (typeof file === 'string') return void answer(res, 400, { error: file });
    const current = readInspected(file.abs);
    if (path === '/_admin/api/undo') {
      if (!last || last.rel !== file.rel) return void answer(res, 409, { error: 'nothing to undo in this file' });
      if (sha(current) !== last.after) return void answer(res, 409, { error: 'the file changed since the last save: nothing was undone', text: current.toString('utf8'), sha256: sha(current) });
      replaceFile(file.abs, last.before, 'site-studio');
      last = undefined;
      return void answer(res, 200, { path: file.rel, sha256: sha(readInspected(file.abs)), undone: true });
    }
    // Saved over only as it was read: an edit made meanwhile (an editor, git) is never lost.
    if (input.sha256 !== sha(current)) return void answer(res, 409, { error: 'the file changed on disk since the form read it', text: current.toString('utf8'), sha256: sha(current) });
    const edits = validEdits(input.edits);
    if (!edits) return void answer(res, 400, { error: 'edits must be a list of { path: [keys], value }' });
    let result;
    try {
      result = editYaml(current.toString('utf8'), edits);
    } catch (error) {
      return void answer(res, 422, { error: (error as Error).message });
    }
    if (result.text === current.toString('utf8')) return void answer(res, 200, { path: file.rel, sha256: sha(current), changed: false });
    replaceFile(file.abs, result.text, 'site-studio');
    last = { rel: file.rel, before: current, after: sha(result.text) };
    answer(res, 200, { path: file.rel, sha256: sha(result.text), changed: true, structural: result.structural });
  }

  return {
    token,
    handle(req, res, url) {
      const path = url.pathname;
      if (path !== '/_admin/api/file' && path !== '/_admin/api/undo') return false;
      if (req.method === 'GET' && path === '/_admin/api/file') read(url, res);
      else if (req.method === 'POST') write(req, res, path).catch((error: Error) => answer(res, 500, { error: error.message }));
      else res.writeHead(405, { ...JSON_HEADERS, allow: path === '/_admin/api/file' ? 'GET, POST' : 'POST' }).end('{"error":"method not allowed"}');
      return true;
    },
  };
}

/** The bytes of a request, or undefined past MAX_SAVE_BYTES. */
async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_SAVE_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function validEdits(value: unknown): YamlEdit[] | undefined {
  if (!Array.isArray(value) || value.length > 1000) return undefined;
  const ok = value.every((e) => e && typeof e === 'object' && Array.isArray(e.path) && e.path.length > 0 && e.path.every((k: unknown) => (typeof k === 'string' && k !== '__proto__') || (Number.isInteger(k) && (k as number) >= 0))
    && (e.value === null || ['string', 'number', 'boolean'].includes(typeof e.value)));
  return ok ? (value as YamlEdit[]) : undefined;
}
