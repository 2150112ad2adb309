import { startTransition, useEffect, useState } from 'react';
import { useFirstNow } from '@/web/lib/first-now';

/** The current time, refreshed every second while `active` (a running countdown), else left as it is. */
export function useTickingNow(active: boolean) {
  const [now, setNow] = useState(useFirstNow());
  useEffect(() => {
    if (!active) return;
    startTransition(() => setNow(Date.now()));
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}
