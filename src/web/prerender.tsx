import { Readable } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app';
import { routes } from './app/router';
import { createQueryClient } from './lib/query-client';

/**
 * The markup of the app at `url` as a browser's first render will find it (decision 018): the same tree
 * as main.tsx, nobody known to be signed in, every lazy page waited for (so the HTML holds the page, not
 * its fallback, and no inline script is needed to reveal it). Run at build time by scripts/prerender.ts.
 */
export async function renderPage(url: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(<App queryClient={createQueryClient()} router={router} />, {
    onError: (error) => {
      errors.push(error);
    },
  });
  if (errors.length > 0) throw new AggregateError(errors, `Rendering ${url} failed`);
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(prelude)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
