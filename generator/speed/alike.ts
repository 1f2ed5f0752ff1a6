// Lists the preview makes again on every edit (records, posts, routes: tens of thousands of items
// on a big site) hold, at nearly every place, the very item the last edit's list held there: a
// changed file is a new object, an unchanged one stays the same object from edit to edit. These
// helpers compare such lists place by place, so an edit's work is one pass of identity
// comparisons plus the work for the few items that changed, instead of a lookup per item (a map
// keyed by tens of thousands of objects or strings is mostly cache misses on a big heap).

/** Whether `now` has, at each place, the item `last` had there or one `same` says is as good. */
export function alike<T>(now: readonly T[], last: readonly T[], same: (item: T, was: T) => boolean): boolean {
  return now.length === last.length && now.every((item, i) => item === last[i] || same(item, last[i]!));
}

/** The places where `now` holds another object than `last`, when both are as long and at most `most` differ; otherwise undefined. */
export function replacedAt<T>(now: readonly T[], last: readonly T[], most = 64): number[] | undefined {
  if (now.length !== last.length) return undefined;
  const at: number[] = [];
  for (let i = 0; i < now.length; i++) if (now[i] !== last[i] && at.push(i) > most) return undefined;
  return at;
}

/** A list mapped, with what it was mapped from: the `last` of the next `mapAlike`. */
export interface Mapped<T, U> {
  from: readonly T[];
  to: U[];
}

/**
 * `list` mapped by `map`, taking the last result (`last.to`) at each place where `list` holds
 * the item `last.from` held: `map` must give an equivalent result for the same item, as the
 * per-item memos it stands in front of do.
 */
export function mapAlike<T, U>(list: readonly T[], last: Mapped<T, U> | undefined, map: (item: T, i: number) => U): Mapped<T, U> {
  const to: U[] = [];
  for (let i = 0; i < list.length; i++) {
    const item = list[i]!;
    to.push(last && last.from[i] === item ? last.to[i]! : map(item, i));
  }
  return { from: list, to };
}
