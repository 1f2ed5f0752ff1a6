// The studio's requests (generator/preview/studio/): every write carries the admin page's token.
import type { ProblemInfo } from '../../types.ts';
import type { Edit } from './form-model.ts';
import type { SchemaNode } from './form-model.ts';
import type { OpenedFile as Opened } from '../../../studio/files.ts';

const token = () => document.querySelector<HTMLMetaElement>('meta[name="site-token"]')?.content ?? '';

/** An answer the studio refused, with its words for the author. */
export class StudioError extends Error {
  constructor(readonly status: number, message: string, readonly body: Record<string, unknown>) {
    super(message);
  }
}

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({ error: `the preview answered ${response.status}` }))) as Record<string, unknown>;
  if (!response.ok) throw new StudioError(response.status, String(body.error ?? response.statusText), body);
  return body as T;
}

export const getJson = <T>(path: string): Promise<T> => fetch(path, { headers: { accept: 'application/json' } }).then((r) => answer<T>(r));

export const postJson = <T>(path: string, body: unknown): Promise<T> =>
  fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-site-token': token() }, body: JSON.stringify(body) }).then((r) => answer<T>(r));

export const postBytes = <T>(path: string, file: Blob): Promise<T> =>
  fetch(path, { method: 'POST', headers: { 'content-type': file.type || 'application/octet-stream', 'x-site-token': token() }, body: file }).then((r) => answer<T>(r));

/** GET /_admin/api/file: a content file as its form opens it (studio/files.ts), its schema typed for the form. */
export type OpenedFile = Omit<Opened, 'schema'> & { schema: SchemaNode | null; writable: boolean };

export interface SaveRequest {
  path: string;
  sha256?: string;
  edits?: Edit[];
  body?: string;
  text?: string;
}

export interface Saved { path: string; sha256: string; changed: boolean; structural?: boolean }

export const openFile = (path: string) => getJson<OpenedFile>(`/_admin/api/file?path=${encodeURIComponent(path)}`);
export const checkDraft = (request: SaveRequest) => postJson<{ problems: ProblemInfo[] }>('/_admin/api/check', request);
export const saveFile = (request: SaveRequest) => postJson<Saved>('/_admin/api/file', request);
export const undoSave = (path: string) => postJson<{ sha256: string }>('/_admin/api/undo', { path });
