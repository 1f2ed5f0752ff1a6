// Problems of a form not yet saved: the draft's text checked with every other file as the preview
// holds it, by the build's own validation, so the form shows the terminal's words at each field.
import type { Builder } from '../../build/build.ts';
import { validate } from '../../validate/validate.ts';
import type { Problem } from '../../problems/problems.ts';
import { recordOf } from './files.ts';

/** The problems `text` would have as the file `rel`, with the rest of the content unchanged. */
export function draftProblems(builder: Builder, rel: string, text: string): Problem[] {
  const draft = recordOf(text, rel, builder.options.contentDir);
  const records = [...builder.records.values()].filter((r) => r.relPath !== rel);
  records.push(draft);
  const { problems } = validate(records, { contentDir: builder.options.contentDir, includeDrafts: builder.options.includeDrafts, now: builder.clock?.now });
  return problems.filter((p) => p.file === draft.file);
}
