// The page cache's reader thread (page-cache.ts, Session): reads and checks the entries the
// build asks for, in order, and hands each page's bytes over without a copy.
import { parentPort, workerData } from 'node:worker_threads';
import { readEntry } from './page-cache-entry.ts';

const { dir, secret, islands } = workerData as { dir: string; secret?: string; islands: string[] };
const known = new Set(islands);
parentPort!.on('message', ({ id, key, path }: { id: number; key: string; path: string }) => {
  let result;
  try {
    result = readEntry(dir, key, path, secret, known);
  } catch (error) {
    result = { kind: 'bad' as const, reason: `unreadable (${error instanceof Error ? error.message : String(error)})` };
  }
  parentPort!.postMessage({ id, result }, result.kind === 'ok' ? [result.bytes.buffer as ArrayBuffer] : []);
});
