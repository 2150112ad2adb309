// `npm run bench [-- name ...]`: builds, then runs every benchmark (or those named: bundle, startup, login,
// realtime, journal, api, lists, writes, growth, export-rss, e2ee, lighthouse) one after the other and prints their figures. A benchmark that cannot run here
// (api, lists, writes and growth without DATABASE_URL, lighthouse without its packages) says so and is skipped (its exit code 2).
import { execSync, spawnSync } from 'node:child_process';

const BENCHES = [
  ['bundle', 'bundle size'],
  ['startup', 'startup'],
  ['login', 'login latency'],
  ['realtime', 'realtime'],
  ['journal', 'journal'],
  ['api', 'api'],
  ['lists', 'list routes against their fair ceiling'],
  ['writes', 'writes'],
  ['growth', 'growth'],
  ['export-rss', 'export memory with a slow client'],
  ['e2ee', 'end-to-end encryption in Chromium'],
  ['lighthouse', 'lighthouse'],
];
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !BENCHES.some(([name]) => name === w));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${BENCHES.map(([n]) => n).join(', ')}`);
  process.exit(2);
}

execSync('npm run build --silent', { stdio: 'inherit' });
const outcome = [];
for (const [name, title] of BENCHES) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.info(`\n# ${title}`);
  const { status, signal } = spawnSync('node', [`bench/${name}.mjs`], { stdio: 'inherit' });
  outcome.push([name, status === 0 ? 'ok' : status === 2 ? 'skipped' : `failed (${status ?? signal})`]);
}
console.info(`\n# done: ${outcome.map(([name, result]) => `${name} ${result}`).join(', ')}`);
process.exit(outcome.some(([, result]) => result.startsWith('failed')) ? 1 : 0);
