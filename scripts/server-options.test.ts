import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the benches, without types
import { serverNodeOptions } from '../bench/lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<
  string,
  string
>;
const optionsOf = (script: string) => script.split(/\s+/).filter((word) => word.startsWith('--'));

/** The server's node options (decision 062): one set, whichever way it is started, and the one measured. */
describe("the server's node options", () => {
  it('npm start and npm run serve give the server the same options, the young generation sized', () => {
    expect(optionsOf(scripts.start as string)).toEqual(optionsOf(scripts.serve as string));
    expect(optionsOf(scripts.serve as string)).toContain('--max-semi-space-size=32');
  });

  it('the browser suite starts its server with them too', () => {
    const config = readFileSync(path.join(root, 'playwright.config.ts'), 'utf8');
    const command = /command: '(node [^']*e2e-server\.mjs)'/.exec(config)?.[1] ?? '';
    expect(optionsOf(command)).toEqual(serverNodeOptions(root));
  });

  it('the benches start the server with the options npm run serve gives it', () => {
    expect(serverNodeOptions(root)).toEqual(
      optionsOf(scripts.serve as string).filter((o) => o !== '--enable-source-maps'),
    );
  });
});
