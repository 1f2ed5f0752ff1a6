// The admin's view of the photos: for each photo the content names, its source
// (file, format, pixels, bytes), the bytes of every width and format the build delivers, what a
// phone (375 px at 2×) and a laptop (1280 px at 1×) download for each role the pages show it in,
// those pages, and its warnings located where content names it. Pure: it reads what the image
// stage and the asset store already hold, never a file.
import { join } from 'node:path';
import type { Encoded } from '../../assets/images/encode.ts';
import { sizeProblem } from '../../assets/images/problems.ts';
import { delivered, roles, type ImageRole } from '../../assets/images/roles.ts';
import type { Place } from '../../problems/errors.ts';
import { displayPath } from '../../content/paths.ts';
import type { Problem } from '../../problems/problems.ts';
import type { FileRef, PhotoInfo, ProblemInfo } from './types.ts';

/** What the builder holds about the photos of its last build (generator/build/build.ts). */
export interface PhotoSources {
  rasters: ReadonlyMap<string, { encoded: Encoded; files: string[] }>;
  /** The roles each photo was shown in by the last render. */
  uses: ReadonlyMap<string, ReadonlySet<ImageRole>>;
  /** Where content first names a photo (a field or a Markdown image). */
  firstReference(path: string): Place | undefined;
  /** Each page's path and its HTML, when the pages were kept (the preview). */
  pages: { path: string; html: string | Buffer }[];
}

type Ref = (file: string, line?: number, column?: number) => FileRef;

/** Every encoded photo, by content path. */
export function photosOf(input: PhotoSources, contentDir: string, ref: Ref, problemInfo: (p: Problem) => ProblemInfo): PhotoInfo[] {
  return [...input.rasters]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, { encoded, files }]) => {
      const used = [...(input.uses.get(path) ?? [])].sort((a, b) => Object.keys(roles).indexOf(a) - Object.keys(roles).indexOf(b));
      const at = input.firstReference(path);
      const warning = at ? sizeProblem(path, at, encoded.source.width, used) : undefined;
      const urls = files.map((f) => `/${f}`);
      const download = (role: ImageRole, viewport: 'phone' | 'desktop') => {
        const file = delivered(encoded, role, viewport);
        return { format: file.format, width: file.width, bytes: file.bytes.length };
      };
      return {
        path,
        file: ref(displayPath(join(contentDir, path))),
        ...(at ? { namedAt: ref(at.file, at.line, at.column) } : {}),
        source: { format: encoded.source.format, width: encoded.source.width, height: encoded.source.height, bytes: encoded.source.bytes },
        widths: encoded.widths,
        formats: [...new Set(encoded.files.map((f) => f.format))].map((format) => ({
          format,
          bytes: encoded.widths.map((w) => encoded.files.find((f) => f.format === format && f.width === w)?.bytes.length ?? 0),
        })),
        uses: used.map((role) => ({ role, phone: download(role, 'phone'), desktop: download(role, 'desktop') })),
        pages: input.pages.filter((p) => urls.some((url) => p.html.includes(url))).map((p) => p.path),
        warnings: warning ? [problemInfo(warning)] : [],
      };
    });
}
