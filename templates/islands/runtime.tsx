// Browser side of islands: finds this island's placeholders, reads their JSON props and
// hydrates each inside the error boundary. Hydration problems reach the console, where the
// end-to-end tests fail on them. A hydrated island gets `data-hydrated` (tests wait on it).
import { hydrateRoot } from 'react-dom/client';
import type { ComponentType } from 'react';
import { IslandBoundary } from './IslandBoundary.tsx';

/** Hydrates one island element (called by loader.ts when the island's time has come). */
export function hydrateIsland<P extends object>(element: HTMLElement, name: string, Component: ComponentType<P>): void {
  const id = element.dataset.islandId!;
  const propsScript = document.querySelector(`script[data-island-props="${id}"]`);
  const props = JSON.parse(propsScript?.textContent || '{}') as P;
  const heading = element.dataset.errorHeading ?? '';
  hydrateRoot(
    element,
    <IslandBoundary name={name} heading={heading} onMounted={() => element.setAttribute('data-hydrated', '')}>
      <Component {...props} />
    </IslandBoundary>,
    {
      identifierPrefix: `${id}-`,
      onRecoverableError(error, info) {
        console.error(`[island ${name}] hydration error:`, error, info.componentStack ?? '');
      },
    },
  );
}
