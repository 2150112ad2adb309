// Whether `npm start` must build first, and the build itself. `npm run build` leaves a stamp in dist/
// whose modification time is the moment that build BEGAN: a file the build reads that is as new as the
// stamp or newer (saved during or after that build) means the build is stale. Folders count too: adding,
// removing or renaming a file changes its folder's time even when the file itself is old.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the web build (Vite, Tailwind) and the server bundle (esbuild) read; folders are walked. */
export const BUILD_INPUTS = [
  'src',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'react-router.config.ts',
  'scripts/build-state.mjs',
  'scripts/precompress.mjs',
  'scripts/react-router-production.mjs',
];
/** A build is missing when one of these is. */
export const BUILD_OUTPUTS = [
  'dist/web/client/index.html',
  'dist/web/server/index.js',
  'dist/server/main.js',
];
export const STAMP = 'dist/.build-stamp';

const mtimeOf = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
};

/** The first input (a path relative to `root`) modified at or after `since`, or null. */
function changedSince(root, relative, since) {
  const full = path.join(root, relative);
  let stat;
  try {
    stat = statSync(full);
  } catch {
    return null; // an optional input that does not exist (a fresh clone has every one)
  }
  if (stat.mtimeMs >= since) return relative;
  if (!stat.isDirectory()) return null;
  for (const entry of readdirSync(full)) {
    const found = changedSince(root, path.posix.join(relative, entry), since);
    if (found) return found;
  }
  return null;
}

/** @returns {{ build: boolean, reason: string }} whether the project at `root` must be built before it starts. */
export function buildDecision(root) {
  const stamp = mtimeOf(path.join(root, STAMP));
  if (stamp === null) return { build: true, reason: `no finished build (${STAMP} is missing)` };
  for (const output of BUILD_OUTPUTS) {
    if (mtimeOf(path.join(root, output)) === null) return { build: true, reason: `${output} is missing` };
  }
  for (const input of BUILD_INPUTS) {
    const changed = changedSince(root, input, stamp);
    if (changed) return { build: true, reason: `${changed} changed since the last build` };
  }
  return { build: false, reason: `nothing changed since the build of ${new Date(stamp).toISOString()}` };
}

/**
 * `npm run build:web`, then `npm run build:server`, then the stamp (dated at the start). The stamp is
 * removed first, so that a build that fails half-way is never taken for a finished one.
 * @param {string} root
 * @param {{ stdio?: 'inherit' | 'ignore' }} [options] where the steps' output goes (the terminal by default)
 * @returns {number} the exit code: 0, or that of the step that failed
 */
export function build(root, { stdio = 'inherit' } = {}) {
  const startedSeconds = Date.now() / 1000;
  const stamp = path.join(root, STAMP);
  rmSync(stamp, { force: true });
  for (const step of ['build:web', 'build:server']) {
    const result = spawnSync('npm', ['run', step], {
      cwd: root,
      stdio,
      shell: process.platform === 'win32',
    });
    if (result.status !== 0) return result.status ?? 1;
  }
  mkdirSync(path.dirname(stamp), { recursive: true });
  writeFileSync(stamp, 'npm start builds again when a file the build reads is newer than this one.\n');
  utimesSync(stamp, startedSeconds, startedSeconds);
  return 0;
}
