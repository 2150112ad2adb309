import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS, build, buildDecision, STAMP } from './build-state.mjs';

let root: string;
const HOUR = 3600;
const now = () => Date.now() / 1000;

function write(relative: string, content = '') {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** Dates `relative` (a file, or a folder and everything in it) `secondsAgo` in the past. */
function age(relative: string, secondsAgo: number) {
  const t = now() - secondsAgo;
  const walk = (p: string) => {
    if (statSync(p).isDirectory()) for (const entry of readdirSync(p)) walk(path.join(p, entry));
    utimesSync(p, t, t);
  };
  walk(path.join(root, relative));
}

/** A project as a clone has it: the sources the build reads, and no build. */
function sources() {
  write('src/web/index.html', '<div id="root"></div>');
  write('src/web/main.tsx', 'export {};');
  write('src/web/public/icon.svg', '<svg/>');
  write('src/server/main.ts', 'export {};');
  write('package.json', '{}');
  write('package-lock.json', '{}');
  write('tsconfig.json', '{}');
  write('vite.config.ts', 'export default {};');
  age('.', 2 * HOUR);
}

/** A finished build, an hour ago (after the sources). */
function finishedBuild() {
  for (const output of BUILD_OUTPUTS) write(output, 'built');
  write(STAMP);
  age('dist', HOUR);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'pact-build-state-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('whether npm start builds', () => {
  it('builds a fresh clone, which has no build', () => {
    sources();
    expect(buildDecision(root)).toEqual({ build: true, reason: expect.stringContaining(STAMP) });
  });

  it('builds when an output of the build is gone, even with the stamp there', () => {
    sources();
    finishedBuild();
    rmSync(path.join(root, 'dist/server/main.js'));
    expect(buildDecision(root)).toEqual({
      build: true,
      reason: expect.stringContaining('dist/server/main.js'),
    });
  });

  it('reuses the build when every file the build reads is older than it', () => {
    sources();
    finishedBuild();
    expect(buildDecision(root)).toEqual({ build: false, reason: expect.stringContaining('nothing changed') });
  });

  it.each([
    'src/web/main.tsx',
    'src/web/index.html',
    'src/web/public/icon.svg',
    'src/server/main.ts',
    'package.json',
    'package-lock.json',
    'vite.config.ts',
    'tsconfig.json',
  ])('builds when %s is newer than the build', (source) => {
    sources();
    finishedBuild();
    age(source, 10);
    expect(buildDecision(root)).toEqual({ build: true, reason: `${source} changed since the last build` });
  });

  it('builds when an old file was renamed or removed after the build (its folder is newer)', () => {
    sources();
    finishedBuild();
    renameSync(path.join(root, 'src/web/main.tsx'), path.join(root, 'src/web/app.tsx'));
    expect(buildDecision(root).build).toBe(true);
  });

  it('ignores files the build does not read', () => {
    sources();
    finishedBuild();
    write('README.md', 'changed');
    write('e2e/new.spec.ts', 'changed');
    expect(buildDecision(root).build).toBe(false);
  });
});

describe('the build', () => {
  /** npm scripts standing in for Vite and esbuild: each writes its output, and may run a command first. */
  function scripts(web: string, server = 'true') {
    const out = (file: string) =>
      `node -e "require('fs').mkdirSync(require('path').dirname('${file}'),{recursive:true});require('fs').writeFileSync('${file}','built')"`;
    write(
      'package.json',
      JSON.stringify({
        scripts: {
          'build:web': `${web} && ${out('dist/web/client/index.html')} && ${out('dist/web/server/index.js')}`,
          'build:server': `${server} && ${out('dist/server/main.js')}`,
        },
      }),
    );
    age('package.json', 2 * HOUR);
  }

  const quiet = { stdio: 'ignore' } as const;

  it('leaves a stamp that the next start reuses', () => {
    sources();
    scripts('true');
    expect(build(root, quiet)).toBe(0);
    expect(buildDecision(root).build).toBe(false);
  });

  it('counts a source saved while the build ran as newer than the build', () => {
    sources();
    scripts(`node -e "require('fs').writeFileSync('src/web/main.tsx','saved during the build')"`);
    expect(build(root, quiet)).toBe(0);
    expect(buildDecision(root)).toEqual({
      build: true,
      reason: 'src/web/main.tsx changed since the last build',
    });
  });

  it('leaves no stamp when a step fails, so that the next start builds again', () => {
    sources();
    finishedBuild();
    age('src/server/main.ts', 10);
    scripts('true', 'exit 3');
    expect(build(root, quiet)).toBe(3);
    expect(existsSync(path.join(root, STAMP))).toBe(false);
    expect(buildDecision(root).build).toBe(true);
  });
});
