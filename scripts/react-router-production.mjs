// React Router's package exports only its development build, which computes warnings at run time. Both
// builds of the app (the browser's, vite.config.ts; the server renderer's, build-render.mjs) alias
// `react-router` to its production build instead: the same code, its development warnings off.
import path from 'node:path';

export const reactRouterProduction = path.resolve('node_modules/react-router/dist/production/index.mjs');
