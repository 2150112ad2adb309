// `npm start`: builds only when the build is missing or older than a file it reads, says which on one
// line, then runs the server in this process (it handles SIGTERM and SIGINT and sets the exit code).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, buildDecision } from './build-state.mjs';

const root = path.resolve(import.meta.dirname, '..');
const decision = buildDecision(root);
console.info(`Pact: ${decision.build ? 'building' : 'reusing the build'}: ${decision.reason}`);
if (decision.build) {
  const code = build(root);
  if (code !== 0) {
    console.error(`Pact: the build failed (exit code ${code}); not starting`);
    process.exit(code);
  }
}
await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
