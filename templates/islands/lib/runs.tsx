// The items of a list that may be long (the blog list: every post, thousands on a big site).
// In the browser, and wherever the server does not ask for it, `Runs` is just its items. When
// `site build` renders an island (generator/render/render.ts, renderIslandMarkup), it provides
// RunsContext: a list longer than the renderer's run is then a placeholder in the island's
// markup, and the renderer renders the items a run at a time into its place, each run handed on
// before the next is rendered. The markup is the same to the byte (the items are elements side by
// side, which React writes one after the other), but React's work for a list of thousands of
// posts (objects and strings alive at once, the largest moment of such a build) becomes a run's.
//
// Rendered apart, an item sees no context from above the list and no useId of the island's:
// items must take everything from their props (tests/unit/render/render.test.ts compares the markups).
import { createContext, useContext, type ReactElement } from 'react';
import type { RunSlots } from '../../../generator/render/render.ts';

export const RunsContext = createContext<RunSlots | null>(null);

export function Runs({ items }: { items: readonly ReactElement[] }) {
  const slots = useContext(RunsContext);
  const slot = slots ? slots.add(items) : -1;
  return slot < 0 ? <>{items}</> : <site-runs data-slot={slot} />;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'site-runs': { 'data-slot': number };
    }
  }
}
