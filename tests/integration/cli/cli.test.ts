// The `site` command's exit codes and what it prints for each: decided in one place
// (generator/cli/exit.ts), usage errors found before any work starts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox, root, lineOf, type Sandbox } from '../../helpers.ts';
import { digestOf } from '../../../generator/content/load.ts';

const node = join(root, 'node_modules/.bin/node');
const env = { ...process.env, NO_COLOR: '1', LEADS_BUCKET: '' };
const site = (args: string[], cwd = root) => spawnSync(node, [join(root, 'bin/site.js'), ...args], { cwd, encoding: 'utf8', env, timeout: 120_000 });

/** Runs `site` and stops it after `ms` (a preview that started would otherwise run for ever). */
function siteFor(args: string[], ms: number): Promise<{ status: number | null; stdout: string; stderr: string; killed: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(node, [join(root, 'bin/site.js'), ...args], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGTERM'), ms);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr, killed: status === null });
    });
  });
}

let box: Sandbox;
beforeAll(() => {
  box = sandbox();
});
afterAll(() => box.remove());

describe('usage errors exit 2 with a message, before any work', () => {
  let busy: Server;
  let port: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', () => resolve()));
    port = (busy.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  test('a busy port is a usage error found before building, with a free port to try (it built, printed the bug banner and never exited)', async () => {
    const out = join(box.dir, 'preview-out');
    const result = await siteFor(['--content', box.content, 'preview', '--port', String(port), '--out', out, '--no-watch'], 60_000);
    expect(result.killed).toBe(false);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^error: port ${port} is in use; try npx site preview --port \\d+\\n$`));
    expect(result.stdout).not.toMatch(/Built|ms/);
    expect(result.stderr).not.toMatch(/generator failed|bug/);
    expect(existsSync(out)).toBe(false);
  });

  test('a port taken between the check and the listen is still a usage error, not a bug', async () => {
    const { startPreview } = await import('../../../generator/preview/server.ts');
    const { reportError } = await import('../../../generator/cli/exit.ts');
    const error = await startPreview({ contentDir: box.content, outDir: join(box.dir, 'race-out'), port, host: '127.0.0.1', watch: true, log: () => {} }).then(() => undefined, (e: unknown) => e);
    expect(error).toMatchObject({ code: 'EADDRINUSE' });
    const printed: string[] = [];
    const original = console.error;
    console.error = (line: string) => printed.push(line);
    try {
      expect(reportError(error)).toBe(2);
    } finally {
      console.error = original;
    }
    expect(printed.join('\n')).toContain(`port ${port} is in use; stop what runs there or choose another with --port`);
  }, 60_000);

  test('site serve on a busy port: the same usage error', async () => {
    const result = await siteFor(['serve', '--port', String(port)], 30_000);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`error: port ${port} is in use; try npx site serve --port \\d+`));
  });

  test('preview --port abc prints what is wrong and exits 2 (it exited 2 silently)', () => {
    const result = site(['preview', '--port', 'abc']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--port must be a whole number from 0 to 65535, not "abc"');
    const serve = site(['serve', '--port', '70000']);
    expect(serve.status).toBe(2);
    expect(serve.stderr).toContain('not "70000"');
  });

  test('site leads resend without a bucket is a usage error (it exited 4, the code of an AWS failure)', () => {
    const result = site(['leads', 'resend']);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe('error: name the leads bucket with --bucket or LEADS_BUCKET');
    const since = site(['leads', 'resend', '--bucket', 'b', '--since', 'yesterday']);
    expect(since.status).toBe(2);
    expect(since.stderr).toContain('--since must be a date such as 2026-11-01, not "yesterday"');
  });

  test('an unknown command, an unknown flag, a bad --concurrency and a --prefix leaving the bucket exit 2 with a message', () => {
    for (const args of [['nonsense'], ['build', '--bogus'], ['publish', '--bucket', 'b', '--concurrency', '0'], ['publish', '--bucket', 'b', '--prefix', '../..'], ['publish', '--bucket', 'b', '--prefix', 'a//b']]) {
      const result = site(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(/^error: /m);
    }
  });

  test('a --content folder that does not exist, or a --dir that is not a build, is a usage error (17 "file is missing" problems; a bug banner)', () => {
    const missing = join(box.dir, 'no-such-folder');
    for (const command of ['validate', 'build', 'preview']) {
      const result = site(['--content', missing, command]);
      expect(result.status, command).toBe(2);
      expect(result.stderr.trim(), command).toMatch(/^error: content folder .*no-such-folder does not exist; run from the project folder or pass --content <dir>$/);
    }
    const serve = site(['serve', '--dir', box.content, '--port', '0']);
    expect(serve.status).toBe(2);
    expect(serve.stderr).toMatch(/^error: .*content has no readable \.site-build\.json: is it the output of a build\? Run `npx site build` first\.$/m);
    expect(serve.stderr).not.toMatch(/generator failed/);
  });

  test('--out never replaces what no build made: a folder of notes, a file, the content, its parent, the working folder (each was deleted, exit 0)', () => {
    const notes = join(box.dir, 'notes');
    mkdirSync(notes, { recursive: true });
    writeFileSync(join(notes, 'thesis.txt'), 'precious');
    writeFileSync(join(box.dir, 'todo.txt'), 'precious');
    const cases: [string[], string, RegExp][] = [
      [['build', '--out', notes], root, /--out .*notes is a folder that no build made \(it has no \.site-build\.json\) and holds thesis\.txt/],
      [['build', '--out', join(box.dir, 'todo.txt')], root, /--out .*todo\.txt is a file, not a folder/],
      [['build', '--out', box.content], root, /--out .*content is the content folder/],
      [['build', '--out', box.dir], root, /--out .* holds the content folder/],
      [['build', '--out', join(box.content, 'site')], root, /--out .*content\/site is inside the content folder/],
      [['build', '--out', '.'], notes, /--out \. is the working folder/],
      [['preview', '--out', notes, '--port', '0'], root, /--out .*notes is a folder that no build made/],
    ];
    for (const [args, cwd, message] of cases) {
      const result = site(['--content', box.content, ...args], cwd);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(message);
    }
    expect(readFileSync(join(notes, 'thesis.txt'), 'utf8')).toBe('precious');
    expect(readFileSync(join(box.dir, 'todo.txt'), 'utf8')).toBe('precious');
    expect(existsSync(join(box.content, 'site.yaml'))).toBe(true);
  });

  test('--out may be a new path, an empty folder, or an earlier build (replaced whole)', () => {
    const out = join(box.dir, 'out-ok');
    mkdirSync(out);
    expect(site(['--content', box.content, 'build', '--out', out]).status).toBe(0);
    writeFileSync(join(out, 'stray.txt'), 'left by hand');
    expect(site(['--content', box.content, 'build', '--out', out, '--no-cache']).status).toBe(0);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    expect(existsSync(join(out, 'stray.txt'))).toBe(false);
  });

  test('--help lists the exit codes, and each command\'s usage errors are among them', () => {
    const help = site(['--help']).stdout;
    expect(help).toContain('Exit codes: 0 ok, 1 content problems, 2 usage error, 3 generator bug, 4 AWS failure');
    expect(help).toContain('Warnings exit 0, or 1 with --strict');
    expect(site(['leads', 'resend', '--help']).stdout).toContain('2 usage error (no bucket');
    expect(help).toContain('7 the machine refused a file (disk full, read-only, permission)');
  });

  test('a full disk is named as such with its path, exit 7, no bug banner (it was "a bug in the site tool", exit 3)', async () => {
    const { reportError } = await import('../../../generator/cli/exit.ts');
    // A real ENOSPC from the kernel: /dev/full refuses every write that way.
    const full = (() => {
      try {
        writeFileSync('/dev/full', 'x');
      } catch (error) {
        return error;
      }
    })();
    expect(full).toMatchObject({ code: 'ENOSPC' });
    const printed: string[] = [];
    const original = console.error;
    console.error = (line: string) => printed.push(line);
    try {
      // As the build meets it: wrapped by whatever caught it on the way.
      expect(reportError(new Error('writing the page failed', { cause: full }))).toBe(7);
      expect(reportError(Object.assign(new Error('listen EACCES'), { code: 'EACCES', syscall: 'listen', port: 80 }))).toBe(2);
      expect(reportError(new Error('an ordinary bug'))).toBe(3);
    } finally {
      console.error = original;
    }
    expect(printed[0]).toMatch(/^(\u001b\[\d+m)?✗ the disk is full: free some space \[ENOSPC\]\. Run the command again once that is fixed; a build that fails this way leaves the previous output as it was/);
    expect(printed[0]).not.toMatch(/bug/);
    expect(printed.slice(2).join('\n')).toMatch(/bug in the site tool/);
  });
});

describe('warnings: printed and located, exit 0; --strict exits 1', () => {
  const POST = 'blog/fleet-management-trends-2024.md';
  let strictBox: Sandbox;
  beforeAll(() => {
    strictBox = sandbox();
    strictBox.edit(POST, /^description: .*\n/m, '');
    // The French copy says it translates the edited file, so that the one warning is the description's.
    strictBox.edit(`fr/${POST}`, /^sourceHash: .*$/m, `sourceHash: "${digestOf(readFileSync(join(strictBox.content, POST)))}"`);
    // A photo straight from a phone, over the 300 KB limit: no warning, since the build sends a
    // visitor its encoded widths, not this file (and this one no page shows, so it is not published).
    writeFileSync(join(strictBox.content, 'images/blog/from-a-phone.jpg'), Buffer.alloc(400 * 1024, 1));
  });
  afterAll(() => strictBox.remove());

  test('site validate prints a post without a description of its own as a warning and exits 0', () => {
    const result = site(['--content', strictBox.content, 'validate'], strictBox.dir);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/✓ \d+ content files are valid/);
    expect(result.stdout).toContain('⚠ 1 warning:');
    expect(result.stdout).toContain(`content/${POST}:1:1  page has no description of its own (its subheading stands in); write a description:`);
  });

  test('site validate --strict fails on the warning (exit 1)', () => {
    const result = site(['--content', strictBox.content, 'validate', '--strict'], strictBox.dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`content/${POST}:1:1  page has no description of its own`);
    expect(result.stderr).toContain('✗ --strict: 1 warning fails the command');
  });

  test('site build --strict fails on a warning and leaves the previous build in place', () => {
    const out = join(strictBox.dir, 'dist');
    mkdirSync(out);
    // A previous build, as far as --out is concerned: its manifest is what marks a folder a build made.
    writeFileSync(join(out, '.site-build.json'), '{}');
    writeFileSync(join(out, 'marker.txt'), 'previous build');
    const result = site(['--content', strictBox.content, 'build', '--out', out, '--strict'], strictBox.dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('✗ --strict: 1 warning fails the command; the previous build is unchanged');
    expect(existsSync(join(out, 'marker.txt'))).toBe(true);
    expect(existsSync(join(out, 'index.html'))).toBe(false);
  });

  test('site build prints warnings after the summary, located at the page\'s file, and exits 0', () => {
    const budget = sandbox();
    try {
      // The home page's own budget below what it loads: one warning, at the home page's file.
      budget.edit('site.yaml', /^ {2}pages:\n/m, '  pages:\n    /: { javascriptKB: 10 }\n');
      const result = site(['--content', budget.content, 'build', '--out', join(budget.dir, 'dist')], budget.dir);
      expect(result.status, result.stderr).toBe(0);
      const lines = result.stdout.split('\n');
      const built = lines.findIndex((l) => l.startsWith('✓ Built'));
      const warned = lines.findIndex((l) => l.startsWith('⚠ 1 warning'));
      expect(built).toBeGreaterThan(-1);
      expect(warned).toBeGreaterThan(built);
      expect(lines[warned + 1]).toMatch(/^ {2}content\/pages\/home\.yaml:1:1 {2}page loads [\d.]+ KB of JavaScript \(gzip\), over its 10 KB budget; each interactive part adds script \(/);
      expect(lineOf(budget.read('site.yaml'), '/: { javascriptKB: 10 }')).toBeGreaterThan(1);
    } finally {
      budget.remove();
    }
  });

  test('many warnings of a kind: the first five and how many more; --all-warnings lists every one (a 20,000-post site printed 40,001 lines)', () => {
    const many = sandbox();
    try {
      // 24 files without their French copy: 24 warnings of one kind.
      for (const folder of ['fr/blog', 'fr/faqs']) rmSync(join(many.content, folder), { recursive: true });
      const missing = (out: string) => out.split('\n').filter((l) => / {2}no French copy of /.test(l));
      const short = site(['--content', many.content, 'validate'], many.dir);
      expect(short.status, short.stderr).toBe(0);
      expect(short.stdout).toMatch(/⚠ (2[4-9]|[3-9]\d) warnings:/);
      expect(missing(short.stdout)).toHaveLength(5);
      expect(short.stdout).toMatch(/^ {2}… and 19 more translation-missing warnings$/m);
      expect(short.stdout).toMatch(/^ {2}\(19 not shown: --all-warnings lists every one; npx site translate status counts the French copy by collection\)$/m);
      const all = site(['--content', many.content, 'validate', '--all-warnings'], many.dir);
      expect(all.status, all.stderr).toBe(0);
      expect(missing(all.stdout)).toHaveLength(24);
      expect(all.stdout).not.toMatch(/more translation-missing|not shown/);
      // --strict prints them the same way, on stderr, and counts every one.
      const strict = site(['--content', many.content, 'validate', '--strict'], many.dir);
      expect(strict.status).toBe(1);
      expect(missing(strict.stderr)).toHaveLength(5);
      expect(strict.stderr).toMatch(/✗ --strict: (2[4-9]|[3-9]\d) warnings fail the command/);
    } finally {
      many.remove();
    }
  });

  test('the publish workflow builds with --strict, so a warning stops a deploy', () => {
    expect(readFileSync(join(root, '.github/workflows/publish.yml'), 'utf8')).toMatch(/^\s+run: npx site build --strict --out dist$/m);
  });

  test('the shipped content validates and builds with --strict (as publishing does): no warning', () => {
    const result = site(['--content', box.content, 'validate', '--strict'], box.dir);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('warning');
    const build = site(['--content', box.content, 'build', '--strict', '--out', join(box.dir, 'dist')], box.dir);
    expect(build.status, build.stderr).toBe(0);
    expect(build.stdout).not.toContain('warning');
  });
});

describe('a reader that stops early (site build | head)', () => {
  // `true` exits without reading: every write finds the pipe closed (EPIPE).
  const piped = (args: string[]) => spawnSync('bash', ['-c', `"$0" "\$@" | true; echo "exit \${PIPESTATUS[0]}" >&2`, node, join(root, 'bin/site.js'), ...args], { encoding: 'utf8', env, timeout: 120_000 });

  test('the output is dropped, the build still completes and exits 0, and no stack trace is printed', () => {
    const out = join(box.dir, 'piped-dist');
    const run = piped(['--content', box.content, 'build', '--out', out, '--no-cache']);
    expect(run.stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(run.stderr.trim().split('\n').pop()).toBe('exit 0');
    expect(existsSync(join(out, 'index.html'))).toBe(true);
  });

  test('help and version, written straight to stdout, exit 0 too', () => {
    for (const args of [['--help'], ['--version'], ['leads', '--help']]) {
      const run = piped(args);
      expect(run.stderr, args.join(' ')).not.toMatch(/EPIPE|\n\s+at /);
      expect(run.stderr.trim().split('\n').pop(), args.join(' ')).toBe('exit 0');
    }
  });
});
