// Server side of an island: registers the component and its props for this page and leaves
// a placeholder. render.ts renders each island on its own (renderToString, so hydration
// markers are exact and useId prefixes are per island) and puts it where the placeholder is,
// next to a <script type="application/json"> with the props. The island's own esbuild entry
// (generator/assets/bundle.ts) hydrates it in the browser. On a translated page the island also gets
// the page's language as its `locale` prop (lib/locale.tsx says why a prop); English pages add
// nothing, so their props and markup are as before.
import type { ComponentType } from 'react';
import { useEnv } from '../context.tsx';
import type { LoadWhen } from '../../generator/render/render.ts';

interface IslandProps<P> {
  /** File name in templates/islands without .tsx; also the client entry's name. */
  name: string;
  component: ComponentType<P>;
  props: P;
  /**
   * When to load and hydrate (see loader.ts): when near the viewport or used (the default; on the
   * first screen that is at once), at once wherever it is, when the browser is idle, or only once
   * the visitor uses it (a form whose plain markup works until then).
   */
  hydrate?: 'load' | 'visible' | 'idle' | 'used';
  /**
   * A `used` island that hydrates at once all the same where the server's markup cannot be all
   * the visitor needs: on screens matching `media`, or when the address carries one of `params`
   * (state the server did not render, such as /blogs?category=eld).
   */
  loadWhen?: LoadWhen;
}

export function Island<P>({ name, component, props, hydrate = 'visible', loadWhen }: IslandProps<P>) {
  const env = useEnv();
  const localized = env.locale === 'en' ? props : { ...props, locale: env.locale };
  const index = env.addIsland({ name, component, props: localized, hydrate, loadWhen });
  return <site-island data-slot={index} />;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'site-island': { 'data-slot': number };
      'site-shell': { 'data-slot': number };
    }
  }
}
