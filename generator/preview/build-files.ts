// What `site serve` may serve: exactly the files a build's manifest lists (never the manifest
// itself or the admin), each a regular file inside the build folder reached without following a
// symbolic link. A file added to dist/ after `site build`, or a link to somewhere else on the
// disk, is never served. The files are checked when the server starts (problems reported then)
// and read when asked for, checked again as they are opened: a big build is gigabytes, far too
// much to read into memory before the first request.
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MANIFEST } from '../output/write.ts';
import { REDIRECTS_FILE } from '../output/urls.ts';
import { type BuildManifest } from '../output/site-files.ts';
import { isPublishable } from '../publish/local.ts';
import { UsageError } from '../problems/errors.ts';

/** True for a relative build path with no way out of the folder: no `..`, `.`, empty segment, backslash or control character. */
export function isSafeKey(path: string): boolean {
  if (!path || path.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** The paths a build's manifest lists that may be served. Throws an actionable error if `dir` is not a build. */
export function listedFiles(dir: string): string[] {
  let manifest: Partial<BuildManifest>;
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as Partial<BuildManifest>;
  } catch (error) {
    throw new UsageError(`${dir} has no readable ${MANIFEST}: is it the output of a build? Run \`npx site build\` first.`, { cause: error });
  }
  if (!manifest.files || typeof manifest.files !== 'object') throw new UsageError(`${join(dir, MANIFEST)} lists no files: the build is damaged. Run \`npx site build\` again.`);
  // The redirect table is read too: the URL rule answers with it (it is never served itself).
  return Object.keys(manifest.files).filter((path) => isPublishable(path) || path === REDIRECTS_FILE).sort();
}

/** What `respond` serves from (server.ts): a build's files by path. The preview's in-memory build is a Map. */
export interface ServedFiles {
  has(path: string): boolean;
  get(path: string): Buffer | undefined;
}

/**
 * The listed files of the build in `dir`, each checked now: a listed path that is unsafe, missing,
 * not a regular file, or reached through a symbolic link is left out (served as 404) and
 * reported. The others are read when asked for (BuildFiles.get).
 */
export function readListedFiles(dir: string, warn: (line: string) => void): BuildFiles {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`${dir} is not a folder: name the build to serve with --dir (\`npx site build\` writes dist/)`);
  const files = new BuildFiles(realpathSync.native(dir), dir, warn);
  const folders = new Map<string, string | undefined>();
  for (const path of listedFiles(dir)) {
    const problem = isSafeKey(path) ? files.check(path, folders) : 'is not a path inside the build';
    if (problem) warn(`${join(dir, path)} ${problem}: not served`);
  }
  return files;
}

/**
 * A build's listed files, read when asked for. Each read opens the file without following a
 * link (O_NOFOLLOW), after checking that its folder's real path is the one the build wrote, and
 * takes it only if it is a regular file: a file swapped for a link after the server started is
 * a 404 too. The last files read are kept (up to CACHE_BYTES) while their size, mtime and inode
 * are unchanged, so a page is the same Buffer from request to request (its compressed forms are
 * kept with it: server.ts). A file changed since it was listed is served as it is now (a build
 * replaced under `site serve` is served with the old build's list: restart it to serve the new).
 */
export class BuildFiles implements ServedFiles {
  /** Bytes of files kept in memory, at most. */
  static readonly CACHE_BYTES = 64 * 1024 * 1024;
  private readonly listed = new Set<string>();
  private readonly kept = new Map<string, Read>();
  private keptBytes = 0;
  private readonly reported = new Set<string>();

  constructor(private readonly root: string, private readonly dir: string, private readonly warn: (line: string) => void) {}

  has(path: string): boolean {
    return this.listed.has(path);
  }

  get(path: string): Buffer | undefined {
    if (!this.listed.has(path)) return undefined;
    const read = readInside(this.root, path, this.kept.get(path));
    if (typeof read === 'string') {
      if (!this.reported.has(path)) {
        this.reported.add(path);
        this.warn(`${join(this.dir, path)} ${read}: not served`);
      }
      this.forget(path);
      return undefined;
    }
    this.reported.delete(path);
    // Most recently used last (a Map keeps insertion order).
    this.forget(path);
    if (read.bytes.length <= BuildFiles.CACHE_BYTES / 8) {
      this.kept.set(path, read);
      this.keptBytes += read.bytes.length;
      for (const [oldest, entry] of this.kept) {
        if (this.keptBytes <= BuildFiles.CACHE_BYTES) break;
        this.kept.delete(oldest);
        this.keptBytes -= entry.bytes.length;
      }
    }
    return read.bytes;
  }

  /** Checks a listed file at start (`folders`: each folder's problem, found once); it is served unless a problem is returned. */
  check(path: string, folders: Map<string, string | undefined>): string | undefined {
    const full = join(this.root, path);
    const folder = dirname(full);
    if (!folders.has(folder)) folders.set(folder, folderProblem(folder));
    const problem = folders.get(folder) ?? fileProblem(full);
    if (!problem) this.listed.add(path);
    return problem;
  }

  private forget(path: string): void {
    const entry = this.kept.get(path);
    if (!entry) return;
    this.kept.delete(path);
    this.keptBytes -= entry.bytes.length;
  }
}

/** A listed file as read, with what says it is unchanged since. */
interface Read { bytes: Buffer; ino: number; size: number; mtimeMs: number }

const missing = 'is listed in the manifest but missing';

/** What a failed look at a folder or file on the way says about the listed file. */
function lookProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' ? missing : `cannot be read (${code})`;
}

/** What is wrong with a folder on the way to a listed file: its real path must be the one the build wrote. */
function folderProblem(folder: string): string | undefined {
  try {
    return realpathSync.native(folder) === folder ? undefined : 'is inside a symbolic link';
  } catch (error) {
    return lookProblem(error);
  }
}

/** What is wrong with a listed file itself (without following a link). */
function fileProblem(full: string): string | undefined {
  let stats;
  try {
    stats = lstatSync(full);
  } catch (error) {
    return lookProblem(error);
  }
  return stats.isSymbolicLink() ? 'is a symbolic link' : stats.isFile() ? undefined : 'is not a regular file';
}

/**
 * root/path's bytes unless a link is on the way (then what is wrong). `kept`: the bytes read
 * before, taken again while the file's size, mtime and inode are unchanged.
 */
function readInside(root: string, path: string, kept?: Read): Read | string {
  const full = join(root, path);
  let fd: number;
  try {
    // The folders on the way must be real folders: their real path is the one the build wrote.
    const folder = folderProblem(dirname(full));
    if (folder) return folder;
    fd = openSync(full, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ELOOP' ? 'is a symbolic link' : code === 'ENOENT' ? missing : `cannot be read (${code})`;
  }
  try {
    // A folder swapped for a link between that check and the open would have been followed
    // (O_NOFOLLOW covers the last name only): on Linux, the file opened must be at that path.
    if (openedElsewhere(fd, full)) return 'is inside a symbolic link';
    const stats = fstatSync(fd);
    if (!stats.isFile()) return 'is not a regular file';
    if (kept && kept.ino === stats.ino && kept.size === stats.size && kept.mtimeMs === stats.mtimeMs) return kept;
    return { bytes: readFileSync(fd), ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs };
  } finally {
    closeSync(fd);
  }
}

/** Whether the file `fd` is open on is not at `path` (Linux's /proc/self/fd; elsewhere, false). */
function openedElsewhere(fd: number, path: string): boolean {
  let opened: string;
  try {
    opened = readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return false;
  }
  return opened !== path;
}
