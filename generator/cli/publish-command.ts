// `site publish`: runs generator/publish/publish.ts and speaks to people and pipelines. Progress goes to
// stderr (a one-line bar on a terminal, plain lines in CI); the result goes to stdout (a
// summary, or with --json exactly one JSON object). Expected failures print a message, no stack.
import { publish, PublishError, type PublishEvent, type PublishSummary } from '../publish/publish.ts';
import { bold, dim, green } from '../terminal.ts';

export interface PublishCommandOptions {
  dir: string;
  bucket: string;
  prefix?: string;
  region?: string;
  endpoint?: string;
  dryRun: boolean;
  delete: boolean;
  concurrency: number;
  json: boolean;
}

/**
 * Publishes. A PublishError (a UserError with its exit code) propagates to the CLI's one exit
 * function (generator/cli/exit.ts) after --json has printed its summary of the failure.
 */
export async function runPublish(options: PublishCommandOptions): Promise<void> {
  const progress = process.stderr.isTTY ? new ProgressBar() : new ProgressLines(options.dryRun);
  try {
    const summary = await publish({ ...options, onEvent: (event) => progress.on(event) });
    progress.end();
    if (options.json) console.log(JSON.stringify({ ok: true, ...summary, ms: Math.round(summary.ms) }));
    else printSummary(summary);
  } catch (error) {
    progress.end();
    if (error instanceof PublishError && options.json) console.log(JSON.stringify({ ok: false, exitCode: error.exitCode, error: { kind: error.kind, message: error.message } }));
    throw error;
  }
}

function printSummary(s: PublishSummary): void {
  const target = `s3://${s.bucket}${s.prefix ? `/${s.prefix}` : ''}`;
  if (s.dryRun) {
    for (const path of s.files.uploaded) console.log(`would upload  ${path}`);
    for (const path of s.files.deleted) console.log(`would delete  ${path}`);
    for (const path of s.files.kept) console.log(dim(`would keep    ${path}  (the previous deploy's pages reference it)`));
    console.log(bold(`Dry run, nothing changed in ${target}: would upload ${s.uploaded} file${plural(s.uploaded)} (${kb(s.bytes)}), ${s.unchanged} unchanged, would delete ${s.deleted}, keep ${s.kept}.`));
    return;
  }
  console.log(green(`✓ Published to ${target} in ${(s.ms / 1000).toFixed(1)} s: ${s.uploaded} uploaded (${kb(s.bytes)}), ${s.unchanged} unchanged, ${s.deleted} deleted, ${s.kept} kept for the previous deploy`));
  console.log(dim(`  ${s.requests} requests${s.retries ? `, ${s.retries} retried` : ''}; build ${s.build}`));
}

const plural = (n: number) => (n === 1 ? '' : 's');
const kb = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

interface Progress {
  on(event: PublishEvent): void;
  end(): void;
}

/** CI logs: one plain line per step and per file changed. */
class ProgressLines implements Progress {
  constructor(private readonly dryRun: boolean) {}

  on(event: PublishEvent): void {
    switch (event.type) {
      case 'plan':
        console.error(`${this.dryRun ? 'Would upload' : 'Uploading'} ${event.uploads} file${plural(event.uploads)} (${kb(event.bytes)}); ${event.unchanged} unchanged; ${event.deletes} to delete; ${event.kept} kept for the previous deploy`);
        break;
      case 'phase':
        console.error(`-- ${PHASE_NAMES[event.phase]}`);
        break;
      case 'uploaded':
        console.error(`uploaded ${event.path} (${kb(event.bytes)}) [${event.done}/${event.total}]`);
        break;
      case 'deleted':
        console.error(`deleted ${event.path} [${event.done}/${event.total}]`);
        break;
    }
  }

  end(): void {}
}

/** A terminal: one line redrawn in place, at most ten times a second. */
class ProgressBar implements Progress {
  private line = '';
  private last = 0;
  private phase = '';

  on(event: PublishEvent): void {
    if (event.type === 'phase') this.phase = PHASE_NAMES[event.phase];
    if (event.type === 'uploaded') this.draw(event.done / event.total, `${event.done}/${event.total} files  ${kb(event.doneBytes)}/${kb(event.totalBytes)}`, event.done === event.total);
    if (event.type === 'deleted') this.draw(event.done / event.total, `${event.done}/${event.total} deleted`, event.done === event.total);
  }

  private draw(fraction: number, text: string, force: boolean): void {
    const now = performance.now();
    if (!force && now - this.last < 100) return;
    this.last = now;
    const width = 24;
    const filled = Math.round(fraction * width);
    this.line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${text}  ${dim(this.phase)}`;
    process.stderr.write(`\r\x1b[K${this.line}`);
  }

  end(): void {
    if (this.line) process.stderr.write('\r\x1b[K');
    this.line = '';
  }
}

const PHASE_NAMES: Record<Extract<PublishEvent, { type: 'phase' }>['phase'], string> = {
  assets: 'hashed assets',
  files: 'other files',
  pages: 'pages',
  delete: 'deleting what the build no longer has',
};
