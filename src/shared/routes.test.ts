import { describe, expect, it } from 'vitest';
import routeConfig from '@/web/routes';
import { paths } from './routes';

interface Entry {
  path?: string;
  index?: boolean;
  children?: Entry[];
}

/** Every address the route config gives a page, parents' paths included. */
function addressesOf(entries: Entry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    const here = entry.index || (entry.path && !entry.children) ? [own || '/'] : [];
    return [...here, ...addressesOf(entry.children ?? [], own)];
  });
}

describe('the route config and the paths the links use', () => {
  it('name the same pages, and anything else is the not-found page', () => {
    const addresses = addressesOf(routeConfig as Entry[]);
    expect(addresses.filter((a) => a !== '/*').sort()).toEqual(Object.values(paths).sort());
    expect(addresses).toContain('/*');
  });
});
