// The `site` command line: parses flags, calls generator/, sets the exit code. Nothing else.
//   0 ok · 1 content problems · 2 usage error · 3 generator bug (please report)
import { Command, CommanderError, Option } from 'commander';
import { resolve } from 'node:path';
import { runBuild, runValidate } from '../generator/cli/build-command.ts';
import { VERSION } from '../generator/build.ts';
import { ContentError } from '../generator/problems.ts';
import { printProblems, printBug } from '../generator/cli/output.ts';

const program = new Command('site')
  .description('Build, check, preview and publish the Trillium Fleet website from content/.')
  .version(VERSION, '-v, --version')
  .option('--content <dir>', 'content folder', 'content')
  .showHelpAfterError()
  .exitOverride()
  .addHelpText('after', '\nExit codes: 0 ok, 1 content problems, 2 usage error, 3 generator bug, 4 AWS failure (publish, leads; safe to re-run),\n5 AWS credentials missing or refused, 6 bucket not found.');

program
  .command('build')
  .description('validate content/, then render every route into --out (the previous build stays until the new one is complete)')
  .option('-o, --out <dir>', 'output folder', 'dist')
  .option('--drafts', 'include draft posts (never for publishing)', false)
  .action(async (opts: { out: string; drafts: boolean }) => {
    await runBuild({ contentDir: resolve(program.opts().content), outDir: resolve(opts.out), includeDrafts: opts.drafts });
  });

program
  .command('validate')
  .description('check content/ against the schemas and the site (links, images, ids) without writing anything')
  .action(async () => {
    await runValidate({ contentDir: resolve(program.opts().content) });
  });

program
  .command('preview')
  .description('build, serve the site locally, rebuild on every change and reload open pages')
  .option('-p, --port <port>', 'port', '4321')
  .addOption(new Option('--host <host>', 'interface to listen on').default('127.0.0.1'))
  .option('-o, --out <dir>', 'where the preview build is written', '.site/preview')
  .option('--no-watch', 'serve without watching for changes')
  .action(async (opts: { port: string; host: string; out: string; watch: boolean }) => {
    const port = Number(opts.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CommanderError(2, 'site.port', `error: --port must be a number from 0 to 65535, not "${opts.port}"`);
    const { startPreview } = await import('../generator/preview/server.ts');
    await startPreview({ contentDir: resolve(program.opts().content), outDir: resolve(opts.out), port, host: opts.host, watch: opts.watch });
  });

program
  .command('serve')
  .description('serve an existing build (default dist/) exactly as production would: no rebuild, no live reload')
  .option('-d, --dir <dir>', 'the build to serve', 'dist')
  .option('-p, --port <port>', 'port', '4321')
  .addOption(new Option('--host <host>', 'interface to listen on').default('127.0.0.1'))
  .action(async (opts: { dir: string; port: string; host: string }) => {
    const port = Number(opts.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CommanderError(2, 'site.port', `error: --port must be a number from 0 to 65535, not "${opts.port}"`);
    const { startServer } = await import('../generator/preview/server.ts');
    await startServer({ dir: resolve(opts.dir), port, host: opts.host });
  });

const leads = program.command('leads').description('work with the leads the lead function archived');
leads
  .command('resend')
  .description('send every archived lead still marked unsent (SES failed when it arrived), each once')
  .option('--since <date>', 'only leads received on or after this day (YYYY-MM-DD)')
  .option('--bucket <name>', 'the leads bucket (default: $LEADS_BUCKET)')
  .option('--region <region>', 'AWS region (default: $AWS_REGION or ca-central-1)')
  .option('--s3-endpoint <url>', 'an S3-compatible endpoint instead of AWS (e.g. s3rver)')
  .option('--ses-endpoint <url>', 'an SES-compatible endpoint instead of AWS (e.g. aws-ses-v2-local)')
  .option('--local [dir]', "use the emulators of a running `site preview` (their addresses are in <dir>/endpoints.json)")
  .action(async (opts: { since?: string; bucket?: string; region?: string; s3Endpoint?: string; sesEndpoint?: string; local?: string | true }) => {
    const { runResend, OperatorError } = await import('../generator/cli/leads-command.ts');
    try {
      const local = opts.local === true ? '.site/preview-aws' : opts.local;
      const result = await runResend({ ...opts, local, contentDir: resolve(program.opts().content) });
      if (result.failed) process.exitCode = 4;
    } catch (error) {
      if (!(error instanceof OperatorError)) throw error;
      console.error(`✗ ${error.message}`);
      process.exitCode = 4;
    }
  });

program
  .command('publish')
  .description('upload a build to S3: only new or changed files, hashed assets before pages, optional cleanup that keeps the previous deploy\'s assets')
  .requiredOption('--bucket <name>', 'the site bucket')
  .option('--prefix <p>', 'key prefix inside the bucket', '')
  .option('--region <r>', 'AWS region (default: AWS_REGION or the profile\'s)')
  .option('--endpoint <url>', 'an S3-compatible endpoint such as s3rver (path-style)')
  .option('-d, --dir <dir>', 'the build to publish', 'dist')
  .option('--dry-run', 'print what would happen; change nothing', false)
  .option('--delete', 'remove remote files the build no longer has (the previous deploy\'s hashed assets stay)', false)
  .option('--concurrency <n>', 'requests in flight at once', '8')
  .option('--json', 'print one JSON summary on stdout', false)
  .addHelpText('after', '\nCredentials come from the standard AWS chain (environment, profile, web identity).\nExit codes: 0 ok, 1 build not valid, 2 usage or not a build, 3 bug, 4 S3/network failure (safe to re-run),\n5 credentials missing/rejected or access denied, 6 bucket not found.')
  .action(async (opts: { bucket: string; prefix: string; region?: string; endpoint?: string; dir: string; dryRun: boolean; delete: boolean; concurrency: string; json: boolean }) => {
    const concurrency = Number(opts.concurrency);
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256) throw new CommanderError(2, 'site.concurrency', `error: --concurrency must be a number from 1 to 256, not "${opts.concurrency}"`);
    const { runPublish } = await import('../generator/cli/publish-command.ts');
    process.exitCode = await runPublish({ ...opts, dir: resolve(opts.dir), concurrency });
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // --help and --version exit through here with code 0.
    process.exitCode = error.exitCode === 0 ? 0 : 2;
  } else if (error instanceof ContentError) {
    printProblems(error.problems);
    process.exitCode = 1;
  } else {
    printBug(error);
    process.exitCode = 3;
  }
}
