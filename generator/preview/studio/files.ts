// A content file as the admin's form opens it (values, Markdown body, schema, its English source)
// and the text a save writes: changed values through yaml-edit (minimal diff), a new body after
// the front matter's closing fence, or, for a file whose YAML does not parse, the text as typed.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { dirname, join } from 'node:path';
import { collectionOf, collections } from '../../content/collections.ts';
import { digestOf, parseSource, type SourceRecord } from '../../content/load.ts';
import { splitLocale, translatedLocales, inLocale } from '../../content/locales.ts';
import { displayPath, inspectUnder, listUnder, pathFormProblem, readInspected } from '../../content/paths.ts';
import { categorySlugs, jobCategoryNames } from '../../validate/validate.ts';
import { factsOf } from '../../transform/facts.ts';
import { editYaml, type YamlEdit } from '../../authoring/yaml-edit.ts';
import { resolvedSchemaOf } from './schemas.ts';
import { sha256 } from '../../hash.ts';

/** A content file the admin may read and write, inside content/. */
export interface ContentFile {
  rel: string;
  abs: string;
  markdown: boolean;
}

/** Photos the admin may add: the formats the photo pipeline delivers, under content/images/. */
export const PHOTO_PATH = /^images\/([a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*\.(jpe?g|png|webp|avif)$/;

/** The content file `rel` names, or why it is not one the admin may touch. */
export function contentFileOf(contentDir: string, rel: unknown): ContentFile | string {
  if (typeof rel !== 'string' || !rel) return 'name a content file, e.g. faqs/01-benefits.yaml';
  const form = pathFormProblem(rel);
  if (form) return `the path ${form}`;
  const collection = collectionOf(rel);
  if (!collection || !/\.(ya?ml|md)$/.test(rel)) return `${rel} is not a content file of a collection the site builds`;
  const status = inspectUnder(contentDir, rel);
  if (status.kind !== 'file') return `${rel} is not a regular file inside content/ (${status.kind})`;
  return { rel, abs: status.abs, markdown: collections[collection].kind === 'markdown-dir' };
}

export const shaOf = (bytes: Buffer | string): string => sha256(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));

/** The parsed record of a text at `rel`, as the build would load it (named as the build names it, when `contentDir` is given). */
export function recordOf(text: string, rel: string, contentDir?: string): SourceRecord {
  return parseSource(text, contentDir ? displayPath(join(contentDir, rel)) : `content/${rel}`, collectionOf(rel)!, rel);
}

export interface OpenedFile {
  path: string;
  text: string;
  sha256: string;
  markdown: boolean;
  locale: string;
  /** The values (front matter for Markdown); null when the YAML does not parse (the text is then edited as it is). */
  data: unknown;
  body: string | null;
  schema: unknown;
  /** A translation's English file, and the English as it was when the translation was stamped (from git), when it can be found. */
  english?: { path: string; data: unknown; body: string | null; digest: string; stamped?: { data: unknown; body: string | null } };
  /** A translation's recorded sourceHash, and whether it still matches its English file. */
  sourceHash?: string | null;
  upToDate?: boolean;
  /** For an English file: its translations, present or not. */
  translations?: { locale: string; path: string; exists: boolean }[];
}

export async function openFile(contentDir: string, file: ContentFile): Promise<OpenedFile> {
  const bytes = readInspected(file.abs);
  const text = bytes.toString('utf8');
  const record = recordOf(text, file.rel);
  const { locale, rel: english } = splitLocale(file.rel);
  const opened: OpenedFile = {
    path: file.rel, text, sha256: shaOf(bytes), markdown: file.markdown, locale,
    data: record.problems.length ? null : record.data ?? null, body: record.body ?? null, schema: resolvedSchemaOf(file.rel) ?? null,
  };
  if (locale === 'en') {
    opened.translations = translatedLocales.map((l) => ({ locale: l, path: inLocale(l, file.rel), exists: inspectUnder(contentDir, inLocale(l, file.rel)).kind === 'file' }));
    return opened;
  }
  const source = inspectUnder(contentDir, english);
  if (source.kind !== 'file') return opened;
  const sourceBytes = readInspected(source.abs);
  const sourceRecord = recordOf(sourceBytes.toString('utf8'), english);
  const digest = digestOf(sourceBytes);
  const hash = typeof record.sourceHash === 'string' ? record.sourceHash : null;
  opened.sourceHash = hash;
  opened.upToDate = hash === digest;
  opened.english = { path: english, data: sourceRecord.data ?? null, body: sourceRecord.body ?? null, digest };
  if (hash && hash !== digest) {
    const stamped = await stampedVersion(source.abs, hash);
    if (stamped !== undefined) {
      const old = recordOf(stamped, english);
      opened.english.stamped = { data: old.data ?? null, body: old.body ?? null };
    }
  }
  return opened;
}

/**
 * The English file's text as it was when its translation was stamped: the newest committed version
 * whose digest is the translation's sourceHash. Undefined without git or when none matches.
 */
async function stampedVersion(abs: string, digest: string): Promise<string | undefined> {
  // git finds the repository that holds content/ from the file's own folder; the preview keeps serving meanwhile.
  const git = (args: string[], encoding: 'utf8' | 'buffer') => run('git', args, { cwd: dirname(abs), encoding, timeout: 5000, maxBuffer: 8 * 1024 * 1024 }).then((r) => r.stdout as string | Buffer);
  try {
    const commits = String(await git(['log', '--format=%H', '-n', '200', '--', abs], 'utf8')).split('\n').filter(Boolean);
    const rel = String(await git(['ls-files', '--full-name', '--', abs], 'utf8')).trim();
    for (const commit of commits) {
      const bytes = await git(['show', `${commit}:${rel}`], 'buffer') as Buffer;
      if (digestOf(bytes) === digest) return bytes.toString('utf8');
    }
  } catch {
    // No git, or the file was never committed: the form marks the out-of-date fields without the old English.
  }
  return undefined;
}

const run = promisify(execFile);

/** What a save asks for: changed values, a new Markdown body, or (a file that does not parse) its whole text. */
export interface SaveInput {
  edits?: YamlEdit[];
  body?: string;
  text?: string;
}

/** The text `current` becomes; throws (a 422 for the author) when the edits cannot be written as typed. */
export function savedText(current: string, markdown: boolean, input: SaveInput): { text: string; structural: boolean } {
  if (input.text !== undefined) return { text: input.text, structural: true };
  const edits = input.edits ?? [];
  if (!markdown) {
    const result = edits.length ? editYaml(current, edits) : { text: current, structural: false };
    return { text: result.text, structural: result.structural };
  }
  const parts = frontMatterParts(current);
  if (!parts) throw new Error('the file has no front matter between two --- lines: fix it in the text view');
  const yaml = edits.length ? editYaml(parts.yaml, edits) : { text: parts.yaml, structural: false };
  const body = input.body ?? parts.body;
  return { text: parts.head + yaml.text + parts.fence + body, structural: yaml.structural };
}

/** A Markdown file as its opening fence, front matter, closing fence (with its line end) and body, byte for byte. */
export function frontMatterParts(text: string): { head: string; yaml: string; fence: string; body: string } | undefined {
  const match = /^(\uFEFF?---\r?\n)/.exec(text);
  if (!match) return undefined;
  const head = match[1]!;
  const closing = /(^|\n)(---)(\r?\n|$)/g;
  closing.lastIndex = head.length - 1;
  for (let m = closing.exec(text); m; m = closing.exec(text)) {
    const fenceStart = m.index + m[1]!.length;
    if (fenceStart < head.length) continue;
    return { head, yaml: text.slice(head.length, fenceStart), fence: m[2]! + m[3]!, body: text.slice(fenceStart + m[0].length - m[1]!.length) };
  }
  return undefined;
}

/** What a form's selects and pickers offer: what exists now, and the values of the placeholders. */
export interface FormOptions {
  category: string[];
  'job-category': string[];
  /** Every image under content/images/ (SVG drawings and photos), as content paths. */
  image: string[];
  /** {phone} → 416-555-0123: the chips beside a text that names a placeholder. */
  facts: Record<string, string>;
}

export function formOptions(records: readonly SourceRecord[], contentDir: string): FormOptions {
  const parsed = records.filter((r) => !r.problems.length && r.data);
  const english = parsed.filter((r) => (r.locale ?? 'en') === 'en');
  return {
    category: categorySlugs(english),
    'job-category': jobCategoryNames(english),
    image: imagesUnder(contentDir),
    facts: Object.fromEntries(factsOf(english).values),
  };
}

function imagesUnder(contentDir: string, rel = 'images', depth = 0): string[] {
  if (depth > 8) return [];
  const out: string[] = [];
  let entries;
  try {
    entries = listUnder(contentDir, rel);
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = `${rel}/${entry.name}`;
    if (entry.isDirectory()) out.push(...imagesUnder(contentDir, path, depth + 1));
    else if (entry.isFile() && /\.(svg|png|jpe?g|webp|avif)$/i.test(entry.name)) out.push(path);
  }
  return out.sort();
}
