// `site publish`: dist/ → S3, incrementally and in an order that never leaves a visitor with a
// page whose scripts or styles are missing:
//   1. read the build (refuse an invalid one, or a file whose SHA-256 is not the manifest's) and
//      the bucket's listing and deploy record
//   2. upload new or changed hashed assets          (nothing references them yet)
//   3. record this deploy as started                (its pages are about to go live)
//   4. upload other unhashed files, then HTML pages (they reference assets that are now there)
//   5. record this deploy as complete
//   6. with --delete: remove what the build no longer has, keeping the hashed assets of the
//      deploy before (pages cached by browsers and CloudFront still reference them)
// Each step is idempotent, so a publish interrupted anywhere completes when it is run again.
import { readBuild, readVerified } from './local.ts';
import { Remote } from './s3.ts';
import { DEPLOY_MANIFEST, PHASES, makePlan, parseDeployManifest, type DeployManifest, type Phase } from './plan.ts';
import { pathFormProblem } from '../content/paths.ts';

export { PublishError, PUBLISH_EXIT } from './errors.ts';

/** S3's multipart part size as `aws s3 sync` uses it, so their ETags agree. */
export const MULTIPART_THRESHOLD = 8 * 1024 * 1024;

export interface PublishOptions {
  /** The build (a `site build` output folder). */
  dir: string;
  bucket: string;
  prefix?: string;
  region?: string;
  /** An S3-compatible endpoint (s3rver, MinIO): path-style URLs, checksums only where required. */
  endpoint?: string;
  dryRun?: boolean;
  delete?: boolean;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Attempts per request, including the first (SDK standard retry strategy with backoff). */
  maxAttempts?: number;
  /** Files larger than this go up in parts of this size (at least 5 MiB, S3's minimum part). */
  multipartThreshold?: number;
  /** Keys per ListObjectsV2 page (S3's maximum and default is 1,000). */
  listPageSize?: number;
  onEvent?: (event: PublishEvent) => void;
}

export type PublishEvent =
  | { type: 'plan'; uploads: number; bytes: number; unchanged: number; deletes: number; kept: number }
  | { type: 'phase'; phase: Phase | 'delete' }
  | { type: 'uploaded'; path: string; bytes: number; done: number; total: number; doneBytes: number; totalBytes: number }
  | { type: 'deleted'; path: string; done: number; total: number };

export interface PublishSummary {
  dryRun: boolean;
  bucket: string;
  prefix: string;
  /** Digest of the build's paths and contents. */
  build: string;
  /** Files uploaded (would be, with dryRun). */
  uploaded: number;
  unchanged: number;
  /** Remote files deleted (would be, with dryRun). */
  deleted: number;
  /** Remote hashed assets not in the build, kept for pages still cached. */
  kept: number;
  /** Bytes uploaded (would be). */
  bytes: number;
  /** HTTP requests sent, retries included. */
  requests: number;
  retries: number;
  ms: number;
  files: { uploaded: string[]; deleted: string[]; kept: string[] };
}

/** Publishes the build in `options.dir`; throws a PublishError (with its exit code) for anything a person can fix. */
export async function publish(options: PublishOptions): Promise<PublishSummary> {
  const start = performance.now();
  const emit = options.onEvent ?? (() => {});
  const threshold = Math.max(5 * 1024 * 1024, options.multipartThreshold ?? MULTIPART_THRESHOLD);
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const prefix = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
  // The CLI refuses such a prefix (usage.ts parsePrefix); a caller of this function must too.
  const prefixProblem = prefix === '' ? undefined : pathFormProblem(prefix);
  if (prefixProblem) throw new Error(`publish: the prefix "${prefix}" ${prefixProblem}`);

  const local = await readBuild(options.dir, threshold);
  const remote = new Remote({ bucket: options.bucket, prefix, region: options.region, endpoint: options.endpoint, maxAttempts: options.maxAttempts ?? 6, multipartThreshold: threshold, listPageSize: options.listPageSize });
  const listing = await remote.list();
  const previous = parseDeployManifest(listing.has(DEPLOY_MANIFEST) ? await remote.getText(DEPLOY_MANIFEST) : undefined);
  const plan = makePlan(local.files, listing, previous, { delete: options.delete ?? false, now: new Date().toISOString() });

  const uploads = PHASES.flatMap((phase) => plan.uploads[phase]);
  const totalBytes = uploads.reduce((sum, f) => sum + f.bytes, 0);
  emit({ type: 'plan', uploads: uploads.length, bytes: totalBytes, unchanged: plan.unchanged.length, deletes: plan.deletes.length, kept: plan.kept.length });

  if (!options.dryRun) {
    let done = 0;
    let doneBytes = 0;
    for (const phase of PHASES) {
      if (phase === 'files' && plan.history) await remote.putJson(DEPLOY_MANIFEST, record(plan.history, false));
      if (!plan.uploads[phase].length) continue;
      emit({ type: 'phase', phase });
      await pool(plan.uploads[phase], concurrency, async (file) => {
        // Read again and checked against the digest taken above: a file swapped since is not sent.
        const { body, close } = await readVerified(options.dir, file, threshold);
        try {
          await remote.putFile(file.path, body, file.bytes);
        } finally {
          await close();
        }
        done++;
        doneBytes += file.bytes;
        emit({ type: 'uploaded', path: file.path, bytes: file.bytes, done, total: uploads.length, doneBytes, totalBytes });
      });
    }
    if (plan.history) await remote.putJson(DEPLOY_MANIFEST, record(plan.history, true));
    if (plan.deletes.length) {
      emit({ type: 'phase', phase: 'delete' });
      let deleted = 0;
      await remote.delete(plan.deletes, (path) => emit({ type: 'deleted', path, done: ++deleted, total: plan.deletes.length }));
    }
  }

  return {
    dryRun: options.dryRun ?? false,
    bucket: options.bucket,
    prefix,
    build: plan.build,
    uploaded: uploads.length,
    unchanged: plan.unchanged.length,
    deleted: plan.deletes.length,
    kept: plan.kept.length,
    bytes: totalBytes,
    requests: remote.requests,
    retries: remote.requests - remote.operations,
    ms: performance.now() - start,
    files: { uploaded: uploads.map((f) => f.path), deleted: plan.deletes, kept: plan.kept },
  };
}

/** The deploy record with this deploy (first in the history) marked started or complete. */
function record(history: NonNullable<ReturnType<typeof makePlan>['history']>, complete: boolean): DeployManifest {
  const [current, ...older] = history;
  return { version: 1, deploys: [{ ...current!, complete }, ...older] };
}

/** Runs `work` over `items`, `size` at a time; after the first failure starts nothing new, then rethrows it. */
async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  if (failure) throw failure.error;
}
