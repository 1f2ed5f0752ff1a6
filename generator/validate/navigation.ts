// What navigation.yaml's schema cannot say: a footer column lists either its own links or those
// of a menu it names by id (`menu: solutions`), and that menu exists. A list kept twice by hand
// drifts (a new solution in the menu but not the footer); a column that names the menu cannot.
import { locate, type SourceRecord } from '../content/load.ts';
import { problem } from '../problems/errors.ts';
import type { Problem } from '../problems/problems.ts';
import { nearestName } from '../problems/suggest.ts';

interface RawColumn { links?: unknown; menu?: unknown }

/** Located problems with the footer's columns of a navigation record that passed its schema. */
export function footerColumnProblems(record: SourceRecord): Problem[] {
  const data = record.data as { menus?: { id?: unknown }[]; footer?: { columns?: RawColumn[] } } | undefined;
  const ids = (data?.menus ?? []).map((m) => String(m.id));
  const problems: Problem[] = [];
  (data?.footer?.columns ?? []).forEach((column, i) => {
    const path = ['footer', 'columns', i];
    const hasLinks = column.links !== undefined;
    const hasMenu = column.menu !== undefined;
    if (hasLinks === hasMenu) {
      problems.push(problem('footer-column-source', { file: record.file, ...locate(record, path), path: `footer.columns[${i}]` }, { both: hasLinks }));
    } else if (hasMenu && !ids.includes(String(column.menu))) {
      const value = String(column.menu);
      const at = { file: record.file, ...locate(record, [...path, 'menu']), path: `footer.columns[${i}].menu` };
      problems.push(problem('unknown-menu', at, { value, suggestion: nearestName(value, ids), known: ids }));
    }
  });
  return problems;
}
