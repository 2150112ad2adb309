import { startTransition, useEffect, useState } from 'react';
import { useFirstNow } from './first-now';

/** The current time, refreshed every minute, so that due labels, colours and today move on while a page is open. */
export function useNow(intervalMs = 60_000) {
  const first = useFirstNow();
  const [now, setNow] = useState(first);
  useEffect(() => {
    // A page the server drew showed its moment until hydrated: from now on, the clock.
    startTransition(() => setNow(Date.now()));
    const timer = window.setInterval(() => startTransition(() => setNow(Date.now())), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
