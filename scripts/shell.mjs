// After the web build: the app's shell, dist/web/client/shell.html, which the service worker answers a
// navigation with when the network does not (decision 031): the document and the root route only, as React
// Router renders it in SPA mode; the page's own route then loads in the browser, or says it is offline.
// Usage: node scripts/shell.mjs   (part of `npm run build:web`)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// React Router honours its SPA-mode header only in a build request.
process.env.IS_RR_BUILD_REQUEST = 'yes';
const { createRequestHandler } = await import('react-router');
const dist = path.resolve('dist/web');
const build = await import(pathToFileURL(path.join(dist, 'server/index.js')).href);
const response = await createRequestHandler(
  build,
  'production',
)(new Request('http://localhost/', { headers: { 'X-React-Router-SPA-Mode': 'yes' } }));
if (response.status !== 200) throw new Error(`The shell rendered with status ${response.status}`);
writeFileSync(path.join(dist, 'client/shell.html'), await response.text());
console.info('shell -> dist/web/client/shell.html');
