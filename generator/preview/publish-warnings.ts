// What `site build --strict` (what publishing runs) would stop on, for the build the preview
// keeps: the same checks and the same lines, so an author sees them while editing, not in CI.
import type { Builder } from '../build/build.ts';
import { runChecks } from '../checks/checks.ts';
import { checkInput } from '../checks/check-input.ts';
import { warningLines } from '../terminal.ts';
import type { Problem } from '../problems/problems.ts';

/** The warnings publishing would stop on, and the lines `site build --strict` prints for them. */
export interface PublishWarnings { count: number; lines: string[]; warnings: Problem[] }

/**
 * The build's warnings as `site build` finds them. The preview builds drafts and publishing
 * does not, so the checks are given the published pages only: a draft's page warns of nothing,
 * while what the checks read from every record (facts typed out, translations) stays, as it
 * does in `site build`.
 */
export function publishWarnings(builder: Builder, contentDir: string): PublishWarnings {
  const drafts = new Set(builder.routes.filter((route) => (route.props.post as { draft?: boolean } | undefined)?.draft === true).map((route) => route.path));
  const input = checkInput(builder, contentDir);
  const warnings = runChecks({ ...input, pages: input.pages.filter((page) => !drafts.has(page.path)) });
  return { count: warnings.length, lines: warningLines(warnings), warnings };
}
