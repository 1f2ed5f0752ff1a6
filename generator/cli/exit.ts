// The one place that decides how `site` ends: any error a command throws becomes what is
// printed and the exit code. Content problems are listed without a stack (1); an error a
// person fixes outside content (a flag, a busy port, AWS) is one line (its own code: 2, 4, 5,
// 6); anything else is a bug in the generator, printed with its stack and causes (3).
import { CommanderError } from 'commander';
import { EXIT, UsageError, UserError } from '../errors.ts';
import { ContentError } from '../problems.ts';
import { printBug, printProblems, red } from './output.ts';

/**
 * Prints what `error` means for the person who ran the command and returns the exit code.
 * `commanderPrinted` says whether commander already wrote its own message (it does for the
 * flags and arguments it parses; not for a CommanderError thrown by an action).
 */
export function reportError(error: unknown, commanderPrinted = false): number {
  if (error instanceof CommanderError) {
    // --help and --version end through here too, with code 0.
    if (error.exitCode === 0) return EXIT.ok;
    if (!commanderPrinted) console.error(red(error.message.startsWith('error:') ? error.message : `error: ${error.message}`));
    return EXIT.usage;
  }
  if (error instanceof ContentError) {
    printProblems(error.problems);
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
