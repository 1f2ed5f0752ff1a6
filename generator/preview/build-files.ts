// What `site serve` may serve: exactly the files a build's manifest lists (never the manifest
// itself or the admin), read once at start, each a regular file inside the build folder reached
// without following a symbolic link. A file added to dist/ after `site build`, or a link to
// somewhere else on the disk, is never served.
import { closeSync, constants, fstatSync, openSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MANIFEST, type BuildManifest, type Outputs } from '../write.ts';
import { isPublishable } from '../publish/local.ts';
import { UsageError } from '../errors.ts';

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
    throw new UsageError(`${dir} has no readable ${MANIFEST}: is it a site build? Run \`site build\` first.`, { cause: error });
  }
  if (!manifest.files || typeof manifest.files !== 'object') throw new UsageError(`${join(dir, MANIFEST)} lists no files: the build is damaged. Run \`site build\` again.`);
  return Object.keys(manifest.files).filter(isPublishable).sort();
}

/**
 * Reads every listed file of the build in `dir`. A listed path that is unsafe, missing, not a
 * regular file, or reached through a symbolic link is left out (served as 404) and reported.
 */
export function readListedFiles(dir: string, warn: (line: string) => void): Outputs {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`${dir} is not a folder: name the build to serve with --dir (\`site build\` writes dist/)`);
  const root = realpathSync(dir);
  const files: Outputs = new Map();
  for (const path of listedFiles(dir)) {
    const problem = isSafeKey(path) ? readInside(root, path, files) : 'is not a path inside the build';
    if (problem) warn(`${join(dir, path)} ${problem}: not served`);
  }
  return files;
}

/** Reads root/path into `files` unless a link is on the way; returns what is wrong otherwise. */
function readInside(root: string, path: string, files: Outputs): string | undefined {
  const full = join(root, path);
  let fd: number;
  try {
    // The folders on the way must be real folders: their real path is the one the build wrote.
    if (realpathSync(dirname(full)) !== dirname(full)) return 'is inside a symbolic link';
    fd = openSync(full, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ELOOP' ? 'is a symbolic link' : code === 'ENOENT' ? 'is listed in the manifest but missing' : `cannot be read (${code})`;
  }
  try {
    if (!fstatSync(fd).isFile()) return 'is not a regular file';
    files.set(path, readFileSync(fd));
    return undefined;
  } finally {
    closeSync(fd);
  }
}
