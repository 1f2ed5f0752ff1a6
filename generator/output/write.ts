// Everything → dist/, atomically: the new build is written to a sibling folder and swapped
// in with renames, so a failed build leaves the previous dist/ untouched and a visitor of the
// preview never sees half a site (and a build killed mid-swap is repaired by the next one:
// output-siblings.ts). The files every site has besides its pages are made in site-files.ts.
import { close, existsSync, lstatSync, mkdir, mkdirSync, readdirSync, open, renameSync, rmSync, unlink, unlinkSync, writeFile, writeFileSync, writev } from 'node:fs';
import { dirname, join } from 'node:path';
import { sha256 } from '../hash.ts';
import { linkKept } from '../speed/link-kept.ts';
import type { FileIdentity, Linkable, ReadBytes } from '../speed/signed-files.ts';
import { pathFormProblem, under } from '../content/paths.ts';
import { recoverInterrupted, removeLater, sibling, spareFolder, trashFolder } from './output-siblings.ts';

export type { Linkable, ReadBytes };

export type Outputs = Map<string, Buffer>;

/** The build manifest: what `site publish` and the admin read. Deterministic, no timestamps. */
export const MANIFEST = '.site-build.json';

/**
 * Refuses an output path that is not a plain relative path (absolute, "..", "." or empty
 * segments, backslashes): one computed from content that could land outside the build folder
 * is a generator bug, never written.
 */
export function checkOutputPath(file: string): string {
  const problem = pathFormProblem(file);
  if (problem) throw new Error(`generator bug: the output path ${JSON.stringify(file)} ${problem}; every output path must stay inside the build folder`);
  return file;
}

export async function writeAtomically(outDir: string, outputs: Outputs): Promise<void> {
  await new OutputDir(outDir).commit(outputs);
}

/**
 * A build written while it renders: each page goes to a temporary sibling of `outDir` as soon
 * as it exists (the writes run on libuv's threads, beside the rendering), and `commit` writes
 * what is left, waits for every write and swaps the folder in with renames. A failed or
 * abandoned build (`abort`) leaves the previous `outDir` untouched.
 */
export class OutputDir {
  private readonly temp: string;
  private readonly old: string;
  private readonly folders: Folders;
  private readonly written = new Set<string>();
  /** Writes not started yet: at most LIMIT run at once (each holds a file descriptor). */
  private readonly queue: { target: string; data: Buffer | Buffer[] | ReadBytes; size: number; source?: Linkable; hashed?: Hashed; exists?: boolean }[] = [];
  private running = 0;
  private static readonly LIMIT = 32;
  /** Bytes handed over and not yet written; past HIGH_WATER, `write` asks the caller to wait. */
  private backlog = 0;
  private static readonly HIGH_WATER = 24 * 1024 * 1024;
  private relief: Promise<void> | undefined;
  private relieved: (() => void) | undefined;
  private pending = 0;
  private failure: Error | undefined;
  private drained: (() => void) | undefined;
  /** Whether the folder this build replaces is kept as the next one's spare (`spare` option). */
  private readonly keepsSpare: boolean;
  /** The new build is written over the spare (the build before the last), not into an empty folder. */
  private fromSpare = false;
  /** Whether the spare is still to be listed (`settle`). */
  private unlisted = false;
  /** What the spare held (paths relative to the build folder): what this build does not write is removed at commit. */
  private spareFiles: Set<string> | undefined;
  private spareDirs: Set<string> | undefined;

  /**
   * With `spare` (`site build` with the page cache), the folder this build replaces is kept
   * beside it (`.dist.spare`) instead of deleted, and the next such build writes over it instead
   * of starting from an empty folder: a cached build links nearly every page, and making the
   * folders would be most of its time (one per page, and one at a time even on a thread of their
   * own, being in one parent folder), with the replaced build deleted by `rm` in the background
   * meanwhile. Nothing in the spare is trusted:
   * a thread lists it first (every entry a file or a folder of this user's, else it is not used),
   * a page or card is linked only where the file there is not already the very file to link
   * (device and inode, as always), every other file is replaced (never written into: it may be a
   * cache's file), and whatever the build does not write is removed before the swap. So the
   * output is byte for byte what an empty folder gives (`tests/unit/output/output-dir.test.ts`). A
   * clean build (`--no-cache`) neither takes nor keeps one.
   */
  constructor(readonly outDir: string, options: { spare?: boolean } = {}) {
    const parent = dirname(outDir);
    this.temp = sibling(outDir, 'tmp', process.pid);
    this.old = sibling(outDir, 'old', process.pid);
    this.keepsSpare = !!options.spare;
    mkdirSync(parent, { recursive: true });
    recoverInterrupted(outDir);
    rmSync(this.temp, { recursive: true, force: true });
    if (!(this.keepsSpare && this.takeSpare())) mkdirSync(this.temp);
    this.folders = new Folders([this.temp]);
  }

  /** Claims the spare (a rename: another build cannot take it too); `settle` lists it. */
  private takeSpare(): boolean {
    const spare = spareFolder(this.outDir);
    if (!lstatSync(spare, { throwIfNoEntry: false })?.isDirectory()) return false;
    try {
      renameSync(spare, this.temp);
    } catch {
      return false;
    }
    this.fromSpare = this.unlisted = true;
    return true;
  }

  /**
   * Before anything is written: the spare's listing. A spare that holds anything but this user's
   * files and folders, or could not be listed, is thrown away and the build starts empty.
   */
  private settle(): void {
    if (!this.unlisted) return;
    this.unlisted = false;
    const answer = listSpare(this.temp);
    if ('unsafe' in answer) return this.dropSpare();
    this.spareFiles = new Set(answer.files);
    this.spareDirs = new Set(answer.dirs);
    for (const dir of this.spareDirs) this.folders.made(under(this.temp, dir));
  }

  private dropSpare(): void {
    this.fromSpare = false;
    this.spareFiles = this.spareDirs = undefined;
    const trash = trashFolder(this.outDir);
    try {
      renameSync(this.temp, trash);
      removeLater(trash);
    } catch {
      rmSync(this.temp, { recursive: true, force: true });
    }
    mkdirSync(this.temp);
  }

  /**
   * Over a spare, the way to `file` is made clear: a folder of the spare where the file goes is
   * removed, and so is a file of the spare where one of its folders goes (a page that became a
   * folder's, or the reverse). Called for every file before any thread touches it.
   */
  private clearWay(file: string): void {
    const files = this.spareFiles;
    if (!files) return;
    if (this.spareDirs!.has(file)) {
      rmSync(join(this.temp, file), { recursive: true, force: true });
      const under = `${file}/`;
      for (const dir of this.spareDirs!) if (dir === file || dir.startsWith(under)) this.spareDirs!.delete(dir);
      for (const other of files) if (other.startsWith(under)) files.delete(other);
      this.folders.forget(join(this.temp, file));
    }
    for (let slash = file.indexOf('/'); slash > 0; slash = file.indexOf('/', slash + 1)) {
      const dir = file.slice(0, slash);
      if (!files.has(dir)) continue;
      rmSync(join(this.temp, dir), { force: true });
      files.delete(dir);
    }
  }

  /** What the spare held and this build did not write, removed (after every write, before the swap). */
  private removeExtras(): void {
    if (!this.spareFiles) return;
    for (const file of this.spareFiles) if (!this.written.has(file)) rmSync(under(this.temp, file), { force: true });
    const needed = new Set<string>();
    for (const file of this.written) for (let dir = dirname(file); dir !== '.' && !needed.has(dir); dir = dirname(dir)) needed.add(dir);
    // A folder removed takes those under it; removing those again finds nothing (force).
    for (const dir of this.spareDirs!) if (!needed.has(dir)) rmSync(join(this.temp, dir), { recursive: true, force: true });
  }

  /**
   * Starts writing one file, given whole or as pieces (written with one writev); never blocks.
   * A failure surfaces in `commit`. `hashed`, for pieces, is called once they are written, with
   * their SHA-256 (undefined if the write failed): the file then holds them (the page cache links it: Builder.renderAll).
   */
  write(file: string, data: Buffer | Buffer[], hashed?: Hashed): Promise<void> | undefined {
    return this.enqueue(file, data, undefined, hashed);
  }

  /**
   * Like `write`, for bytes that are already a file (`source.path`: a page in the page cache, a
   * social card in the card cache): a hard link to it, so the bytes are not written again. The
   * link is kept only when it names the very file the bytes were read and checked from
   * (`source.identity`: device and inode, from fstat when it was read); anything else there now
   * (another file renamed over it, a link) is replaced by the bytes. Where a link cannot be made
   * (another file system, one without links, the file gone) the bytes are written. The cache's
   * file and dist/'s are then one file: the caches replace a file by renaming a new one over it,
   * never writing into it, and `site build` never writes into dist/ (a build is a new folder), so
   * neither changes the other; a tool that edits dist/'s files in place would change the cache's
   * too, and the next build's check (SHA-256 of every page; a card must be a whole image) would
   * find it (docs/performance.md).
   */
  link(file: string, source: Linkable, data: Buffer | ReadBytes): Promise<void> | undefined {
    return this.enqueue(file, data, source);
  }

  /**
   * Where `file` goes in the new build, for a writer of its own (the page cache's reader
   * links pages there itself); `commit` counts it as written. The file must be complete before
   * `commit` is called.
   */
  claim(file: string): string {
    checkOutputPath(file);
    this.settle();
    this.clearWay(file);
    this.written.add(file);
    return under(this.temp, file);
  }

  /** Whether `file` is in the build being written over (the spare), as far as is known once it is claimed. */
  inSpare(file: string): boolean {
    return !!this.spareFiles?.has(file);
  }

  private enqueue(file: string, data: Buffer | Buffer[] | ReadBytes, source?: Linkable, hashed?: Hashed): Promise<void> | undefined {
    checkOutputPath(file);
    this.settle();
    this.clearWay(file);
    this.written.add(file);
    this.pending += 1;
    // Bytes read only if a link cannot be made are not held meanwhile: no backlog.
    const size = typeof data === 'function' ? 0 : Buffer.isBuffer(data) ? data.length : data.reduce((n, b) => n + b.length, 0);
    this.backlog += size;
    this.queue.push({ target: under(this.temp, file), data, size, source, hashed, exists: this.spareFiles?.has(file) });
    this.pump();
    // A renderer faster than the disk would otherwise hold every page in memory until the end.
    if (this.backlog <= OutputDir.HIGH_WATER) return undefined;
    return (this.relief ??= new Promise((resolve) => (this.relieved = resolve)));
  }

  private pump(): void {
    while (this.running < OutputDir.LIMIT && this.queue.length) {
      const { target, data, size, source, hashed, exists } = this.queue.shift()!;
      this.running += 1;
      const done = (error: Error | null) => this.finished(size, error);
      // A link is three short system calls (mkdir when its folder is new, link, lstat), made here
      // and now: through libuv's threads each call costs the main thread more than the call itself
      // (a thread woken per call, on cores already busy). Pages are not written this way: a write
      // is longer, and on the main thread it waits in line with rendering.
      if (source && !Array.isArray(data)) {
        let error: Error | null = null;
        try {
          this.folders.makeSync(dirname(target));
        } catch (e) {
          error = e as Error;
        }
        if (error) queueMicrotask(() => done(error));
        else linkChecked(source, target, data, done, exists);
        continue;
      }
      const digest = hashed && Array.isArray(data) ? sha256(data) : undefined;
      const written = digest === undefined ? done : (error: Error | null) => {
        hashed!(error ? undefined : digest);
        done(error);
      };
      this.folders.make(dirname(target), (error) => {
        if (error) written(error);
        else if (Buffer.isBuffer(data)) writeNew(target, data, written);
        else if (Array.isArray(data)) writePieces(target, data, written);
        else done(new Error(`generator bug: bytes to read for ${target} without a file to link`));
      });
    }
  }

  /**
   * Writes the outputs not written yet, waits for all writes, then swaps the new build in. The
   * replaced build is deleted, or kept as the next build's spare with `keep` (by default when
   * this one was made with `spare`).
   */
  async commit(outputs: Outputs, options: { keep?: boolean } = {}): Promise<void> {
    try {
      for (const [file, bytes] of outputs) if (!this.written.has(file)) this.write(file, bytes);
      if (this.pending) await new Promise<void>((resolve) => (this.drained = resolve));
      if (this.failure) throw this.failure;
      this.removeExtras();
      this.swap();
    } catch (error) {
      await this.abort();
      throw new Error(`could not write ${this.outDir}`, { cause: error });
    }
    if ((options.keep ?? this.keepsSpare) && existsSync(this.old) && this.keepAsSpare(this.old)) return;
    // Out of the way under a name no recovery restores, then deleted in the background.
    const trash = trashFolder(this.outDir);
    try {
      renameSync(this.old, trash);
      removeLater(trash);
    } catch {
      removeLater(this.old);
    }
  }

  /** `folder` becomes the spare, replacing one left there (another build's); false if it cannot. */
  private keepAsSpare(folder: string): boolean {
    if (!mostlyShared(folder, this.written)) return false;
    const spare = spareFolder(this.outDir);
    if (lstatSync(spare, { throwIfNoEntry: false })) {
      const trash = trashFolder(this.outDir);
      try {
        renameSync(spare, trash);
        removeLater(trash);
      } catch {
        return false;
      }
    }
    try {
      renameSync(folder, spare);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Two renames: outDir → .old-PID, then .tmp-PID → outDir. A kill between them leaves no
   * outDir; the next build's `recoverInterrupted` puts .old-PID back. A second rename that
   * fails puts it back at once.
   */
  private swap(): void {
    const hadPrevious = existsSync(this.outDir);
    if (hadPrevious) renameSync(this.outDir, this.old);
    try {
      renameSync(this.temp, this.outDir);
    } catch (error) {
      if (hadPrevious) renameSync(this.old, this.outDir);
      throw error;
    }
  }

  /**
   * Drops the partial build (after the writes in flight have finished). A build written over the
   * spare gives it back: whatever it holds now, the next build lists it and trusts none of it.
   */
  async abort(): Promise<void> {
    if (this.pending) await new Promise<void>((resolve) => (this.drained = resolve));
    this.unlisted = false;
    if (this.fromSpare && !lstatSync(spareFolder(this.outDir), { throwIfNoEntry: false })) {
      try {
        renameSync(this.temp, spareFolder(this.outDir));
        return;
      } catch {
        // Removed below, as any abandoned build.
      }
    }
    rmSync(this.temp, { recursive: true, force: true });
  }

  /** One write or link is over. */
  private finished(size: number, error: Error | null): void {
    this.backlog -= size;
    if (this.relieved && this.backlog <= OutputDir.HIGH_WATER / 2) {
      this.relieved();
      this.relief = this.relieved = undefined;
    }
    if (error) this.failure ??= error;
    this.running -= 1;
    this.pending -= 1;
    if (this.pending === 0) this.drained?.();
    else this.pump();
  }
}

/**
 * Whether most pages of the build in `folder` are files with another name too (a cache's: the
 * page cache links its entries into a build), looking at up to 32 of the pages in `files` it has.
 * Kept as a spare, such a build costs little more than its folders on disk; one whose pages are
 * its own (a `--no-cache` build, or one whose cache entries were swept since) would be a second
 * copy of the site.
 */
function mostlyShared(folder: string, files: Iterable<string>): boolean {
  let seen = 0;
  let shared = 0;
  for (const file of files) {
    if (!file.endsWith('.html')) continue;
    const stats = lstatSync(join(folder, file), { throwIfNoEntry: false });
    if (!stats?.isFile()) continue;
    seen += 1;
    if (stats.nlink > 1) shared += 1;
    if (seen === 32) break;
  }
  return seen > 0 && shared * 2 >= seen;
}

/** Folders made once each, asynchronously; writes wait for their folder. */
export class Folders {
  /** Folders made (true) or being made (the writes waiting for them). */
  private readonly state = new Map<string, true | ((error: Error | null) => void)[]>();

  constructor(made: string[] = []) {
    for (const folder of made) this.state.set(folder, true);
  }

  /** Whether `folder` is known to exist. */
  isMade(folder: string): boolean {
    return this.state.get(folder) === true;
  }

  /** `folder` exists (made by another thread); a make in flight for it finishes on its own. */
  made(folder: string): void {
    if (!this.state.has(folder)) this.state.set(folder, true);
  }

  /** Makes `folder` now (mkdir and its parents as needed); for the links made on the main thread. */
  makeSync(folder: string): void {
    if (this.state.get(folder) === true) return;
    mkdirSync(folder, { recursive: true });
    const waiting = this.state.get(folder);
    this.state.set(folder, true);
    if (Array.isArray(waiting)) for (const next of waiting) next(null);
  }

  make(folder: string, then: (error: Error | null) => void): void {
    const state = this.state.get(folder);
    if (state === true) return then(null);
    if (state) return void state.push(then);
    const waiting = [then];
    this.state.set(folder, waiting);
    mkdir(folder, { recursive: true }, (error) => {
      // makeSync made it meanwhile, and called those waiting: each is called once.
      if (this.state.get(folder) !== waiting) return;
      if (error) this.state.delete(folder);
      else this.state.set(folder, true);
      for (const next of waiting) next(error);
    });
  }

  /** `folder` and those under it are gone (removed from a spare: OutputDir.clearWay). */
  forget(folder: string): void {
    const under = `${folder}/`;
    for (const [known, state] of this.state) if (state === true && (known === folder || known.startsWith(under))) this.state.delete(known);
  }
}

/**
 * The spare's files and folders (paths relative to `root`), or why it may not be used (a link, a
 * pipe, a folder not this user's or not writable by them, a name with a line break, a folder it
 * cannot read). On the main thread: a thread of its own saved no measurable time.
 */
function listSpare(root: string): { files: string[]; dirs: string[] } | { unsafe: string } {
  const uid = typeof process.getuid === 'function' ? process.getuid() : -1;
  try {
    const files: string[] = [];
    const dirs: string[] = [];
    const stack = [''];
    while (stack.length) {
      const rel = stack.pop()!;
      const folder = rel ? join(root, rel) : root;
      const stats = lstatSync(folder);
      if (!stats.isDirectory()) return { unsafe: `${rel || '.'} is not a folder` };
      if (uid >= 0 && (stats.uid !== uid || (stats.mode & 0o700) !== 0o700)) return { unsafe: `${rel || '.'} is not a folder this user may write` };
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.name.includes('\n')) return { unsafe: 'a name has a line break' };
        if (entry.isDirectory()) {
          dirs.push(path);
          stack.push(path);
        } else if (entry.isFile()) files.push(path);
        else return { unsafe: `${path} is neither a file nor a folder` };
      }
    }
    return { files, dirs };
  } catch (error) {
    return { unsafe: String(error instanceof Error ? error.message : error) };
  }
}

/** Hears a written file's SHA-256 (lowercase hex), or undefined when it could not be written. */
export type Hashed = (sha256: string | undefined) => void;


/**
 * A hard link to `source` when it is still the file it was; otherwise `data` written. The link and
 * its check are synchronous; writing the bytes, if it comes to that, is not.
 */
function linkChecked(source: Linkable, target: string, data: Buffer | ReadBytes, done: (error: Error | null) => void, exists = false): void {
  if (linkKept(source.path, source.identity, target, false, exists)) return void queueMicrotask(() => done(null));
  if (typeof data === 'function') data().then((bytes) => writeNew(target, bytes, done), done);
  else writeNew(target, data, done);
}

/**
 * Writes `data` as a new file at `target`: a file already there (in a spare, OutputDir) is
 * unlinked first, never written into, since it may be a cache's file linked there.
 */
function writeNew(target: string, data: Buffer, done: (error: Error | null) => void): void {
  writeFile(target, data, { flag: 'wx' }, (error) => {
    if ((error as NodeJS.ErrnoException | null)?.code !== 'EEXIST') return done(error);
    unlink(target, (gone) => (gone && gone.code !== 'ENOENT' ? done(gone) : writeFile(target, data, { flag: 'wx' }, done)));
  });
}

/** open, writev (again for whatever a short write left), close. */
export function writePieces(target: string, pieces: Buffer[], done: (error: Error | null) => void, again = true): void {
  // A new file, as writeNew makes one.
  open(target, 'wx', (error, fd) => {
    if (error?.code === 'EEXIST' && again) return unlink(target, (gone) => (gone && gone.code !== 'ENOENT' ? done(gone) : writePieces(target, pieces, done, false)));
    if (error) return done(error);
    const finish = (failure: Error | null) => close(fd, (e) => done(failure ?? e));
    const next = (rest: Buffer[]) =>
      writev(fd, rest, (e, written) => {
        if (e) return finish(e);
        let left = written;
        while (rest.length && left >= rest[0]!.length) left -= rest.shift()!.length;
        if (rest.length) rest[0] = rest[0]!.subarray(left);
        if (rest.length) next(rest);
        else finish(null);
      });
    next([...pieces]);
  });
}

/** Writes only the files whose bytes changed (preview rebuilds); each via rename, never torn. */
export function writeChanged(outDir: string, outputs: Outputs, previous: Outputs): string[] {
  const changed: string[] = [];
  for (const [file, bytes] of outputs) {
    const before = previous.get(file);
    if (before === bytes || (before && before.equals(bytes))) continue;
    changed.push(file);
  }
  for (const file of previous.keys()) if (!outputs.has(file)) changed.push(file);
  return writeListed(outDir, outputs, changed);
}

/**
 * Writes the files `changed` names as `outputs` has them (each via rename, never torn) and
 * removes those it no longer has: a preview edit, whose changed files the Builder already knows
 * (Update.changedFiles), so the whole site's outputs are not compared a second time.
 */
export function writeListed(outDir: string, outputs: Outputs, changed: readonly string[]): string[] {
  for (const file of changed) {
    const bytes = outputs.get(file);
    if (!bytes) {
      rmSync(join(outDir, checkOutputPath(file)), { force: true });
      continue;
    }
    const target = join(outDir, checkOutputPath(file));
    mkdirSync(dirname(target), { recursive: true });
    const temp = `${target}.tmp-${process.pid}`;
    writeFileSync(temp, bytes);
    renameSync(temp, target);
  }
  return [...changed];
}
