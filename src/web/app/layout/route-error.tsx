import { AlertTriangle } from 'lucide-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { OfflineScreen } from './offline-screen';

const reload = () => window.location.reload();

/** What browsers say when the code of a page (a lazy chunk) cannot be fetched: offline, or gone after an upgrade. */
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload/i;

export const isChunkLoadError = (error: unknown) =>
  error instanceof Error && CHUNK_FAILURE.test(error.message);

/**
 * Every route's error element: a friendly message with Retry instead of the router's developer screen.
 * Retry reloads the page, which also fetches the new version's files after an upgrade. Inside the
 * signed-in layout it takes the page's place (top bar and navigation stay); elsewhere it is the page.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    console.warn('A page failed', error);
  }, [error]);
  // Offline, a page that could not load says so, and loads by itself once the device is back online.
  if (offline) return <OfflineScreen onRetry={reload} />;
  const Wrapper = standalone ? 'main' : 'div';
  return (
    <Wrapper
      className={cn(
        'flex flex-col items-center gap-4 px-4 py-16 text-center',
        standalone && 'min-h-dvh justify-center',
      )}
    >
      <AlertTriangle className="h-10 w-10 text-destructive" aria-hidden />
      <h1 tabIndex={-1} className="text-xl font-semibold">
        {chunk ? 'This page could not be loaded' : 'Something went wrong'}
      </h1>
      <p role="alert" className="max-w-sm text-muted-foreground">
        {chunk
          ? 'Check your connection and try again. If Pact has just been updated, Retry loads the new version.'
          : 'An unexpected error occurred. Please try again.'}
      </p>
      <Button onClick={reload}>Retry</Button>
    </Wrapper>
  );
}

/** The error boundary of a page outside the signed-in layout: the error is the page. */
export const StandaloneError = () => <RouteError standalone />;
/** The error boundary of a page inside the signed-in layout: top bar and navigation stay. */
export const InLayoutError = () => <RouteError />;
