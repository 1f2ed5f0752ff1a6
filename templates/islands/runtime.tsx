// Browser side of islands: finds this island's placeholders, reads their JSON props and
// hydrates each inside the error boundary. Hydration problems reach the console, where the
// end-to-end tests fail on them. A hydrated island gets `data-hydrated` (tests wait on it).
import { hydrateRoot } from 'react-dom/client';
import type { ComponentType } from 'react';
import { IslandBoundary } from './IslandBoundary.tsx';

export function hydrateIslands<P extends object>(name: string, Component: ComponentType<P>): void {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const id = element.dataset.islandId!;
    const propsScript = document.querySelector(`script[data-island-props="${id}"]`);
    const props = JSON.parse(propsScript?.textContent || '{}') as P;
    const heading = element.dataset.errorHeading ?? '';
    const hydrate = () =>
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
    if (element.dataset.hydrate === 'visible' && 'IntersectionObserver' in window) {
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          hydrate();
        }
      }, { rootMargin: '200px' });
      observer.observe(element);
    } else {
      hydrate();
    }
  }
}
