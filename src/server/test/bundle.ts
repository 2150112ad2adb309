import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { projectPath } from '../paths';

/**
 * The server as it ships, built by the project's own `build:server` command into a folder of its own under
 * dist/ (inside the project, so that the bundle finds the packages in node_modules and the migrations in
 * src/): `main` is its entry; `remove` deletes the folder.
 */
export function buildServerBundle() {
  const command = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')).scripts[
    'build:server'
  ] as string;
  const [tool, ...args] = command.split(/\s+/);
  if (tool !== 'esbuild') throw new Error(`build:server runs ${tool}, not esbuild`);
  mkdirSync(projectPath('dist'), { recursive: true });
  const dir = mkdtempSync(projectPath('dist', 'test-bundle-'));
  execFileSync(
    projectPath('node_modules/.bin/esbuild'),
    // The command writes into dist/server; the test's copy goes into its own folder.
    args.map((arg) => (arg.startsWith('--outdir=') ? `--outdir=${dir}` : arg)),
    { cwd: projectPath(), stdio: 'pipe' },
  );
  return { main: path.join(dir, 'main.js'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
