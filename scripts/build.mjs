// `npm run build`: the web app (dist/web), the server bundle (dist/server) and the stamp `npm start`
// compares the sources with (scripts/build-state.mjs).
import path from 'node:path';
import { build } from './build-state.mjs';

process.exitCode = build(path.resolve(import.meta.dirname, '..'));
