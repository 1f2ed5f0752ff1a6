// What `site build --out` and `site preview --out` may write over. A build replaces its output
// folder whole (write.ts: the new folder is renamed in, the old one deleted in the background),
// so `--out .` had deleted the project, `--out content` the content, and `--out notes` a folder of
// notes, silently and with exit 0. Now the output folder must be a new path, an empty folder or
// a folder a build made (it holds `.site-build.json`), and it may neither be nor hold anything
// the tool reads or the author keeps: the content, the caches, the project, the working folder,
// the home folder. A symbolic link given as --out is replaced as a link; what it points to is
// left alone, so only the link's own place is checked.
import { lstatSync, readdirSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { MANIFEST } from './write.ts';
import { displayPath } from '../content/paths.ts';

/** A folder the output must not be or hold, and how the message names it. */
export interface KeptFolder { label: string; path: string }

/** The folders every command protects, beside its own (the content, the cache). */
export function keptFolders(projectRoot: string, extra: KeptFolder[] = []): KeptFolder[] {
  return [...extra, { label: 'the project', path: projectRoot }, { label: 'the working folder', path: process.cwd() }, { label: 'your home folder', path: homedir() }];
}

/** Why `outDir` may not be written over, or undefined when it may. */
export function outputFolderProblem(outDir: string, kept: KeptFolder[]): string | undefined {
  const shown = displayPath(outDir) || '.';
  const stats = lstatSync(outDir, { throwIfNoEntry: false });
  const linked = stats?.isSymbolicLink() ?? false;
  // Where the folder really is: its parent's real path and its own name (the link itself, if it is one).
  const place = linked ? resolve(real(dirname(outDir)), outDir.split(sep).pop()!) : real(outDir);
  for (const { label, path } of kept) {
    const folder = real(path);
    if (folder === place) return `--out ${shown} is ${label} (${displayPath(folder) || '.'}): a build replaces its output folder whole and would delete it. Write the site to a folder of its own, such as dist/.`;
    if (!linked && within(folder, place)) return `--out ${shown} holds ${label} (${displayPath(folder) || '.'}): a build replaces its output folder whole and would delete it. Write the site to a folder of its own, such as dist/.`;
  }
  const content = kept.find((k) => k.label === 'the content folder');
  if (content && within(place, real(content.path))) return `--out ${shown} is inside the content folder: the next build would read the pages it writes as content. Write the site outside it, such as dist/.`;
  if (!stats || linked) return undefined;
  if (!stats.isDirectory()) return `--out ${shown} is a file, not a folder: a build replaces its output folder whole and would delete it. Choose another --out.`;
  const names = readdirSync(outDir);
  if (names.length === 0 || names.includes(MANIFEST)) return undefined;
  const some = names.slice(0, 3).join(', ') + (names.length > 3 ? `, … (${names.length} in all)` : '');
  return `--out ${shown} is a folder that no build made (it has no ${MANIFEST}) and holds ${some}: a build replaces its output folder whole and would delete it. Choose another --out, or move its files away first.`;
}

/** `inner` is `outer` or below it. */
function within(inner: string, outer: string): boolean {
  const path = relative(outer, inner);
  return path === '' || (path.split(sep)[0] !== '..' && !isAbsolute(path));
}

/** The path with its links resolved, as far as it exists (the rest as given). */
function real(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : resolve(real(parent), absolute.slice(parent.length + 1));
  }
}
