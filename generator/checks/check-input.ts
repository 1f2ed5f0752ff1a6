// The I/O edge of the warnings (generator/checks/checks.ts): gathers pages, page weights, image sizes
// and content texts from a finished build. `site build`, `site validate` and /_admin all call
// it, so they warn about the same things.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Builder } from '../build/build.ts';
import { budgetsOf, type BudgetsConfig, type CheckInput, type CheckPage } from './checks.ts';
import { listUnder, displayPath } from '../content/paths.ts';
import type { SourceRecord } from '../content/load.ts';
import type { Route } from '../render/routes.ts';
import type { Problem } from '../problems/problems.ts';
import { delivered } from '../assets/images/roles.ts';
import { isRaster } from '../assets/images/problems.ts';

/** What the checks read of a route besides its weight. */
function pageOf(route: Route): Omit<CheckPage, 'js' | 'islands'> {
  const post = route.props.post as { description?: string } | undefined;
  return {
    path: route.path,
    key: route.key,
    locale: route.locale,
    sources: route.sources.filter(Boolean),
    description: route.description ?? '',
    // A post without a description of its own shows its subheading in search results.
    ownDescription: post === undefined || Boolean(post.description),
  };
}

/**
 * The checks' input for a build: its routes with their JS weight and islands, the content
 * images, the budgets of content/site.yaml. `rendered` adds each page's HTML and a resolver
 * (the preview, which keeps its pages), for the checks of rendered links and images.
 */
export function checkInput(builder: Builder, contentDir: string, rendered?: { resolves(path: string): boolean; problems: Problem[] }): CheckInput {
  const config = builder.site?.config;
  const pages = builder.routes.map((route) => ({
    ...pageOf(route),
    js: builder.pageWeight(route.path, route).js,
    islands: builder.islandsOf(route.path),
    ...(rendered ? { html: builder.outputs.get(route.file)?.toString('utf8') ?? '' } : {}),
  }));
  return {
    pages,
    siteDescription: config?.description ?? '',
    siteUrl: config?.url,
    budgets: budgetsOf(config?.budgets),
    // A photo no page shows is not published, so it weighs nothing for a visitor.
    images: contentImages(contentDir).flatMap((image) => {
      const weight = deliveredBytes(builder, image.rel);
      return isRaster(image.rel) && !weight.delivered ? [] : [{ ...image, ...weight }];
    }),
    imageWarnings: builder.imageWarnings(),
    urlWarnings: builder.urls?.warnings,
    text: textReader(contentDir, [...builder.records.values()]),
    records: [...builder.records.values()],
    resolves: rendered?.resolves,
    problems: rendered?.problems,
  };
}

/**
 * The checks' input when nothing was rendered (`site validate`): pages come without weights,
 * so the JavaScript budgets are left to `site build`.
 */
export function contentCheckInput(records: SourceRecord[], routes: Route[], config: { description?: string; url?: string; budgets?: BudgetsConfig }, contentDir: string): CheckInput {
  return {
    pages: routes.map((route) => ({ ...pageOf(route), js: 0, islands: [] })),
    siteDescription: config.description ?? '',
    siteUrl: config.url,
    budgets: budgetsOf(config.budgets),
    // Photos (JPEG, PNG, WebP, AVIF) are left to `site build`: it encodes them, and what a visitor
    // downloads is the encoded width, not the source a phone wrote (megabytes become tens of KB).
    images: contentImages(contentDir).filter((image) => !isRaster(image.rel)),
    text: textReader(contentDir, records),
    records,
  };
}

/** A photo's bytes on a phone and on a laptop: the heaviest of the roles the pages showed it in. */
function deliveredBytes(builder: Builder, rel: string): { delivered?: { phone: number; desktop: number } } {
  const raster = builder.rasters.get(rel);
  if (!raster) return {};
  const roles = [...(builder.imageUses.get(rel) ?? ['content' as const])];
  const most = (viewport: 'phone' | 'desktop') => Math.max(...roles.map((role) => delivered(raster.encoded, role, viewport).bytes.length));
  return { delivered: { phone: most('phone'), desktop: most('desktop') } };
}

/** Reads a content file's text once, by display path; undefined when it is gone. */
function textReader(contentDir: string, records: SourceRecord[]): (file: string) => string | undefined {
  const rel = new Map(records.map((r) => [r.file, r.relPath]));
  const cache = new Map<string, string | undefined>();
  return (file) => {
    if (!cache.has(file)) {
      let text: string | undefined;
      try {
        const path = rel.get(file);
        if (path) text = readFileSync(join(contentDir, path), 'utf8');
      } catch {
        // Deleted since it was read: the next rebuild drops it.
      }
      cache.set(file, text);
    }
    return cache.get(file);
  };
}

/** Images under content/images (links not followed), with their sizes. */
function contentImages(contentDir: string): CheckInput['images'] {
  const images: CheckInput['images'] = [];
  const walk = (rel: string) => {
    for (const entry of listUnder(contentDir, rel)) {
      const path = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && /\.(png|jpe?g|webp|avif|gif|svg)$/i.test(entry.name)) {
        images.push({ file: displayPath(join(contentDir, path)), rel: path, bytes: statSync(join(contentDir, path)).size });
      }
    }
  };
  walk('images');
  return images;
}
