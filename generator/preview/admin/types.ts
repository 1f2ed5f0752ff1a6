// The admin preview's data: what `/_admin/api/state` answers and `/_admin/events` pushes after
// every rebuild. Plain JSON, shared by the server (state.ts) and the browser UI (ui/).
import type { Code, Severity } from '../../problems/errors.ts';

/** A content file (or any project file) as an author opens it. */
export interface FileRef {
  /** Path relative to the working directory, e.g. content/blog/eld.md (shown for any editor). */
  file: string;
  line?: number;
  column?: number;
  /** vscode://file/<absolute path>[:line[:column]]: opens the file in VS Code. */
  href: string;
}

/** A located content problem: the catalogue's words (generator/problems/errors.ts), what is wrong and what to do. */
export interface ProblemInfo {
  at: FileRef;
  /** Field path inside the file, e.g. author.name; empty for the whole file. */
  path: string;
  code: Code;
  severity: Severity;
  /** What is wrong. */
  message: string;
  /** What to do. */
  hint: string;
}

/**
 * A page in a translated language: translated (built from its translation), fallback (no
 * translation: shown in English), outdated (its translation lags the English file).
 */
export type PageTranslation = 'translated' | 'fallback' | 'outdated';

export interface PageInfo {
  path: string;
  /** The page's language (en, fr) and BCP 47 tag (en-CA, fr-CA). */
  locale: string;
  lang: string;
  /** The English path: a page's versions in every language share it. */
  key: string;
  /** Absent for English pages. */
  translation?: PageTranslation;
  title: string;
  status: number;
  draft: boolean;
  sources: FileRef[];
  islands: string[];
  /** gzip bytes: the page's HTML, every script it may load (islands included), its CSS. */
  weight: { html: number; js: number; css: number };
  overBudget: boolean;
}

export type ItemStatus = 'valid' | 'draft' | 'invalid';

export interface ItemInfo {
  /** The language of the file's copy (en, fr). */
  locale: string;
  slug: string;
  title: string;
  at: FileRef;
  status: ItemStatus;
  problems: ProblemInfo[];
  /** Pages built from this file. */
  pages: string[];
}

export interface CollectionInfo {
  name: string;
  /** Where its files live: content/blog/ or content/site.yaml. */
  location: string;
  /** One file that every page reads (site.yaml, navigation.yaml…), not a folder of items. */
  single: boolean;
  items: ItemInfo[];
}

/** One thing to fix that is not (only) a schema problem, with the file to fix it in (generator/checks/checks.ts). */
export interface CheckInfo extends ProblemInfo {
  /** Pages where it shows. */
  pages: string[];
}

export interface Timing { stage: string; ms: number }

export interface BuildRun {
  kind: 'full' | 'edit';
  /** ISO time the run finished. */
  at: string;
  ms: number;
  /** Files whose change started the run (at most the first 200: a save of a whole folder can be thousands; the count is exact). */
  edited: string[];
  editedCount: number;
  /** Pages re-rendered (at most the first 200; the count is exact). */
  rerendered: string[];
  rerenderedCount: number;
  /** Output files whose bytes changed (at most the first 200; the count is exact). */
  written: string[];
  writtenCount: number;
  problems: number;
  /** A generator bug (not a content problem): message and stack. */
  error?: { message: string; stack: string };
  timings: Timing[];
}

/** One collection's translations in one language (generator/validate/translations.ts statusTable). */
export interface TranslationRow {
  collection: string;
  items: number;
  translated: number;
  /** Out of date, or with no valid sourceHash. */
  outdated: number;
  missing: number;
  orphans: number;
}

/** An item whose translation is missing, out of date or an orphan, with what to run. */
export interface PendingTranslation {
  collection: string;
  state: 'outdated' | 'unstamped' | 'missing' | 'orphan';
  /** The English file (absent for an orphan's, which is gone). */
  source?: FileRef;
  /** The translation, at its sourceHash line when it has one; where it belongs when missing. */
  translation: FileRef;
  /** The command that fixes it (start or stamp); none for an orphan (delete or rename it). */
  command?: string;
  /** Pages of the language that show it (in English when missing). */
  pages: string[];
}

export interface TranslationInfo {
  locale: string;
  /** BCP 47 tag, e.g. fr-CA. */
  tag: string;
  /** Where its copy lives, e.g. content/fr/. */
  folder: string;
  rows: TranslationRow[];
  pending: PendingTranslation[];
}

/** What one encoded file weighs. */
export interface PhotoDownload { format: string; width: number; bytes: number }

/** A photo the content names, as the build delivers it (generator/preview/admin/images.ts). */
export interface PhotoInfo {
  /** The content path, e.g. images/blog/yard.jpg. */
  path: string;
  /** The source file. */
  file: FileRef;
  /** Where content first names it (the field or Markdown image its warnings are located at). */
  namedAt?: FileRef;
  /** The source as a visitor sees it (after EXIF orientation), and its size in bytes. */
  source: { format: string; width: number; height: number; bytes: number };
  /** Widths delivered, ascending. */
  widths: number[];
  /** Per format, best first then the fallback: bytes at each of `widths`. */
  formats: { format: string; bytes: number[] }[];
  /** Each role the pages show it in, and the file a phone (375 px at 2×) and a laptop (1280 px at 1×) download for it. */
  uses: { role: string; phone: PhotoDownload; desktop: PhotoDownload }[];
  /** Pages that show it. */
  pages: string[];
  /** Located warnings: a source narrower than its widest use. */
  warnings: ProblemInfo[];
}

export interface AdminState {
  /** ISO time this state was computed. */
  at: string;
  /** Bytes: the default JS budget per page, the image limit, and pages with a budget of their own (content/site.yaml). */
  budgets: { jsGzip: number; imageBytes: number; pages: Record<string, number> };
  pages: PageInfo[];
  collections: CollectionInfo[];
  /** Per translated language that has copy: where each collection stands, and what is left to do. */
  translations: TranslationInfo[];
  /** Every current content problem (the same list the terminal and the overlay show). */
  problems: ProblemInfo[];
  checks: CheckInfo[];
  /** Every photo the content names, with what it weighs delivered. */
  photos: PhotoInfo[];
  builds: BuildRun[];
  /** Items with publishAt or expiresAt, soonest change first, at the moment the preview shows (`--at`, or now). */
  schedule: ScheduleInfo;
  /** What would stop publishing (`site build --strict`): content problems first; the warnings once there are none. */
  publish: { blocking: ProblemInfo[] };
  /** Whether the admin may change content: the preview listens on a loopback address, or --allow-edits. */
  writable: boolean;
}

export interface ScheduleInfo {
  /** The moment the site is shown at, and in which time zone times are written. */
  at: string;
  atLocal: string;
  zone: string;
  /** Whether that moment is another than now (`site preview --at`). */
  shifted: boolean;
  items: {
    file: FileRef;
    title: string;
    status: 'scheduled' | 'live' | 'expired';
    publishAt?: string;
    expiresAt?: string;
    /** The pages it has (posts and solutions), in every language. */
    paths: string[];
  }[];
  /** Pages the URL rule retires: content/redirects.yaml's, and expired items' (410). */
  redirects: { from: string; status: 301 | 410; to?: string }[];
}

/** What `GET /_site/leads` answers (the lead function's preview endpoint), newest first. */
export interface LeadsResponse {
  /** local: the emulators the preview started; aws: the real bucket (LEADS_BUCKET and AWS_REGION set). */
  mode: 'local' | 'aws';
  /** s3://<bucket> on AWS, else null. */
  bucket: string | null;
  /** Whether DELETE /_site/leads clears them: only the local emulator's archive, never a real bucket. */
  clearable: boolean;
  /** Why they cannot be cleared (AWS), in words for the author; else null. */
  notice: string | null;
  inbox: string | null;
  leads: ArchivedLead[];
  /** Objects under leads/ that are not readable leads, passed over and named. */
  skipped?: { key: string; reason: string }[];
}

export interface ArchivedLead {
  id: string;
  form: 'wizard' | 'contact' | 'newsletter' | 'partner' | 'job';
  receivedAt: string;
  status: 'sent' | 'unsent';
  /** Why the last send failed, by name, while it is unsent. */
  lastFailure?: string;
  attempts?: number;
  fields: Record<string, unknown>;
  message: { from_name: string; from_email: string; phone_number: string; message: string };
  email: { from: string; to: string[]; replyTo: string[]; subject: string; text: string; html: string } | null;
  resume?: { fileName: string; url: string };
  /** The S3 archive key. */
  key: string;
  archived: unknown;
  /** Where the lead came from (landing page, referrer host, UTM parameters, page), as checked by the function. */
  attribution?: Partial<Record<'landing' | 'referrer' | 'page' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_term' | 'utm_content', string>>;
  /** Set when the visitor asked for news and offers with this lead: the request's id and the wording's version. */
  consent?: { id: string; wording: string };
  /** The address's consent now, and its events (requested, confirmed, withdrawn). */
  consentStanding?: { status: 'none' | 'pending' | 'confirmed' | 'withdrawn'; since?: string; events: { type: string; at: string; consentId: string; ip?: string; page?: string; wording?: { version: string; text: string } }[] };
}
