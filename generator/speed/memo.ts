// What the preview keeps from one edit to the next: the one seam through which validation,
// placeholders, transformation and the route table reuse their last results. An edit replaces
// the objects of the files it touched and leaves every other record, post and route the same
// object, so each stage's plain function is wrapped here once, where it is defined, and answers
// again for an unchanged object without doing the work. Everything here is only a cache: take
// it away and the stages compute the same values, each time.
//
// A `site build` builds once and has no next edit to keep them for; on a big site they hold much
// of the live heap from validation to the end, so `forgetEditMemos` empties them all once a
// one-shot build has planned its routes.

const memos = new Set<{ clear(): void }>();

/**
 * `compute`, remembered per object: called again with the same `key` and the same other
 * arguments (each `===` the last call's), it answers what it answered then. `dependsOn` names
 * the arguments that decide the answer when others only help to work it out (the set of facts
 * whose key is given too). Wrap a function that gives an equal result for equal arguments; an
 * argument made anew on every call (an object literal, a fresh array) makes the memo miss every
 * time and costs only the lookup.
 */
export function remembered<K extends WeakKey, A extends unknown[], V>(compute: (key: K, ...rest: A) => V, dependsOn: (...rest: A) => readonly unknown[] = (...rest) => rest): (key: K, ...rest: A) => V {
  let map = new WeakMap<K, { on: readonly unknown[]; value: V }>();
  memos.add({ clear: () => (map = new WeakMap()) });
  return (key, ...rest) => {
    const on = dependsOn(...rest);
    const last = map.get(key);
    if (last && last.on.length === on.length && last.on.every((a, i) => a === on[i])) return last.value;
    const value = compute(key, ...rest);
    map.set(key, { on, value });
    return value;
  };
}

/**
 * A Map the preview keeps between edits: the last whole list a stage made, per language or per
 * name, for `mapAlike` and `alike` to compare the next one with.
 */
export function editMap<K, V>(): Map<K, V> {
  const map = new Map<K, V>();
  memos.add(map);
  return map;
}

/** As `editMap`, keyed by objects that go when nothing else holds them (a language's Markdown cache). */
export function editWeakMap<K extends WeakKey, V>(): { get(key: K): V | undefined; set(key: K, value: V): void } {
  let map = new WeakMap<K, V>();
  memos.add({ clear: () => (map = new WeakMap()) });
  return { get: (key) => map.get(key), set: (key, value) => void map.set(key, value) };
}

/** How many times the memos were emptied in this process (what a test looks at). */
export let forgotten = 0;

/** Empties every memo: what a one-shot build kept for a next edit that will not come (Builder.full). */
export function forgetEditMemos(): void {
  for (const memo of memos) memo.clear();
  forgotten++;
}

// Lists the preview makes again on every edit (records, posts, routes: tens of thousands of
// items on a big site) hold, at nearly every place, the very item the last edit's list held
// there. Comparing such lists place by place makes an edit's work one pass of identity
// comparisons plus the work for the few items that changed, instead of a lookup per item (a map
// keyed by tens of thousands of objects is mostly cache misses on a big heap).

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
 * remembered function it stands in front of does.
 */
export function mapAlike<T, U>(list: readonly T[], last: Mapped<T, U> | undefined, map: (item: T, i: number) => U): Mapped<T, U> {
  const to: U[] = [];
  for (let i = 0; i < list.length; i++) {
    const item = list[i]!;
    to.push(last && last.from[i] === item ? last.to[i]! : map(item, i));
  }
  return { from: list, to };
}
