// `npm run bench`: builds, then prints every figure the benchmarks measure.
import { execSync } from 'node:child_process';

const run = (cmd) => execSync(cmd, { stdio: 'inherit' });
run('npm run build --silent');
console.info('\n# bundle');
run('node bench/bundle.mjs');
console.info('\n# startup');
run('node bench/startup.mjs');
console.info('\n# login latency');
run('node bench/login.mjs');
console.info('\n# realtime');
run('node bench/realtime.mjs');
console.info('\n# api');
run('node bench/api.mjs');
