// The admin's view of the preview: pages, content items with their status, translations, checks
// and the last builds, gathered from the Builder the preview keeps. The checks are the ones `site
// build` prints (generator/checks/checks.ts, fed by generator/checks/check-input.ts).
import { join, resolve, sep } from 'node:path';
import type { Builder } from '../../build/build.ts';
import { collections, type CollectionDef, type CollectionName } from '../../content/collections.ts';
import type { Post } from '../../content/model.ts';
import type { SourceRecord } from '../../content/load.ts';
import type { Problem } from '../../problems/problems.ts';
import { displayPath as display } from '../../content/paths.ts';
import { budgetsOf, jsBudgetOf, runChecks, type Budgets } from '../../checks/checks.ts';
import { checkInput } from '../../checks/check-input.ts';
import { localeOf } from '../../content/load.ts';
import { allLocales, locales, splitLocale } from '../../content/locales.ts';
import type { TranslationStatus } from '../../validate/translations.ts';
import { resolveUrl, tableOf } from '../url-rule.ts';
import { describeMoment } from '../../content/schedule.ts';
import { escapeHtml } from '../../../common/html.ts';
import { pageTranslation, statusesByTranslation, translationsOf } from './translations.ts';
import { photosOf } from './images.ts';
import type { AdminState, BuildRun, CollectionInfo, FileRef, PageInfo, ProblemInfo, ScheduleInfo } from './types.ts';

export interface StateInput {
  builder: Builder;
  contentDir: string;
  /** The current content problems (empty when the last rebuild succeeded). */
  problems: Problem[];
  /** What `site build --strict` would stop on besides the problems. */
  publishWarnings?: Problem[];
  builds: BuildRun[];
  /** Whether the admin may change content (studio/). */
  writable?: boolean;
}

export function adminState({ builder, contentDir, problems, publishWarnings = [], builds, writable = false }: StateInput): AdminState {
  const budgets = budgetsOf(builder.site?.config.budgets);
  const records = [...builder.records.values()];
  const pages = pagesOf(builder, budgets, statusesByTranslation(records));
  return {
    at: new Date().toISOString(),
    budgets,
    pages,
    collections: collectionsOf(builder, contentDir, problems, pages),
    translations: translationsOf(records, builder.routes, contentDir, fileRef),
    problems: problems.map(problemInfo),
    checks: checksOf(builder, contentDir, problems),
    photos: photosOf(photoSources(builder), contentDir, fileRef, problemInfo),
    builds,
    schedule: scheduleOf(builder),
    // Content problems stop every build; the warnings stop `site build --strict`, which publishing runs.
    publish: { blocking: [...problems.filter((p) => p.severity === 'error'), ...(problems.some((p) => p.severity === 'error') ? [] : publishWarnings)].map(problemInfo) },
    writable,
  };
}

function scheduleOf(builder: Builder): ScheduleInfo {
  const clock = builder.clock ?? { now: Date.now(), zone: 'America/Toronto' };
  const local = (at: number | undefined) => (at === undefined ? undefined : describeMoment(at, clock.zone));
  return {
    at: new Date(clock.now).toISOString(),
    atLocal: describeMoment(clock.now, clock.zone),
    zone: clock.zone,
    shifted: builder.options.now !== undefined,
    items: builder.schedule.map((item) => ({ file: fileRef(item.file), title: item.title, status: item.status, publishAt: local(item.publishAt), expiresAt: local(item.expiresAt), paths: item.paths })),
    redirects: Object.entries(builder.urls?.table ?? {}).map(([from, [status, to]]) => ({ from, status, to })).sort((a, b) => (a.from < b.from ? -1 : 1)),
  };
}

/** A display path (relative to the working directory) as a link VS Code opens. */
export function fileRef(file: string, line?: number, column?: number): FileRef {
  const abs = resolve(process.cwd(), file).split(sep).join('/');
  const at = line ? `:${line}${column ? `:${column}` : ''}` : '';
  return { file, line, column, href: `vscode://file${abs.startsWith('/') ? '' : '/'}${abs}${at}` };
}

/** A problem as the admin shows it: the catalogue's message and hint, never re-parsed. */
export function problemInfo(p: Problem): ProblemInfo {
  return { at: fileRef(p.file, p.line, p.column), path: p.path, code: p.code, severity: p.severity, message: p.message, hint: p.hint };
}

function pagesOf(builder: Builder, budgets: Budgets, statuses: ReadonlyMap<string, TranslationStatus>): PageInfo[] {
  return builder.routes.map((route) => {
    const weight = builder.pageWeight(route.path, route);
    const translation = pageTranslation(route, statuses);
    return {
      path: route.path,
      locale: route.locale,
      lang: locales[route.locale].tag,
      key: route.key,
      ...(translation ? { translation } : {}),
      title: route.title,
      status: route.status,
      draft: (route.props.post as Post | undefined)?.draft === true,
      sources: route.sources.filter(Boolean).map((s) => fileRef(s)),
      islands: builder.islandsOf(route.path),
      weight,
      // Budgets name a page by its English path and hold for every language.
      overBudget: weight.js > jsBudgetOf(budgets, route.key),
    };
  });
}

function collectionsOf(builder: Builder, contentDir: string, problems: Problem[], pages: PageInfo[]): CollectionInfo[] {
  const byFile = new Map<string, Problem[]>();
  for (const p of problems) {
    const list = byFile.get(p.file);
    if (list) list.push(p);
    else byFile.set(p.file, [p]);
  }
  // Each translation right after its English file (content/fr/blog/x.md after content/blog/x.md).
  const order = (r: SourceRecord) => splitLocale(r.relPath);
  // The pages each file is a source of, indexed once: the admin's state is made after every rebuild.
  const bySource = new Map<string, string[]>();
  for (const page of pages) for (const source of page.sources) {
    const list = bySource.get(source.file);
    if (list) list.push(page.path);
    else bySource.set(source.file, [page.path]);
  }
  // An item of a list (a FAQ, a team member) is no page's source: it is on the pages that show its
  // title. Posts' pages are left out of that search: they show no such item, and a big blog has thousands.
  const fileOf = new Map(builder.routes.filter((route) => !route.props.post).map((route) => [route.path, route.file]));
  const listing = pages.filter((p) => fileOf.has(p.path));
  const html = new Map<string, string>();
  const textOf = (page: PageInfo) => html.get(page.path) ?? html.set(page.path, builder.outputs.get(fileOf.get(page.path)!)?.toString('utf8') ?? '').get(page.path)!;
  const pagesOf = (r: SourceRecord, title: string): string[] => {
    const own = bySource.get(r.file) ?? [];
    if (own.length || title.length < 4 || collections[r.collection].kind === 'markdown-dir') return own;
    const needle = escapeHtml(title);
    return listing.filter((p) => p.locale === localeOf(r) && textOf(p).includes(needle)).map((p) => p.path);
  };
  const records = [...builder.records.values()].sort((a, b) => order(a).rel.localeCompare(order(b).rel) || allLocales.indexOf(order(a).locale) - allLocales.indexOf(order(b).locale));
  return (Object.entries(collections) as [CollectionName, CollectionDef][]).map(([name, def]) => ({
    name,
    location: display(join(contentDir, def.path)) + (def.kind === 'single' ? '' : '/'),
    single: def.kind === 'single',
    items: records
      .filter((r) => r.collection === name)
      .map((r) => {
        const own = byFile.get(r.file) ?? [];
        const data = (r.data ?? {}) as Record<string, unknown>;
        return {
          locale: localeOf(r),
          slug: r.slug,
          title: String(data.title ?? data.name ?? data.heading ?? data.brand ?? r.slug),
          at: fileRef(r.file),
          status: own.length ? 'invalid' : data.draft === true ? 'draft' : 'valid',
          problems: own.map(problemInfo),
          pages: def.kind === 'single' ? [] : pagesOf(r, String(data.title ?? data.name ?? data.heading ?? '')),
        };
      }),
  }));
}

function checksOf(builder: Builder, contentDir: string, problems: Problem[]): AdminState['checks'] {
  const checks = runChecks(checkInput(builder, contentDir, { resolves: (path) => resolves(builder, path), problems }));
  return checks.map(({ pages, ...p }) => ({ ...problemInfo(p), pages }));
}

/** The builder's photos and the pages it kept, for the Photos section. */
function photoSources(builder: Builder): Parameters<typeof photosOf>[0] {
  return {
    rasters: builder.rasters,
    uses: builder.imageUses,
    firstReference: (path) => builder.images.firstReference(path),
    // The page's bytes, searched as they are: turning every page into a string took seconds at a few thousand posts.
    pages: builder.routes.map((route) => ({ path: route.path, html: builder.outputs.get(route.file) ?? '' })),
  };
}

/** Follows the URL rule (and up to three redirects) to a file of the current build. */
function resolves(builder: Builder, path: string): boolean {
  let pathname = path;
  for (let hop = 0; hop < 4; hop++) {
    const resolution = resolveUrl(pathname, '', tableOf(builder.outputs));
    if (resolution.kind === 'file') return builder.outputs.has(resolution.file);
    if (resolution.kind === 'response') return false;
    pathname = new URL(resolution.location, 'http://preview.local').pathname;
  }
  return false;
}
