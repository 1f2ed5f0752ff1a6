// The template side as one module, so the generator can load a fresh copy after an edit
// (the preview re-imports it with a new version; see bin/register.js).
export { pages } from './pages/index.ts';
export { EnvProvider } from './context.tsx';
export { IslandBoundary } from './islands/IslandBoundary.tsx';
export { RunsContext } from './islands/lib/runs.tsx';
export { jsonForScript } from './layout/Document.tsx';
export { blogListData } from './pages/Blog.tsx';
export { templateStyles } from './styles.ts';
// React and its server renderer travel with the templates: one React for components and renderer.
export { createElement } from 'react';
export { renderToStaticMarkup, renderToString } from 'react-dom/server';
