// The folders a build keeps beside its output folder (`.dist.tmp-<pid>` while writing,
// `.dist.old-<pid>` during the swap, `.dist.trash-<pid>-<n>` while being deleted,
// `.dist.update-<pid>` while an update in place writes its files (build-update.ts), `.dist.spare`:
// the build before the last one, which the next cached build writes over instead of making every
// folder again: write.ts, OutputDir), and the repair after a build that was killed: the previous
// build put back, stale folders removed.
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { basename, dirname, join } from 'node:path';

/** `.<name>.<kind>-<pid>[-<n>]` beside `outDir`: where a build with that PID keeps its folders. */
export function sibling(outDir: string, kind: 'tmp' | 'old' | 'trash' | 'update', pid: number, n?: number): string {
  return join(dirname(outDir), `.${basename(outDir)}.${kind}-${pid}${n === undefined ? '' : `-${n}`}`);
}

/**
 * `.<name>.spare` beside `outDir`: the folder the last cached build replaced, kept for the next
 * cached build to write over (OutputDir). One per output folder, claimed with a rename, so two
 * builds never both take it.
 */
export function spareFolder(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}.spare`);
}

let trashed = 0;
/** A fresh `.trash-<pid>-<n>` name: never restored, and never in the way of the next commit's. */
export function trashFolder(outDir: string): string {
  trashed += 1;
  return sibling(outDir, 'trash', process.pid, trashed);
}

/** True unless `pid` is certainly no running process (kill(pid, 0) answers ESRCH). */
function isRunning(pid: number): boolean {
  // Not a PID this generator could have written: not ours to judge, so left alone.
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid > 0x7fffffff) return true;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Tidies up after builds that were killed (kill -9, a crash, a closed terminal) writing `outDir`;
 * `OutputDir` calls it before it writes anything.
 * Only folders whose PID is no running process are touched: a concurrent build's are left alone
 * (and a dead build's PID reused by another process keeps its folder until that one ends: untidy,
 * never harmful).
 * - `outDir` missing and a dead build's `.old-<pid>` present: the kill fell between the two
 *   renames of the swap, and `.old-<pid>` is the previous build, complete and once published;
 *   it is renamed back. That build's `.tmp-<pid>` may look complete, but nothing proves it was
 *   (it was never swapped in, its last writes may not have reached the disk): restoring the
 *   known-good previous build is the safe choice, and the build now starting replaces it anyway.
 *   With several (more than one kill), the most recently renamed one is the newest build.
 * - every other dead `.tmp-`, `.old-` and `.trash-` folder is removed (in the background).
 */
export function recoverInterrupted(outDir: string): void {
  const parent = dirname(outDir);
  const name = basename(outDir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^\\.${name}\\.(tmp|old|trash|update)-(\\d+)(?:-\\d+)?$`);
  const stale: { path: string; kind: string; changed: number }[] = [];
  for (const entry of existsSync(parent) ? readdirSync(parent) : []) {
    const m = pattern.exec(entry);
    if (!m || isRunning(Number(m[2]))) continue;
    const path = join(parent, entry);
    const stats = statSync(path, { throwIfNoEntry: false });
    if (stats?.isDirectory()) stale.push({ path, kind: m[1]!, changed: stats.ctimeMs });
  }
  if (!existsSync(outDir)) {
    const previous = stale.filter((f) => f.kind === 'old').sort((a, b) => b.changed - a.changed)[0];
    if (previous) {
      try {
        renameSync(previous.path, outDir);
        stale.splice(stale.indexOf(previous), 1);
      } catch {
        // Another build restored one first: theirs stands, this one is stale like the rest.
      }
    }
  }
  for (const { path } of stale) {
    const trash = trashFolder(outDir);
    try {
      renameSync(path, trash);
      removeLater(trash);
    } catch {
      // Gone already (another build tidied it up): nothing left to do.
    }
  }
}

/**
 * The replaced build is already out of the way (renamed); deleting thousands of files would
 * only delay the command, so a detached `rm` does it. Falls back to deleting in-process.
 */
export function removeLater(dir: string): void {
  if (!existsSync(dir)) return;
  try {
    const child = spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' });
    child.on('error', () => rmSync(dir, { recursive: true, force: true }));
    child.unref();
  } catch {
    rmSync(dir, { recursive: true, force: true });
  }
}
