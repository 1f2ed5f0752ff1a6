// The admin's view of the preview: pages, content items with their status, checks and the
// last builds, gathered from the Builder the preview keeps. The I/O edge of the admin: it
// reads content files and image sizes; the decisions live in checks.ts.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Builder } from '../../build.ts';
import { collections, type CollectionDef, type CollectionName } from '../../collections.ts';
import type { Post } from '../../model.ts';
import type { Problem } from '../../problems.ts';
import { MANIFEST, type BuildManifest } from '../../write.ts';
import { resolveUrl } from '../url-rule.ts';
import { BUDGETS, runChecks, splitFix } from './checks.ts';
import type { AdminState, BuildRun, CollectionInfo, FileRef, PageInfo, ProblemInfo } from './types.ts';

export interface StateInput {
  builder: Builder;
  contentDir: string;
  /** The current content problems (empty when the last rebuild succeeded). */
  problems: Problem[];
  builds: BuildRun[];
}

export function adminState({ builder, contentDir, problems, builds }: StateInput): AdminState {
  const pages = pagesOf(builder);
  return {
    at: new Date().toISOString(),
    budgets: BUDGETS,
    pages,
    collections: collectionsOf(builder, contentDir, problems, pages),
    problems: problems.map(problemInfo),
    checks: checksOf(builder, contentDir, problems, pages),
    builds,
  };
}

/** A display path (relative to the working directory) as a link VS Code opens. */
export function fileRef(file: string, line?: number, column?: number): FileRef {
  const abs = resolve(process.cwd(), file).split(sep).join('/');
  const at = line ? `:${line}${column ? `:${column}` : ''}` : '';
  return { file, line, column, href: `vscode://file${abs.startsWith('/') ? '' : '/'}${abs}${at}` };
}

function problemInfo(p: Problem): ProblemInfo {
  return { at: fileRef(p.file, p.line, p.column), path: p.path, message: p.message, ...splitFix(p.message) };
}

function pagesOf(builder: Builder): PageInfo[] {
  const islands = new Map(manifestOf(builder)?.routes.map((r) => [r.path, r.islands]) ?? []);
  return builder.routes.map((route) => {
    const weight = builder.pageWeight(route.path);
    return {
      path: route.path,
      title: route.title,
      status: route.status,
      draft: (route.props.post as Post | undefined)?.draft === true,
      sources: route.sources.filter(Boolean).map((s) => fileRef(s)),
      islands: islands.get(route.path) ?? [],
      weight,
      overBudget: weight.js > BUDGETS.jsGzip,
    };
  });
}

const manifests = new WeakMap<Buffer, BuildManifest>();
function manifestOf(builder: Builder): BuildManifest | undefined {
  const bytes = builder.outputs.get(MANIFEST);
  if (!bytes) return undefined;
  let manifest = manifests.get(bytes);
  if (!manifest) manifests.set(bytes, (manifest = JSON.parse(bytes.toString('utf8')) as BuildManifest));
  return manifest;
}

function collectionsOf(builder: Builder, contentDir: string, problems: Problem[], pages: PageInfo[]): CollectionInfo[] {
  const byFile = new Map<string, Problem[]>();
  for (const p of problems) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
  const records = [...builder.records.values()].sort((a, b) => a.relPath.localeCompare(b.relPath));
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
          slug: r.slug,
          title: String(data.title ?? data.name ?? data.heading ?? data.brand ?? r.slug),
          at: fileRef(r.file),
          status: own.length ? 'invalid' : data.draft === true ? 'draft' : 'valid',
          problems: own.map(problemInfo),
          pages: pages.filter((p) => p.sources.some((s) => s.file === r.file)).map((p) => p.path),
        };
      }),
  }));
}

function checksOf(builder: Builder, contentDir: string, problems: Problem[], pages: PageInfo[]): AdminState['checks'] {
  const info = new Map(pages.map((p) => [p.path, p]));
  const texts = new Map<string, string>();
  for (const record of builder.records.values()) {
    try {
      texts.set(record.file, readFileSync(join(contentDir, record.relPath), 'utf8'));
    } catch {
      // Deleted since the last rebuild: the next one will drop it.
    }
  }
  const checks = runChecks({
    pages: builder.routes.map((route) => ({
      path: route.path,
      html: builder.outputs.get(route.file)?.toString('utf8') ?? '',
      sources: route.sources.filter(Boolean),
      description: route.description ?? '',
      ownDescription: route.template !== 'BlogPost' || Boolean((route.props.post as Post | undefined)?.description),
      js: info.get(route.path)?.weight.js ?? 0,
      islands: info.get(route.path)?.islands ?? [],
    })),
    siteDescription: builder.site?.config.description ?? '',
    resolves: (path) => resolves(builder, path),
    images: imagesOf(contentDir),
    texts,
    problems,
  });
  return checks.map(({ file, line, column, ...rest }) => ({ ...rest, at: fileRef(file, line, column) }));
}

/** Follows the URL rule (and up to three redirects) to a file of the current build. */
function resolves(builder: Builder, path: string): boolean {
  let pathname = path;
  for (let hop = 0; hop < 4; hop++) {
    const resolution = resolveUrl(pathname);
    if (resolution.kind === 'file') return builder.outputs.has(resolution.file);
    pathname = new URL(resolution.location, 'http://preview.local').pathname;
  }
  return false;
}

function imagesOf(contentDir: string): { file: string; rel: string; bytes: number }[] {
  const images: { file: string; rel: string; bytes: number }[] = [];
  const walk = (rel: string) => {
    let entries;
    try {
      entries = readdirSync(join(contentDir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.(png|jpe?g|webp|avif|gif|svg)$/i.test(entry.name)) {
        images.push({ file: display(join(contentDir, path)), rel: path, bytes: statSync(join(contentDir, path)).size });
      }
    }
  };
  walk('images');
  return images;
}

function display(abs: string): string {
  return relative(process.cwd(), abs).split(sep).join('/');
}
