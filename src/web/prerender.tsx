import { Readable } from 'node:stream';
import type { QueryClient } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app';
import { routes } from './app/router';
import type { Boot } from './lib/boot';
import { createQueryClient } from './lib/query-client';

/**
 * The markup of the app at `url` as a browser's first render will find it (decision 018): the same tree
 * as main.tsx, nobody known to be signed in unless `queryClient` and `boot` say who, every lazy page
 * waited for (so the HTML holds the page, not its fallback, and no inline script is needed to reveal it).
 * Run at build time by scripts/prerender.ts, and by the server renderer to load a page's code once.
 */
export async function renderPage(
  url: string,
  opts: { queryClient?: QueryClient; boot?: Boot | null } = {},
): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const errors: unknown[] = [];
  const app = <App queryClient={opts.queryClient ?? createQueryClient()} router={router} boot={opts.boot} />;
  const { prelude } = await prerenderToNodeStream(app, {
    onError: (error) => {
      errors.push(error);
    },
  });
  if (errors.length > 0) throw new AggregateError(errors, `Rendering ${url} failed`);
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(prelude)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
