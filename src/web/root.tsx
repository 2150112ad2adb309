// First, before any schema is built.
import './zod-config';
import { HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { Fragment, type ReactNode, useEffect, useMemo, useState } from 'react';
import {
  Links,
  type LoaderFunctionArgs,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import { LOCKED_TITLE } from '@/shared/texts/app-lock';
import { THEME_COLORS } from '@/shared/texts/appearance';
import { useHeadingFocusOnNavigation } from './app/layout/page-focus';
import { RouteError } from './app/layout/route-error';
import { lockedOf, type PageData } from './app/page-data';
import { Toasts } from './app/providers';
import { Spinner } from './components/ui/spinner';
import { setZoneSource } from './lib/dates';
import { headOf, useDiscreet } from './lib/discreet';
import { markHydrated } from './lib/first-now';
import { createQueryClient } from './lib/query-client';
import { type Rendered, RenderedContext } from './lib/rendered';
import { renewTheme, useTheme } from './lib/theme';
import { browserTimeZone, rememberTimeZone } from './lib/time-zone';

/**
 * The moment the page was rendered and the time zone its dates were rendered in (the request's `pact_tz`
 * cookie, read by the server in one place, decision 048); UTC on a prerendered page.
 */
export function loader({ context }: LoaderFunctionArgs): Rendered {
  return {
    renderedAt: context.renderedAt ?? Date.now(),
    timeZone: context.timeZone ?? 'UTC',
    prerendered: !context.read,
    discreet: context.discreet ?? false,
    theme: context.theme ?? 'system',
  };
}

/** The stylesheet, in the server's build only: the browser finds it in the page it hydrates. */
const SERVER_STYLES: string = import.meta.env.SSR ? (await import('./styles.css?inline')).default : '';
const STYLES_ID = 'pact-styles';
/** The same text on the server and in the hydrating browser, which reads it from the page itself. */
const styles = () =>
  typeof document === 'undefined' ? SERVER_STYLES : (document.getElementById(STYLES_ID)?.textContent ?? '');

/** What the root's loader says holds for the whole visit: it is never asked again. */
export const shouldRevalidate = () => false;

/** The document around every page: the same for prerendered, server-rendered and error pages. */
export function Layout({ children }: { children: ReactNode }) {
  // A page rendered locked names nothing in its tab (decision 078); the lock screen keeps the title after.
  const locked = useMatches().some((match) => lockedOf(match.loaderData as PageData | undefined));
  // Discreet mode (decision 081): the neutral name and icons from the first byte, and live when it is chosen.
  const rendered = useRouteLoaderData<typeof loader>('root');
  const head = headOf(useDiscreet(rendered?.discreet ?? false));
  // The device's scheme (decision 089): rendered by the server, and live when it is chosen.
  const theme = useTheme(rendered?.theme ?? 'system');
  return (
    <html lang="en" data-theme={theme === 'system' ? undefined : theme}>
      <head>
        <meta charSet="UTF-8" />
        <meta
          name="viewport"
          content="width=device-width, initial-scale=1, viewport-fit=cover, interactive-widget=resizes-content"
        />
        <meta name="color-scheme" content={theme === 'system' ? 'light dark' : theme} />
        {theme === 'system' ? (
          <>
            <meta name="theme-color" media="(prefers-color-scheme: light)" content={THEME_COLORS.light} />
            <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLORS.dark} />
          </>
        ) : (
          <meta name="theme-color" content={THEME_COLORS[theme]} />
        )}
        <meta name="description" content={head.description} />
        <meta name="robots" content="noindex" />
        <link rel="icon" type="image/png" sizes="48x48" href={head.favicon} />
        <link rel="apple-touch-icon" href={head.appleTouch} />
        <link rel="manifest" href={head.manifest} />
        <meta name="apple-mobile-web-app-title" content={head.title} />
        <title>{locked ? LOCKED_TITLE : head.title}</title>
        {/* Inline, so that the page paints from its HTML alone, before its scripts have arrived. */}
        <style id={STYLES_ID}>{styles()}</style>
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Every matched route's dehydrated queries, merged: one hydration point, before anything renders. */
function useMatchedQueries() {
  const matches = useMatches();
  return useMemo(() => {
    const queries = matches.flatMap(
      (match) => (match.loaderData as PageData | undefined)?.queries?.queries ?? [],
    );
    return { mutations: [], queries };
  }, [matches]);
}

/** In the browser: the zone the page was rendered in until it is hydrated, then the browser's own. */
let hydratedZone: string | null = null;
if (typeof document !== 'undefined') setZoneSource(() => hydratedZone ?? undefined);

/**
 * Once hydrated, dates are shown in the browser's zone, and the server is told it for the next page. A page
 * rendered for a request in another zone (no cookie yet, a journey) is rendered again in the browser's.
 */
function useBrowserZone(rendered: Rendered) {
  if (typeof document !== 'undefined' && hydratedZone === null) {
    // A prerendered page shows no dates: the browser's zone from the start, and nothing to render again.
    hydratedZone = rendered.prerendered ? browserTimeZone() : rendered.timeZone;
  }
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const zone = browserTimeZone();
    const redraw = hydratedZone !== zone;
    hydratedZone = zone;
    if (rendered.prerendered || redraw) rememberTimeZone(zone);
    if (redraw) setGeneration((g) => g + 1);
  }, [rendered.prerendered]);
  return generation;
}

/** The query cache (one per request on the server, one per tab in the browser) and the toasts. */
export default function App() {
  const [queryClient] = useState(createQueryClient);
  const rendered = useRouteLoaderData<typeof loader>('root') ?? {
    renderedAt: 0,
    timeZone: 'UTC',
    prerendered: true,
  };
  const theme = useTheme(rendered.theme ?? 'system');
  const state = useMatchedQueries();
  const generation = useBrowserZone(rendered);
  useHeadingFocusOnNavigation();
  // From now on every control answers a tap (styles.css keeps them inert until then).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    markHydrated();
    renewTheme();
  }, []);
  return (
    <RenderedContext value={rendered}>
      <QueryClientProvider client={queryClient}>
        <HydrationBoundary state={state}>
          <Fragment key={generation}>
            <Outlet />
          </Fragment>
        </HydrationBoundary>
        <Toasts theme={theme} />
      </QueryClientProvider>
    </RenderedContext>
  );
}

/** What the app's shell shows while a page's route loads in the browser (the offline shell, decision 031). */
export function HydrateFallback() {
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <Spinner label="Loading…" />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteError standalone />;
}
