// What a publish does, decided without any I/O: which files to upload in which phase, which
// remote keys to delete, which to keep for the grace period, and the deploy history to write.
// Everything here is a pure function of (local build, remote listing, previous deploy record).
import { createHash } from 'node:crypto';
import { isHashedAsset } from '../output/headers.ts';

/** One file of the build: its path in dist/ (= its key under the prefix), size and digests. */
export interface LocalFile {
  path: string;
  bytes: number;
  md5: string;
  /** ETags S3 may report for these bytes: the plain MD5 and, for large files, the multipart form. */
  etags: string[];
}

/** One deploy in the record kept in the bucket, newest first. */
export interface DeployRecord {
  /** Digest of every (path, MD5) of the build: equal builds have equal ids. */
  build: string;
  at: string;
  /** False from the moment its pages start going live until every file is uploaded. */
  complete: boolean;
  /** The hashed assets its pages reference (paths relative to the prefix). */
  assets: string[];
}

/** `.site-deploy.json` in the bucket: what the next publish needs to know about the previous ones. */
export interface DeployManifest {
  version: 1;
  deploys: DeployRecord[];
}

/** The deploy record's key, relative to the prefix. Never uploaded from dist/, never deleted. */
export const DEPLOY_MANIFEST = '.site-deploy.json';

export type Phase = 'assets' | 'files' | 'pages';
export const PHASES: Phase[] = ['assets', 'files', 'pages'];

export interface Plan {
  build: string;
  /** Uploads in publish order: hashed assets, then other unhashed files, then HTML pages. */
  uploads: Record<Phase, LocalFile[]>;
  unchanged: string[];
  /** Remote paths no longer in the build and not protected by the grace period (only with --delete). */
  deletes: string[];
  /** Remote paths no longer in the build that are kept: hashed assets of the previous deploy. */
  kept: string[];
  /** The deploy history to write; undefined when this very build is already recorded as complete. */
  history?: DeployRecord[];
}

/** The phase a file is uploaded in: pages go last, so every asset they reference is already there. */
export function phaseOf(path: string): Phase {
  if (isHashedAsset(path)) return 'assets';
  return path.endsWith('.html') ? 'pages' : 'files';
}

/** Digest of the build's paths and contents: equal builds have equal ids. */
export function buildId(files: LocalFile[]): string {
  const hash = createHash('sha256');
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) hash.update(`${f.path}\0${f.md5}\n`);
  return hash.digest('hex').slice(0, 20);
}

/**
 * The hashed assets a publish must not delete although the build no longer has them: those of
 * the deploys before this one, back to and including the latest that completed (its pages may
 * still sit in browser and CloudFront caches; an interrupted deploy's pages may be live too).
 * With no record of an earlier deploy (first publish, or a record that cannot be read), nobody
 * knows what cached pages reference: every hashed asset in the bucket is kept, once.
 */
export function graceAssets(history: DeployRecord[], build: string, remote: Iterable<string>): Set<string> {
  const older = olderDeploys(history, build);
  if (!older.length) return new Set([...remote].filter(isHashedAsset));
  return new Set(older.flatMap((deploy) => deploy.assets));
}

/** The history after this publish: this build first, then what `graceAssets` protects. */
export function nextHistory(history: DeployRecord[], current: DeployRecord): DeployRecord[] {
  return [current, ...olderDeploys(history, current.build)];
}

function olderDeploys(history: DeployRecord[], build: string): DeployRecord[] {
  const older: DeployRecord[] = [];
  for (const deploy of history) {
    // A re-run of the same build (after an interruption) looks past its own earlier attempt.
    if (deploy.build === build) continue;
    older.push(deploy);
    if (deploy.complete) break;
  }
  return older;
}

/**
 * Compares the build with the remote listing (path → ETag without quotes).
 * `now` stamps a new deploy record; a re-run keeps the first attempt's time.
 */
export function makePlan(local: LocalFile[], remote: Map<string, string>, previous: DeployManifest, options: { delete: boolean; now: string }): Plan {
  const build = buildId(local);
  const uploads: Record<Phase, LocalFile[]> = { assets: [], files: [], pages: [] };
  const unchanged: string[] = [];
  for (const file of [...local].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const etag = remote.get(file.path);
    if (etag !== undefined && file.etags.includes(etag)) unchanged.push(file.path);
    else uploads[phaseOf(file.path)].push(file);
  }

  const inBuild = new Set(local.map((f) => f.path));
  const grace = graceAssets(previous.deploys, build, remote.keys());
  const deletes: string[] = [];
  const kept: string[] = [];
  for (const path of [...remote.keys()].sort()) {
    if (inBuild.has(path) || path === DEPLOY_MANIFEST) continue;
    if (grace.has(path)) kept.push(path);
    else if (options.delete) deletes.push(path);
  }

  const latest = previous.deploys[0];
  const recorded = latest?.build === build && latest.complete;
  const current: DeployRecord = {
    build,
    at: latest?.build === build ? latest.at : options.now,
    complete: false,
    assets: local.filter((f) => isHashedAsset(f.path)).map((f) => f.path).sort(),
  };
  return { build, uploads, unchanged, deletes, kept, history: recorded ? undefined : nextHistory(previous.deploys, current) };
}

/** Reads a deploy record written by an earlier publish; anything unrecognisable counts as none. */
export function parseDeployManifest(text: string | undefined): DeployManifest {
  if (!text) return { version: 1, deploys: [] };
  try {
    const data = JSON.parse(text) as Partial<DeployManifest>;
    const deploys = Array.isArray(data.deploys) ? data.deploys.filter(isRecord) : [];
    return { version: 1, deploys };
  } catch {
    return { version: 1, deploys: [] };
  }
}

function isRecord(d: unknown): d is DeployRecord {
  const r = d as DeployRecord;
  return typeof r === 'object' && r !== null && typeof r.build === 'string' && typeof r.complete === 'boolean' && Array.isArray(r.assets);
}
