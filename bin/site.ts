// The `site` command line: parses flags, calls generator/, sets the exit code. Nothing else.
// Every exit code is decided by generator/cli/exit.ts from what a command throws.
//   0 ok · 1 content problems (warnings too, with --strict) · 2 usage error · 3 generator bug
//   4 AWS call failed · 5 AWS credentials · 6 bucket not found
import { Command, Option } from 'commander';
import { resolve } from 'node:path';
import { runBuild, runValidate } from '../generator/cli/build-command.ts';
import { VERSION } from '../generator/build/build.ts';
import { reportError } from '../generator/cli/exit.ts';
import { exitCodesHelp } from '../generator/problems/errors.ts';
import { assertPortFree, contentFolder, parseAt, parseConcurrency, parsePort, parsePrefix, portParser } from '../generator/cli/usage.ts';
import { KIND_LISTED_UP_TO, SHOWN_OF_A_KIND } from '../generator/terminal.ts';

// A reader that stops early (`site leads export | head`, `site --help | head`) closes the pipe.
// The rest of the output is dropped; the command still finishes its work and sets its exit code
// (a build is swapped in, or not, as without the pipe). Unhandled, the first write after that
// was a stack trace. (console.log already ignored it; commander and the leads export write to
// process.stdout themselves.)
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

// Commander prints its own parse errors; an error an action throws is printed by reportError.
let commanderPrinted = false;

const program = new Command('site')
  .description('Build, check, preview and publish the Trillium Fleet website from content/.')
  .version(VERSION, '-v, --version')
  .option('--content <dir>', 'content folder', 'content')
  .option('--all-problems', `list every content problem (by default a kind with more than ${KIND_LISTED_UP_TO} shows its first ${SHOWN_OF_A_KIND} and how many more)`, false)
  .showHelpAfterError()
  .exitOverride()
  .configureOutput({
    writeErr: (text) => {
      commanderPrinted = true;
      process.stderr.write(text);
    },
  })
  .addHelpText('after', `\n${exitCodesHelp()}\nWarnings exit 0, or 1 with --strict (build, validate).`);

// Checked by each command that reads content, before it does anything else.
const content = () => contentFolder(resolve(program.opts().content));

program
  .command('build')
  .description('validate content/, then render every route into --out (the previous build stays until the new one is complete); print warnings (JS budget, descriptions, heavy images)')
  .option('-o, --out <dir>', 'output folder', 'dist')
  .option('--drafts', 'include draft posts (never for publishing)', false)
  .option('--strict', 'warnings fail the build (exit 1) and the previous build stays: for CI', false)
  .option('--no-cache', 'render every page: neither reuse nor keep pages in the page cache (a clean build)')
  .option('--cache-dir <dir>', 'where the page cache is kept (default .site/cache/pages)')
  .option('--all-warnings', `list every warning (by default a kind with more than ${KIND_LISTED_UP_TO} shows its first ${SHOWN_OF_A_KIND} and how many more)`, false)
  .option('--at <moment>', 'build the site as it will be at this moment, e.g. "2026-12-07 09:00" (site.yaml timeZone); records no URL')
  .option('--json', 'print one JSON summary on stdout (with the next scheduled change); warnings go to stderr', false)
  .action(async (opts: { out: string; drafts: boolean; strict: boolean; cache: boolean; cacheDir?: string; allWarnings: boolean; at?: string; json: boolean }) => {
    const contentDir = content();
    await runBuild({ contentDir, outDir: resolve(opts.out), includeDrafts: opts.drafts, strict: opts.strict, cache: opts.cache, cacheDir: opts.cacheDir && resolve(opts.cacheDir), allWarnings: opts.allWarnings, now: parseAt(opts.at, contentDir), json: opts.json });
  });

program
  .command('validate')
  .description('check content/ against the schemas and the site (links, images, ids) without writing anything; print warnings (JS budgets need site build)')
  .option('--strict', 'warnings fail the command (exit 1)', false)
  .option('--all-warnings', `list every warning (by default a kind with more than ${KIND_LISTED_UP_TO} shows its first ${SHOWN_OF_A_KIND} and how many more)`, false)
  .action(async (opts: { strict: boolean; allWarnings: boolean }) => {
    await runValidate({ contentDir: content(), strict: opts.strict, allWarnings: opts.allWarnings });
  });

program
  .command('new')
  .description('start a post, faq, job, solution, team-member or testimonial, every field to write marked TODO (a solution is also linked from the menus); or the French version of an English file: site new translation content/blog/x.md (as site translate start)')
  .argument('<kind>', 'post, faq, job, solution or translation')
  .argument('[title]', 'the title (a faq\'s question); required for a post and a solution; for a translation, the English file')
  .option('--slug <slug>', 'the file name (without extension) instead of one made from the title')
  .option('--dry-run', 'print the file(s) it would write; write nothing', false)
  .action(async (kind: string, title: string | undefined, opts: { slug?: string; dryRun: boolean }) => {
    const { runNew } = await import('../generator/cli/new-command.ts');
    await runNew({ contentDir: content(), kind, title, slug: opts.slug, dryRun: opts.dryRun });
  });

const translate = program.command('translate').description('the French copy (content/fr/): what is translated, out of date or missing; stamp or start a translation');
translate
  .command('status')
  .description('per collection: items, translated, out of date, missing')
  .action(async () => {
    const { runStatus } = await import('../generator/cli/translate-command.ts');
    runStatus({ contentDir: content() });
  });
translate
  .command('stamp')
  .description('record in each translation that it translates the English file as it is now (after updating it)')
  .argument('<file...>', 'translation files, e.g. content/fr/blog/eld.md')
  .action(async (files: string[]) => {
    const { runStamp } = await import('../generator/cli/translate-command.ts');
    runStamp({ contentDir: content(), files });
  });
translate
  .command('start')
  .description('create the translation of an English file: its fields, each text marked "TODO: translate:"')
  .argument('<file>', 'the English file, e.g. content/blog/eld.md')
  .action(async (file: string) => {
    const { runStart } = await import('../generator/cli/translate-command.ts');
    runStart({ contentDir: content(), file });
  });

program
  .command('preview')
  .description('build, serve the site locally, rebuild on every change and reload open pages')
  .option('-p, --port <port>', 'port (0: any free one)', parsePort, 4321)
  .addOption(new Option('--host <host>', 'interface to listen on').default('127.0.0.1'))
  .option('-o, --out <dir>', 'where the preview build is written', '.site/preview')
  .option('--no-watch', 'serve without watching for changes')
  .option('--mail-port <port>', 'port of the local SES stand-in, whose inbox page shows the e-mails the forms send (on 127.0.0.1; 0: any free one)', portParser('--mail-port'), 0)
  .option('--at <moment>', 'show the site as it will be at this moment, e.g. "2026-12-07 09:00" (site.yaml timeZone): scheduled items appear, expired ones go')
  .option('--allow-edits', 'let the admin change content/ while listening beyond 127.0.0.1 (--host): anyone who reaches the port can then edit it')
  .option('--access-log <dir>', 'where the access log goes, in CloudFront\'s format (default: <out>-access-logs; site report --local and the Traffic tab read it)')
  .option('--no-access-log', 'write no access log')
  .option('--logs-bucket <name>', 'the Traffic tab shows production\'s access logs from this bucket (AWS credentials; default: $ACCESS_LOG_BUCKET)')
  .action(async (opts: { port: number; host: string; out: string; watch: boolean; mailPort: number; at?: string; allowEdits?: boolean; accessLog?: string | boolean; logsBucket?: string }) => {
    // Before the build: a busy port is a usage error, found before any work starts.
    const contentDir = content();
    const now = parseAt(opts.at, contentDir);
    await assertPortFree(opts.host, opts.port, { command: 'preview', flag: '--port' });
    await assertPortFree('127.0.0.1', opts.mailPort, { command: 'preview', flag: '--mail-port' });
    const { startPreview } = await import('../generator/preview/server.ts');
    await startPreview({ contentDir, outDir: resolve(opts.out), port: opts.port, host: opts.host, watch: opts.watch, mailPort: opts.mailPort, now, allowEdits: opts.allowEdits, accessLog: opts.accessLog === false ? undefined : resolve(typeof opts.accessLog === 'string' ? opts.accessLog : `${opts.out}-access-logs`), logsBucket: opts.logsBucket ?? process.env.ACCESS_LOG_BUCKET });
  });

program
  .command('serve')
  .description('serve an existing build (default dist/) exactly as production would: no rebuild, no live reload')
  .option('-d, --dir <dir>', 'the build to serve', 'dist')
  .option('-p, --port <port>', 'port (0: any free one)', parsePort, 4321)
  .addOption(new Option('--host <host>', 'interface to listen on').default('127.0.0.1'))
  .option('--access-log <dir>', 'write an access log there, in CloudFront\'s format (site report --logs reads it)')
  .action(async (opts: { dir: string; port: number; host: string; accessLog?: string }) => {
    await assertPortFree(opts.host, opts.port, { command: 'serve', flag: '--port' });
    const { startServer } = await import('../generator/preview/server.ts');
    await startServer({ dir: resolve(opts.dir), port: opts.port, host: opts.host, accessLog: opts.accessLog && resolve(opts.accessLog) });
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
  .addHelpText('after', '\nExit codes: 0 every unsent lead sent, 2 usage error (no bucket, a bad --since, no running preview for --local),\n4 a lead could not be sent or S3 failed (safe to re-run: each lead is sent once), 5 AWS credentials missing or refused, 6 bucket not found.')
  .action(async (opts: { since?: string; bucket?: string; region?: string; s3Endpoint?: string; sesEndpoint?: string; local?: string | true }) => {
    const { runResend } = await import('../generator/cli/leads-command.ts');
    const local = opts.local === true ? '.site/preview-aws' : opts.local;
    await runResend({ ...opts, local, contentDir: content() });
  });
leads
  .command('export')
  .description('write the archived leads with their consent and attribution, as CSV (spreadsheets, CRMs) or JSON, to stdout')
  .option('--since <date>', 'only leads received on or after this day (YYYY-MM-DD, UTC)')
  .option('--until <date>', 'only leads received on or before this day (YYYY-MM-DD, UTC)')
  .option('--form <form>', 'only this form (wizard, contact, newsletter, partner, job)')
  .option('--format <format>', 'csv or json', 'csv')
  .option('--bucket <name>', 'the leads bucket (default: $LEADS_BUCKET)')
  .option('--region <region>', 'AWS region (default: $AWS_REGION or ca-central-1)')
  .option('--s3-endpoint <url>', 'an S3-compatible endpoint instead of AWS (e.g. s3rver)')
  .option('--local [dir]', "use the emulators of a running `site preview` (their addresses are in <dir>/endpoints.json)")
  .action(async (opts: { since?: string; until?: string; form?: string; format?: string; bucket?: string; region?: string; s3Endpoint?: string; local?: string | true }) => {
    const { runExport } = await import('../generator/cli/leads-command.ts');
    const local = opts.local === true ? '.site/preview-aws' : opts.local;
    await runExport({ ...opts, local, contentDir: content() });
  });
leads
  .command('consent')
  .description('print the consent history of one address: each request (wording, time, page, IP, user agent), confirmation and withdrawal')
  .requiredOption('--email <address>', 'the address')
  .option('--json', 'the archived events as JSON', false)
  .option('--bucket <name>', 'the leads bucket (default: $LEADS_BUCKET)')
  .option('--region <region>', 'AWS region (default: $AWS_REGION or ca-central-1)')
  .option('--s3-endpoint <url>', 'an S3-compatible endpoint instead of AWS (e.g. s3rver)')
  .option('--local [dir]', "use the emulators of a running `site preview` (their addresses are in <dir>/endpoints.json)")
  .action(async (opts: { email: string; json: boolean; bucket?: string; region?: string; s3Endpoint?: string; local?: string | true }) => {
    const { runConsent } = await import('../generator/cli/leads-command.ts');
    const local = opts.local === true ? '.site/preview-aws' : opts.local;
    await runConsent({ ...opts, local, contentDir: content() });
  });

program
  .command('report')
  .description('visits, sources, campaigns and conversions for a period, from CloudFront\'s access logs joined to the leads; printed, and written as JSON and CSV (counts only)')
  .option('--since <date>', 'first day (YYYY-MM-DD, UTC; default: 7 days before --until)')
  .option('--until <date>', 'last day (YYYY-MM-DD, UTC; default: today)')
  .option('--logs-bucket <name>', 'the access-log bucket (default: $ACCESS_LOG_BUCKET)')
  .option('--logs-prefix <prefix>', 'where CloudFront writes in it', 'cloudfront/')
  .option('--logs <dir>', 'a folder of log files instead (site serve --access-log)')
  .option('--bucket <name>', 'the leads bucket (default: $LEADS_BUCKET)')
  .option('--region <region>', 'AWS region (default: $AWS_REGION or ca-central-1)')
  .option('--s3-endpoint <url>', 'an S3-compatible endpoint instead of AWS (e.g. s3rver)')
  .option('--local [dir]', "a preview's own traffic and leads (its emulators' addresses are in <dir>/endpoints.json)")
  .option('-o, --out <dir>', 'where report.json and report.csv go', '.site/report')
  .option('--json', 'print the report as JSON', false)
  .addHelpText('after', '\nExit codes: 0 ok, 2 usage error (a bad date, no logs named), 4 S3 failed, 5 AWS credentials missing or refused, 6 bucket not found.')
  .action(async (opts: { since?: string; until?: string; logsBucket?: string; logsPrefix?: string; logs?: string; bucket?: string; region?: string; s3Endpoint?: string; local?: string | true; out?: string; json: boolean }) => {
    const { runReport } = await import('../generator/cli/report-command.ts');
    const local = opts.local === true ? '.site/preview-aws' : opts.local;
    await runReport({ ...opts, local });
  });

program
  .command('publish')
  .description('upload a build to S3: only new or changed files, hashed assets before pages, optional cleanup that keeps the previous deploy\'s assets')
  .requiredOption('--bucket <name>', 'the site bucket')
  .option('--prefix <p>', 'key prefix inside the bucket (folders, such as staging)', parsePrefix, '')
  .option('--region <r>', 'AWS region (default: AWS_REGION or the profile\'s)')
  .option('--endpoint <url>', 'an S3-compatible endpoint such as s3rver (path-style)')
  .option('-d, --dir <dir>', 'the build to publish', 'dist')
  .option('--dry-run', 'print what would happen; change nothing', false)
  .option('--delete', 'remove remote files the build no longer has (the previous deploy\'s hashed assets stay)', false)
  .option('--concurrency <n>', 'requests in flight at once (1 to 256)', parseConcurrency, 8)
  .option('--json', 'print one JSON summary on stdout', false)
  .addHelpText('after', '\nCredentials come from the standard AWS chain (environment, profile, web identity).\nExit codes: 0 ok, 1 build not valid, 2 usage or not a build, 3 bug, 4 S3/network failure (safe to re-run),\n5 credentials missing/rejected or access denied, 6 bucket not found.')
  .action(async (opts: { bucket: string; prefix: string; region?: string; endpoint?: string; dir: string; dryRun: boolean; delete: boolean; concurrency: number; json: boolean }) => {
    const { runPublish } = await import('../generator/cli/publish-command.ts');
    await runPublish({ ...opts, dir: resolve(opts.dir) });
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.exitCode = reportError(error, commanderPrinted, program.opts().allProblems === true);
}
