// Paths the generator trusts. Content is data inside content/, and a build is exactly the files
// inside its folder: a path read from a content file or a manifest is a plain relative path (no
// "..", no absolute path), and it is resolved without following a symbolic link, so neither an
// author's typo nor a planted link can make a build read or publish a file from elsewhere on disk.
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync, type Dirent } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { problem, type Place } from '../problems/errors.ts';
import type { Problem } from '../problems/problems.ts';

/** Why `path` is not a plain relative path (folder/file, forward slashes), or undefined when it is. */
export function pathFormProblem(path: string): string | undefined {
  // Most paths asked about are plain (a build asks for every file it writes): one test accepts
  // them, and the checks below find what is wrong with any other.
  if (PLAIN_PATH.test(path)) return undefined;
  if (path === '') return 'is empty';
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'contains a control character';
  if (path.includes('\\')) return 'contains a backslash; separate folders with /';
  if (path.startsWith('/')) return 'is an absolute path';
  const segments = path.split('/');
  if (segments.includes('..')) return 'has a ".." segment, which would leave its folder';
  if (segments.some((s) => s === '' || s === '.')) return 'has an empty or "." segment';
  return undefined;
}

/**
 * `root`/`rel` where `rel` is a plain relative path (pathFormProblem finds nothing wrong with
 * it, or a name a folder listing gave) and `root` a path as join() gives it: the string
 * join(root, rel) makes, without its normalising (a few joins per file add up on a big build's
 * main thread).
 */
export function under(root: string, rel: string): string {
  return root.endsWith('/') ? root + rel : `${root}/${rel}`;
}

/** Segments separated by single slashes, none empty, "." or "..", without a backslash or a control character. */
const PLAIN_PATH = /^(?!\.\.?(?:\/|$))[^/\\\u0000-\u001f\u007f]+(?:\/(?!\.\.?(?:\/|$))[^/\\\u0000-\u001f\u007f]+)*$/;

/** What a path under a root turned out to be. */
export type PathStatus =
  | { kind: 'file'; abs: string }
  | { kind: 'missing' }
  /** A symbolic link on the way: `at` is the link, as shown to people. */
  | { kind: 'link'; at: string }
  | { kind: 'refused'; reason: string };

/** The sentence after a path that `inspectUnder` did not accept ("is a symbolic link (…); …"). */
export function describeStatus(status: Exclude<PathStatus, { kind: 'file' }>): string {
  if (status.kind === 'missing') return 'does not exist';
  if (status.kind === 'link') return `is a symbolic link (${status.at}); use a real file inside the folder instead of a link`;
  return status.reason;
}

/**
 * The problem with a path under content/ that `inspectUnder` did not accept as a file (a
 * missing one is the caller's to word). `subject` names it inside a field (image "x.svg").
 */
export function statusProblem(status: Exclude<PathStatus, { kind: 'file' | 'missing' }>, at: Place, subject?: string): Problem {
  if (status.kind === 'link') {
    return problem('symbolic-link', at, { subject, link: status.at === at.file ? undefined : status.at });
  }
  if (status.reason.startsWith('is not a regular file')) return problem('not-a-regular-file', at, { subject });
  return problem('path-outside-content', at, { subject, reason: status.reason });
}

/** A path as shown to people: relative to the working directory, with forward slashes. */
export function displayPath(abs: string): string {
  return relative(process.cwd(), abs).split(sep).join('/');
}

const display = displayPath;

/**
 * Resolves `rel` under `root` one component at a time with lstat: a symbolic link anywhere on
 * the way is refused (not followed), and so is anything but a regular file at the end. `root`
 * itself may be a link (the folder a person chose); nothing beneath it may be.
 */
export function inspectUnder(root: string, rel: string): PathStatus {
  const form = pathFormProblem(rel);
  if (form) return { kind: 'refused', reason: form };
  let abs = root;
  const segments = rel.split('/');
  for (const [i, segment] of segments.entries()) {
    abs = join(abs, segment);
    const stats = lstatSync(abs, { throwIfNoEntry: false });
    if (!stats) return { kind: 'missing' };
    if (stats.isSymbolicLink()) return { kind: 'link', at: display(abs) };
    const last = i === segments.length - 1;
    if (!last && !stats.isDirectory()) return { kind: 'missing' };
    if (last && !stats.isFile()) return { kind: 'refused', reason: `is not a regular file (${display(abs)})` };
  }
  // With no link on the way this always holds (it is what the walk above is for); checked
  // anyway, so a way out that the walk did not foresee is refused too.
  if (!realpathSync.native(abs).startsWith(realRoot(root) + sep)) return { kind: 'refused', reason: `resolves outside ${display(root)}` };
  return { kind: 'file', abs };
}

const realRoots = new Map<string, string>();
function realRoot(root: string): string {
  let real = realRoots.get(root);
  if (real === undefined) realRoots.set(root, (real = realpathSync.native(root)));
  return real;
}

/**
 * Reads a file under `root` that `inspectUnder` accepts; the last component is opened with
 * O_NOFOLLOW, so a link swapped in after the check is refused too. Callers check content paths
 * first and report a located problem; reaching the throw here means the generator skipped that.
 */
export function readUnder(root: string, rel: string): Buffer {
  const status = inspectUnder(root, rel);
  if (status.kind !== 'file') {
    throw new Error(`generator bug: "${rel}" under ${display(root)} ${describeStatus(status)}, and nothing reported it before it was read`);
  }
  return readInspected(status.abs);
}

/**
 * Reads a file `inspectUnder` accepted: the last component is opened with O_NOFOLLOW, so a link
 * swapped in after the check is refused too.
 */
export function readInspected(abs: string): Buffer {
  const fd = openSync(abs, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    if (!fstatSync(fd).isFile()) throw new Error(`generator bug: ${display(abs)} is not a regular file`);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The entries of a folder under `root` (`rel` '' for the root), or [] when it does not exist or
 * is not a plain folder reached without links (`specialEntriesUnder` reports those).
 */
export function listUnder(root: string, rel: string): Dirent[] {
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) return [];
  let abs = root;
  for (const segment of rel ? rel.split('/') : []) {
    abs = join(abs, segment);
    const stats = lstatSync(abs, { throwIfNoEntry: false });
    if (!stats?.isDirectory()) return [];
  }
  return readdirSync(abs, { withFileTypes: true });
}

/**
 * Every entry under `root` that is neither a regular file nor a folder (symbolic links above
 * all; also sockets, pipes, devices), as root-relative paths in a stable order. Links are
 * listed, never followed. Hidden entries are skipped: the generator never reads them, and
 * editors keep locks there while a file is open (Emacs's .#post.md is a link). One readdir per
 * folder, cheap even for thousands of files.
 */
export function specialEntriesUnder(root: string): { rel: string; link: boolean }[] {
  const found: { rel: string; link: boolean }[] = [];
  const walk = (rel: string) => {
    for (const entry of listUnder(root, rel).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith('.')) continue;
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else if (!entry.isFile()) found.push({ rel: path, link: entry.isSymbolicLink() });
    }
  };
  walk('');
  return found;
}

/**
 * Replaces a file by rename, so a reader never sees half of it. The temporary file is created
 * with `wx`: a link planted under its name is never written through.
 */
export function replaceFile(abs: string, data: string | Buffer, tag: string): void {
  const temporary = `${abs}.${tag}-${process.pid}`;
  writeFileSync(temporary, data, { flag: 'wx' });
  renameSync(temporary, abs);
}
