// Browser side of islands: finds this island's placeholders, reads their JSON props and
// hydrates each inside the error boundary. Hydration problems reach the console, where the
// end-to-end tests fail on them. A hydrated island gets `data-hydrated` (tests wait on it).
// What the visitor already entered in the server-rendered form is handed to the island
// (lib/prefill.ts), and focus and caret are put back once it has hydrated.
import { hydrateRoot } from 'react-dom/client';
import { startTransition, type ComponentType } from 'react';
import { IslandBoundary } from './IslandBoundary.tsx';
import { prefillReader, readFocus, restoreFocus } from './lib/prefill.ts';
import { HYDRATING, replayPress, replaySubmit } from './lib/used.ts';

/** Hydrates one island element (called by loader.ts when the island's time has come). */
export function hydrateIsland<P extends object>(element: HTMLElement, name: string, Component: ComponentType<P>): void {
  const id = element.dataset.islandId!;
  const propsScript = document.querySelector(`script[data-island-props="${id}"]`);
  const props = JSON.parse(propsScript?.textContent || '{}') as P;
  const heading = element.dataset.errorHeading ?? '';
  const focus = readFocus(element);
  const prefill = prefillReader(element);
  const mounted = () => {
    restoreFocus(element, focus);
    element.setAttribute('data-hydrated', '');
    replayPress(element);
    replaySubmit(element);
  };
  element.setAttribute(HYDRATING, '');
  // In a transition React's render is interruptible: it works in slices and gives the main thread
  // back between them, where a default-priority hydration runs to the end in one task. A click
  // or key on a part not yet hydrated still hydrates it at once, and the event is replayed.
  startTransition(() => {
    hydrateRoot(
      element,
      <IslandBoundary name={name} heading={heading} prefill={prefill} onMounted={mounted}>
        <Component {...props} />
      </IslandBoundary>,
      {
        identifierPrefix: `${id}-`,
        onRecoverableError(error, info) {
          console.error(`[island ${name}] hydration error:`, error, info.componentStack ?? '');
        },
      },
    );
  });
}
