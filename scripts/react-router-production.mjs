// React Router's package exports only its development build, which computes warnings at run time. The
// app's builds (the browser's and the server's, vite.config.ts) alias `react-router` and `react-router/dom`
// to its production build instead: the same code, its development warnings off. Both or neither: the two
// entries share one router context.
import path from 'node:path';

const dir = path.resolve('node_modules/react-router/dist/production');
export const reactRouterProduction = path.join(dir, 'index.mjs');
export const reactRouterDomProduction = path.join(dir, 'dom-export.mjs');
