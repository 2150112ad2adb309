// `npm test`: every test. The typecheck beside the lint, then the unit and API suite (Vitest), then the build
// and the browser suite (Playwright). The two suites run one after the other: each keeps the machine's cores
// busy, and side by side on two cores they took longer than in turn (984 s against 376 s and 561 s). Each
// line of output carries its stage's name; a stage that fails fails the run, after its partner in the round
// has finished, and the time each stage took is printed at the end.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Runs one npm script, its lines prefixed with its name; resolves with its exit code and its time. */
function stage(name) {
  const started = Date.now();
  const child = spawn('npm', ['run', '-s', name], { stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) =>
      resolve({ name, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 }),
    );
  });
}

const rounds = [['typecheck', 'lint'], ['test:unit'], ['test:e2e']];
const results = [];
for (const round of rounds) {
  const done = await Promise.all(round.map(stage));
  results.push(...done);
  if (done.some((r) => r.code !== 0)) break;
}

process.stdout.write('\nstage        seconds  result\n');
for (const r of results) {
  process.stdout.write(
    `${r.name.padEnd(12)} ${r.seconds.toFixed(0).padStart(7)}  ${r.code === 0 ? 'passed' : `failed (${r.code})`}\n`,
  );
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
