// The one place that decides how `site` ends: any error a command throws becomes what is
// printed and the exit code. Content problems are listed without a stack (1); an error a
// person fixes outside content (a flag, a busy port, AWS) is one line (its own code: 2, 4, 5,
// 6); anything else is a bug in the generator, printed with its stack and causes (3).
import { CommanderError } from 'commander';
import { EXIT, UsageError, UserError } from '../problems/errors.ts';
import { displayPath } from '../content/paths.ts';
import { ContentError } from '../problems/problems.ts';
import { printBug, printProblems, red } from '../terminal.ts';

/**
 * Prints what `error` means for the person who ran the command and returns the exit code.
 * `commanderPrinted` says whether commander already wrote its own message (it does for the
 * flags and arguments it parses; not for a CommanderError thrown by an action).
 */
export function reportError(error: unknown, commanderPrinted = false, allProblems = false): number {
  if (error instanceof CommanderError) {
    // --help and --version end through here too, with code 0.
    if (error.exitCode === 0) return EXIT.ok;
    if (!commanderPrinted) console.error(red(error.message.startsWith('error:') ? error.message : `error: ${error.message}`));
    return EXIT.usage;
  }
  if (error instanceof ContentError) {
    printProblems(error.problems, allProblems, error.then);
    return EXIT.content;
  }
  if (error instanceof UsageError) {
    // Worded like commander's own usage errors.
    console.error(red(`error: ${error.message}`));
    return error.exitCode;
  }
  if (error instanceof UserError) {
    console.error(red(`✗ ${error.message}`));
    return error.exitCode;
  }
  const listening = listenError(error);
  if (listening) {
    console.error(red(`error: ${listening}`));
    return EXIT.usage;
  }
  const system = systemError(error);
  if (system) {
    console.error(red(`✗ ${system}`));
    return EXIT.system;
  }
  printBug(error);
  return EXIT.bug;
}

/**
 * A server that could not listen (the port was taken between the check and the listen, or a
 * port below 1024 needs privileges): a usage error, not a bug.
 */
function listenError(error: unknown): string | undefined {
  const e = error as NodeJS.ErrnoException & { port?: number; address?: string };
  if (e?.syscall !== 'listen') return undefined;
  if (e.code === 'EADDRINUSE') return `port ${e.port} is in use; stop what runs there or choose another with --port`;
  if (e.code === 'EACCES') return `port ${e.port} needs administrator rights; choose one above 1023 with --port`;
  if (e.code === 'EADDRNOTAVAIL') return `${e.address} is not an address of this machine; choose another with --host`;
  return undefined;
}

/**
 * What the machine refused, in words a person can act on: a full disk, a read-only or foreign
 * folder, too many open files. Not a bug of the tool, so not printed as one (with a stack,
 * exit 3); nothing half-made was swapped in (a build writes into a temporary folder first). The
 * error may be wrapped: its causes are looked at too.
 */
export function systemError(error: unknown): string | undefined {
  for (let e = error as (NodeJS.ErrnoException & { cause?: unknown }) | undefined, depth = 0; e && depth < 8; e = e.cause as typeof e, depth++) {
    if (typeof e !== 'object' || typeof e.code !== 'string' || e.syscall === 'listen') continue;
    const where = typeof e.path === 'string' ? ` (${e.syscall ?? 'writing'} ${displayPath(e.path) || e.path})` : '';
    const what = SYSTEM_ERRORS[e.code];
    if (what) return `${what}${where} [${e.code}]. Run the command again once that is fixed; a build that fails this way leaves the previous output as it was`;
  }
  return undefined;
}

const SYSTEM_ERRORS: Record<string, string> = {
  ENOSPC: 'the disk is full: free some space',
  EDQUOT: 'your disk quota is used up: free some space',
  EROFS: 'the file system is read-only: choose a writable folder (--out, --cache-dir)',
  EACCES: 'permission denied: this user may not write there; choose another folder or fix its permissions',
  EPERM: 'the operation is not permitted there: choose another folder or fix its permissions',
  EMFILE: 'too many files are open in this process: raise the limit (ulimit -n)',
  ENFILE: 'too many files are open on this machine: close some programs',
};
