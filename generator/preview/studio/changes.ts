// What the author changed in content/: with git, the files `git status` lists there, each with its
// diff, a discard per file and a commit (never a push); without git, the files whose bytes differ
// from when the preview started. Only paths inside content/ are ever named to git.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, lstatSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { sha256 } from '../../hash.ts';
import { UsageError } from '../../problems/errors.ts';

export interface ChangedFile {
  /** Relative to content/. */
  path: string;
  status: 'modified' | 'added' | 'deleted' | 'renamed';
  /** The unified diff against the last commit (empty without git or for a binary file). */
  diff: string;
}

export interface Changes {
  git: boolean;
  /** The branch and the last commit's subject, with git. */
  branch?: string;
  head?: string;
  files: ChangedFile[];
}

/** git's output; exit codes in `ok` besides 0 are answers too (`diff --no-index` exits 1 for a difference). */
const run = (cwd: string, args: string[], input?: string, ok: number[] = []) =>
  new Promise<string>((resolve, reject) => {
    const child = execFile('git', args, { cwd, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, timeout: 15_000, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } }, (error, stdout, stderr) => {
      if (!error || ok.includes(Number(error.code))) resolve(stdout);
      else reject(new Error(stderr.trim() || error.message));
    });
    // git may exit before reading its input: a closed pipe is its answer, never the preview's crash.
    child.stdin?.on('error', () => {});
    child.stdin?.end(input ?? '');
  });

export class ContentChanges {
  private readonly started = new Map<string, string>();
  private gitRoot: Promise<string | undefined>;

  constructor(private readonly contentDir: string) {
    for (const rel of walk(contentDir)) this.started.set(rel, hashFile(join(contentDir, rel)));
    this.gitRoot = run(contentDir, ['rev-parse', '--show-toplevel']).then((out) => out.trim() || undefined, () => undefined);
  }

  /** content/ relative to the repository: the pathspec every git command is limited to. */
  private async scope(): Promise<{ root: string; spec: string } | undefined> {
    const root = await this.gitRoot;
    if (!root) return undefined;
    return { root, spec: relative(root, this.contentDir).split(sep).join('/') || '.' };
  }

  async list(): Promise<Changes> {
    const git = await this.scope();
    if (!git) return { git: false, files: this.sinceStart() };
    const [status, branch, head] = await Promise.all([
      run(git.root, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', git.spec]),
      run(git.root, ['rev-parse', '--abbrev-ref', 'HEAD']).catch(() => ''),
      run(git.root, ['log', '-1', '--format=%s']).catch(() => ''),
    ]);
    const files: ChangedFile[] = [];
    const entries = status.split('\0').filter(Boolean);
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      const code = entry.slice(0, 2);
      const repoPath = entry.slice(3);
      if (code[0] === 'R') i++; // the old name follows a rename
      const path = relative(this.contentDir, join(git.root, repoPath)).split(sep).join('/');
      const kind: ChangedFile['status'] = code === '??' || code.includes('A') ? 'added' : code.includes('D') ? 'deleted' : code.includes('R') ? 'renamed' : 'modified';
      const diff = kind === 'added'
        ? await run(git.root, ['diff', '--no-index', '--', '/dev/null', repoPath], undefined, [1]).catch(() => '')
        : await run(git.root, ['diff', 'HEAD', '--', repoPath]).catch(() => '');
      files.push({ path, status: kind, diff });
    }
    return { git: true, branch: branch.trim(), head: head.trim(), files };
  }

  /** The file as the last commit has it (a new file is deleted). `path` must be one `list` names. */
  async discard(path: string): Promise<void> {
    const git = await this.scope();
    if (!git) throw new UsageError('discarding needs git: this folder is not in a repository');
    const listed = (await this.list()).files.find((f) => f.path === path);
    if (!listed) throw new UsageError(`${path} has no changes to discard`);
    const repoPath = `${git.spec === '.' ? '' : `${git.spec}/`}${path}`;
    if (listed.status === 'added') await run(git.root, ['rm', '--cached', '-q', '--ignore-unmatch', '--', repoPath]).then(() => run(git.root, ['clean', '-f', '-q', '--', repoPath]));
    else await run(git.root, ['checkout', 'HEAD', '--', repoPath]);
  }

  /** Commits every change in content/ with `message`; answers the new commit's short hash. Never pushes. */
  async commit(message: string): Promise<string> {
    const git = await this.scope();
    if (!git) throw new UsageError('committing needs git: this folder is not in a repository');
    if (!(await this.list()).files.length) throw new UsageError('nothing in content/ has changed since the last commit');
    await run(git.root, ['add', '-A', '--', git.spec]);
    // The author's own name where git knows it; otherwise a name that says where the commit came from.
    const known = (await run(git.root, ['config', 'user.email']).catch(() => '')).trim();
    const identity = known ? [] : ['-c', 'user.name=Site author', '-c', 'user.email=author@localhost'];
    await run(git.root, [...identity, 'commit', '-q', '-F', '-', '--', git.spec], message);
    return (await run(git.root, ['rev-parse', '--short', 'HEAD'])).trim();
  }

  private sinceStart(): ChangedFile[] {
    const now = new Map(walk(this.contentDir).map((rel) => [rel, hashFile(join(this.contentDir, rel))]));
    const files: ChangedFile[] = [];
    for (const [rel, hash] of now) {
      const was = this.started.get(rel);
      if (was !== hash) files.push({ path: rel, status: was === undefined ? 'added' : 'modified', diff: '' });
    }
    for (const rel of this.started.keys()) if (!now.has(rel)) files.push({ path: rel, status: 'deleted', diff: '' });
    return files.sort((a, b) => (a.path < b.path ? -1 : 1));
  }
}

function walk(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...walk(dir, rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

function hashFile(abs: string): string {
  const stats = lstatSync(abs);
  // A big photo is named by its size and time: hashing every one at start would delay the preview.
  return stats.size > 1024 * 1024 ? `${stats.size}:${stats.mtimeMs}` : sha256(readFileSync(abs));
}
