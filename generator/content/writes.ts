// What `site new` and `site translate` read and write in content/, as the build takes it
// (generator/content/paths.ts): nothing through a symbolic link, only regular files of at most
// MAX_CONTENT_BYTES, new files created with `wx` and edits replaced by rename. Each refusal is a
// usage error (exit 2) in the build's words, before anything is written.
import { lstatSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from '../problems/errors.ts';
import { readContentFile, tooBigProblem } from './load.ts';
import { displayPath, inspectUnder, replaceFile, statusProblem, type PathStatus } from './paths.ts';
import type { Problem } from '../problems/problems.ts';

/** Replaces a content file by rename (content/paths.ts, replaceFile). */
export const replace = (abs: string, text: string, tag = 'site-translate'): void => replaceFile(abs, text, tag);

/**
 * The bytes of the content file `rel` (under the content folder) that a command reads, refused
 * as the build refuses it: a symbolic link on the way, anything but a regular file (a pipe is
 * never opened for reading, so it cannot hang the command), a file over MAX_CONTENT_BYTES. Each
 * is a usage error (exit 2) worded as the build's problem; `missing` words a file that is not there.
 */
export function readContentArg(contentDir: string, rel: string, missing: () => UsageError): Buffer {
  const status = inspectUnder(contentDir, rel);
  if (status.kind === 'missing') throw missing();
  if (status.kind !== 'file') throw refusal(contentDir, rel, status);
  const read = readContentFile(status.abs);
  // Replaced by something else since the look.
  if (!read) throw refusal(contentDir, rel, { kind: 'refused', reason: 'is not a regular file' });
  if ('tooBig' in read) throw usageProblem(tooBigProblem({ file: displayPath(status.abs), line: 1, column: 1 }, read.tooBig));
  return read.bytes;
}

/**
 * Refuses (exit 2) a file to create at `rel` under the content folder where the build would
 * refuse it or a write would leave the folder: a symbolic link on the way or in its place, a
 * file where one of its folders should be; `taken` words a file already there. Folders still
 * missing are fine (they are made, and looked at again: see `createFile`).
 */
export function checkNewFile(contentDir: string, rel: string, taken: (abs: string) => UsageError): void {
  const segments = rel.split('/');
  let abs = contentDir;
  for (const [i, segment] of segments.entries()) {
    abs = join(abs, segment);
    const stats = lstatSync(abs, { throwIfNoEntry: false });
    if (!stats) return;
    if (stats.isSymbolicLink()) throw refusal(contentDir, rel, { kind: 'link', at: displayPath(abs) });
    if (i === segments.length - 1) throw taken(abs);
    if (!stats.isDirectory()) {
      throw new UsageError(`${displayPath(abs)} is a file where a folder should be, to hold ${displayPath(join(contentDir, rel))}; move or delete it, then run the command again`);
    }
  }
}

/**
 * Creates `rel` under the content folder with `text`: checked (`checkNewFile`), its folders made,
 * checked again (a link swapped in meanwhile is refused), then written with `wx`, so a file that
 * appeared since the plan is never overwritten and a link in its place never followed.
 */
export function createFile(contentDir: string, rel: string, text: string | Buffer, taken: (abs: string) => UsageError): void {
  checkNewFile(contentDir, rel, taken);
  const abs = join(contentDir, rel);
  mkdirSync(dirname(abs), { recursive: true });
  checkNewFile(contentDir, rel, taken);
  try {
    writeFileSync(abs, text, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw Object.assign(taken(abs), { cause: error });
    throw error;
  }
}

/**
 * A path `inspectUnder` refused, in the words the build prints for it (a link is named itself);
 * something other than a regular file is named for what it is ("is a folder, not a file"),
 * where the build's words, "not a regular file or folder", would puzzle about a folder.
 */
function refusal(contentDir: string, rel: string, status: Exclude<PathStatus, { kind: 'file' | 'missing' }>): UsageError {
  const abs = join(contentDir, rel);
  const p = statusProblem(status, { file: status.kind === 'link' ? status.at : displayPath(abs), line: 1, column: 1 });
  const what = p.code === 'not-a-regular-file' ? otherThanFile(abs) : undefined;
  return usageProblem(what ? { ...p, message: `is ${what}, not a regular file` } : p);
}

/** What is at `abs` when it is not a regular file, in a few words. */
function otherThanFile(abs: string): string | undefined {
  const stats = lstatSync(abs, { throwIfNoEntry: false });
  if (stats?.isDirectory()) return 'a folder';
  if (stats?.isFIFO()) return 'a named pipe (FIFO)';
  if (stats?.isSocket()) return 'a socket';
  if (stats?.isCharacterDevice() || stats?.isBlockDevice()) return 'a device';
  return undefined;
}

/** A content problem that stops a command before it writes anything: one line, exit 2. */
function usageProblem(p: Problem): UsageError {
  return new UsageError(`${p.file} ${p.message}; ${p.hint}`);
}
