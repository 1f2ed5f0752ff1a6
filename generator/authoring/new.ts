// `site new`: given the content as loaded, a kind and a title, the files to write. Pure: the
// command (cli/new-command.ts) reads content/ and writes what this returns. Every usage error
// is found here, before anything is written.
import type { CollectionName } from '../content/collections.ts';
import type { SourceRecord } from '../content/load.ts';
import { ContentError } from '../problems/problems.ts';
import { addSolutionLinks } from './navigation-edit.ts';
import { TRANSLATE_MARKER } from './translate.ts';
import { faqSkeleton, jobSkeleton, postSkeleton, solutionSkeleton, teamMemberSkeleton, testimonialSkeleton, type SkeletonInput } from './new-templates.ts';

// A mistake in the command line (exit 2); one class for every command (generator/problems/errors.ts).
import { UsageError } from '../problems/errors.ts';
export { UsageError };

export interface NewRequest {
  kind: string;
  title?: string;
  /** Replaces the slug made from the title. */
  slug?: string;
  /** Today, YYYY-MM-DD. */
  date: string;
}

/** One file to write; `path` is relative to the content folder. */
export interface PlannedFile {
  path: string;
  text: string;
  action: 'create' | 'edit';
  /** For an edit: the lines added, and the lists they went into. */
  added: string[];
  where: string[];
}

export interface NewPlan {
  files: PlannedFile[];
  /** A few words on what was made, e.g. "post 11, a draft". */
  summary: string;
}

interface KindDef {
  collection: CollectionName;
  titleRequired: boolean;
  /** Slug used when no title is given (numbered when taken). */
  untitled?: string;
  /** The next id or order. */
  next(records: SourceRecord[]): number;
  /** Content-relative path of the new file. */
  file(slug: string, next: number): string;
  /** Values other than the file name that the slug must not repeat. */
  taken(record: SourceRecord, slug: string): boolean;
  skeleton(x: SkeletonInput): string;
  summary(next: number, slug: string): string;
}

const maxOf = (values: number[]) => values.reduce((a, b) => Math.max(a, b), 0);
const field = (record: SourceRecord, name: string): unknown => (record.data as Record<string, unknown> | undefined)?.[name];
const nextOrder = (collection: CollectionName) => (records: SourceRecord[]) =>
  maxOf(records.filter((r) => r.collection === collection).map((r) => Number(field(r, 'order')) || 0)) + 1;

/** `site new translation <English file>`: a French file started from its English one (cli/new-command.ts). */
export const TRANSLATION = 'translation';

/** The kinds `site new` makes; adding one is an entry here plus a skeleton. */
export const kinds: Record<string, KindDef> = {
  post: {
    collection: 'blog', titleRequired: true,
    next: (records) => maxOf(records.filter((r) => r.collection === 'blog').map(postId)) + 1,
    file: (slug) => `blog/${slug}.md`,
    taken: () => false,
    skeleton: postSkeleton,
    summary: (id) => `post ${id}, a draft`,
  },
  faq: {
    collection: 'faqs', titleRequired: false, untitled: 'new-question',
    next: nextOrder('faqs'),
    file: (slug, order) => `faqs/${String(order).padStart(2, '0')}-${slug}.yaml`,
    taken: () => false,
    skeleton: faqSkeleton,
    summary: (order) => `FAQ entry, order ${order}`,
  },
  job: {
    collection: 'jobs', titleRequired: false, untitled: 'new-job',
    next: () => 0,
    file: (slug) => `jobs/${slug}.yaml`,
    taken: (r, slug) => field(r, 'id') === slug,
    skeleton: jobSkeleton,
    summary: (_, slug) => `job ${slug}, open`,
  },
  'team-member': {
    collection: 'team', titleRequired: false, untitled: 'new-member',
    next: nextOrder('team'),
    file: (slug, order) => `team/${String(order).padStart(2, '0')}-${slug}.yaml`,
    taken: () => false,
    skeleton: teamMemberSkeleton,
    summary: (order) => `team member, order ${order}`,
  },
  testimonial: {
    collection: 'testimonials', titleRequired: false, untitled: 'new-testimonial',
    next: nextOrder('testimonials'),
    file: (slug, order) => `testimonials/${String(order).padStart(2, '0')}-${slug}.yaml`,
    taken: () => false,
    skeleton: testimonialSkeleton,
    summary: (order) => `testimonial, order ${order} (a sample until it is a real customer's)`,
  },
  solution: {
    collection: 'solutions', titleRequired: true,
    next: nextOrder('solutions'),
    file: (slug) => `solutions/${slug}.yaml`,
    taken: (r, slug) => field(r, 'slug') === slug || field(r, 'path') === `/solutions/${slug}`,
    skeleton: solutionSkeleton,
    summary: (order, slug) => `solution /solutions/${slug}, order ${order}`,
  },
};

// Posts whose front matter does not parse still hold their id: never hand it out again.
function postId(record: SourceRecord): number {
  const id = field(record, 'id');
  if (Number.isInteger(id)) return id as number;
  return Number(/^id:\s*(\d+)\s*$/m.exec(record.yamlText)?.[1] ?? 0);
}

/** Plans the files for `site new <kind> [title]`; throws UsageError when the request cannot be met. */
export function planNew(records: SourceRecord[], request: NewRequest): NewPlan {
  const def = kindOf(request.kind);
  const title = request.title?.trim() || undefined;
  if (def.titleRequired && !title) throw new UsageError(`a ${request.kind} needs a title: npx site new ${request.kind} "Your title"`);
  const next = def.next(records);
  const slug = chooseSlug(records, def, request, title, next);
  const categories = ((records.find((r) => r.collection === 'categories')?.data as { categories?: { slug: string }[] })?.categories ?? []).map((c) => c.slug);
  const text = def.skeleton({ slug, title, date: request.date, next, categories });
  const files: PlannedFile[] = [{ path: def.file(slug, next), text, action: 'create', added: [], where: [] }];
  if (request.kind === 'solution') {
    // Every language's menus, or the French one would silently lack the new page while its copy
    // counts it. There the label is marked for translation, as `npx site translate start` marks text.
    for (const nav of records.filter((r) => r.collection === 'navigation')) {
      // Editing a file that does not parse would only add to its problems: they come first.
      if (nav.problems.length) throw new ContentError(nav.problems);
      const english = (nav.locale ?? 'en') === 'en';
      const link = { label: english ? title! : `${TRANSLATE_MARKER} ${title!}`, href: `/solutions/${slug}`, icon: `TODO: the solution's icon, the same as card.icon in solutions/${slug}.yaml` };
      const edit = addSolutionLinks(nav.yamlText, link);
      if (edit.added.length) files.push({ path: nav.relPath, text: edit.text, action: 'edit', added: edit.added, where: edit.where });
    }
  }
  return { files, summary: def.summary(next, slug) };
}

function kindOf(kind: string): KindDef {
  const def = Object.hasOwn(kinds, kind) ? kinds[kind] : undefined;
  if (def) return def;
  const names = [...Object.keys(kinds), TRANSLATION];
  const near = names.find((n) => distance(n, kind.toLowerCase()) <= 2);
  throw new UsageError(`unknown kind "${kind}"${near ? `; did you mean "${near}"?` : ''} (npx site new ${names.join('|')})`);
}

function chooseSlug(records: SourceRecord[], def: KindDef, request: NewRequest, title: string | undefined, next: number): string {
  const mine = records.filter((r) => r.collection === def.collection);
  const fileTaken = (slug: string) => mine.find((r) => r.slug === def.file(slug, next).replace(/^.*\/|\.\w+$/g, ''));
  const fieldTaken = (slug: string) => mine.find((r) => def.taken(r, slug));
  const free = (slug: string) => !fileTaken(slug) && !fieldTaken(slug);
  const firstFree = (base: string) => {
    let n = 2;
    while (!free(`${base}-${n}`)) n++;
    return `${base}-${n}`;
  };

  if (request.slug !== undefined && request.slug.length > MAX_SLUG) {
    throw new UsageError(`--slug is ${request.slug.length} characters long; use at most ${MAX_SLUG} (it becomes the file's name), e.g. --slug ${slugify(request.slug)}`);
  }
  if (request.slug !== undefined && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(request.slug)) {
    throw new UsageError(`--slug "${request.slug}" is not a slug; use lowercase letters, digits and dashes, e.g. ${slugify(request.slug) || 'my-title'}`);
  }
  if (!title && request.slug === undefined) return free(def.untitled!) ? def.untitled! : firstFree(def.untitled!);
  const slug = request.slug ?? slugify(title!);
  if (!slug) throw new UsageError(`cannot make a file name from "${title}": it has no letters a-z or digits; pass one with --slug, e.g. --slug my-title`);
  const byFile = fileTaken(slug);
  if (byFile) throw new UsageError(`${byFile.file} already exists; choose another title, or pass --slug ${firstFree(slug)}`);
  const byField = fieldTaken(slug);
  if (byField) throw new UsageError(`${request.kind} slug "${slug}" is already used by ${byField.file}; choose another title, or pass --slug ${firstFree(slug)}`);
  return slug;
}

/**
 * The longest --slug: it becomes a file name, which most file systems cap at 255 bytes (ext4,
 * APFS, NTFS), with an order before it (`15-`), its extension and, beside the French copy for a
 * moment, `site translate stamp`'s temporary suffix (`.site-translate-<pid>`, up to 24 more); a
 * solution's slug is also its web address. 100 keeps all of those well inside the limit and is
 * twice what a title is cut to (`slugify`, 50); a longer one would fail as a generator bug
 * (ENAMETOOLONG, exit 3).
 */
export const MAX_SLUG = 100;

// Letters that Unicode does not decompose into a base letter and an accent.
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** A title as a URL slug: lowercase ASCII, accents folded, words joined by dashes, cut at a word. */
export function slugify(title: string, maxLength = 50): string {
  const ascii = title
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[œæßøłđðþı]/g, (c) => LIGATURES[c]!)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (ascii.length <= maxLength) return ascii;
  const cut = ascii.slice(0, maxLength + 1);
  return cut.slice(0, cut.lastIndexOf('-') > 0 ? cut.lastIndexOf('-') : maxLength).replace(/-+$/, '');
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const keep = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = keep;
    }
  }
  return row[b.length]!;
}
