// A hard link from a cache's file into a new build, kept only when it names the very file that was
// checked. Used where reused pages and cards are linked: OutputDir, and the page cache's
// reader (page-cache-reader.ts), which links the pages its record vouches for.
import { linkSync, lstatSync, mkdirSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FileIdentity } from './signed-files.ts';

/**
 * Links `target` to `source` and keeps the link if `target` is then that very file (`identity`:
 * another file renamed over the source since it was checked, or a link put there, is not). A
 * link that cannot be made or kept leaves nothing at `target`; returns whether it was kept.
 * With `makeFolder`, a missing folder is made (the caller must know the build folder exists);
 * `exists` says a file is probably there already.
 */
export function linkKept(source: string, identity: FileIdentity, target: string, makeFolder = false, exists = false): boolean {
  // Known to be there (a spare's file, write.ts): looked at first, which is often all it takes.
  if (exists && isFile(target, identity)) return true;
  try {
    linkSync(source, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      // A build written over the spare of an earlier one (write.ts, OutputDir): the file there is
      // often this very file already. Anything else there is unlinked (never written into).
      if (isFile(target, identity)) return true;
      try {
        unlinkSync(target);
        linkSync(source, target);
      } catch {
        return false;
      }
    } else {
      if (!makeFolder || code !== 'ENOENT') return false;
      try {
        mkdirSync(dirname(target), { recursive: true });
        linkSync(source, target);
      } catch {
        return false;
      }
    }
  }
  if (isFile(target, identity)) return true;
  try {
    unlinkSync(target);
  } catch {
    // Whatever is there is written over by the caller.
  }
  return false;
}

/** Whether `path` is, without a link, the very file `identity` names (device and inode). */
function isFile(path: string, identity: FileIdentity): boolean {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  return !!stats?.isFile() && stats.dev === identity.dev && stats.ino === identity.ino;
}
