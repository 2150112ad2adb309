import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/web/components/ui/button';

/**
 * What a screen shows when it cannot load because the device is offline (decision 031): the app's shell
 * and code come from the service worker's cache, the user's data only from the server. It tries again by
 * itself when the browser is back online. Only before the user is known: an open page that goes offline
 * stays, with the connection banner (decision 040).
 */
export function OfflineScreen({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <WifiOff className="h-10 w-10 text-muted-foreground" aria-hidden />
      <h1 tabIndex={-1} className="text-xl font-semibold">
        You are offline
      </h1>
      <p role="alert" className="max-w-sm text-muted-foreground">
        Pact cannot load this screen without a connection. It will load when you are back online.
      </p>
      <Button onClick={onRetry}>Try again</Button>
    </main>
  );
}
