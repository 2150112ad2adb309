import { DatabaseZap, RefreshCw, WifiOff } from 'lucide-react';
import { type Connection, useConnection } from '@/web/lib/connection';

/** What the banner says (decision 040): a short title, and what it means; the database's text is the spec's. */
export const CONNECTION_TEXT = {
  reconnecting: {
    title: 'Reconnecting…',
    detail: 'This page stays as it is and updates once Pact answers again.',
  },
  offline: {
    title: 'You are offline.',
    detail: 'This page stays as it is and updates when you are back online.',
  },
  database: {
    title: 'Database connection issue detected.',
    detail: 'Please try again later or contact support.',
  },
} as const satisfies Record<Exclude<Connection, 'live'>, { title: string; detail: string }>;

const ICONS = { reconnecting: RefreshCw, offline: WifiOff, database: DatabaseZap } as const;

/**
 * A small notice under the top bar while Pact cannot be reached: it keeps the page as it is and goes away
 * by itself once the server answers again. At the top of the page it takes a place of its own (covering
 * neither the page nor the top bar's controls); scrolled, it stays in sight under the top bar, and taps
 * pass through it. On a phone it shows its title only (a screen reader hears all of it), except the
 * database's text, which the spec gives whole. The live region is always there, so that a screen reader
 * hears the notice come and go, politely.
 */
export function ConnectionBanner() {
  const connection = useConnection();
  const text = connection === 'live' ? null : CONNECTION_TEXT[connection];
  const Icon = connection === 'live' ? null : ICONS[connection];
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none sticky top-[calc(var(--top-bar)+1px)] z-30 flex justify-center px-4"
    >
      {text && Icon ? (
        <p
          data-testid="connection-banner"
          data-connection={connection}
          className="mt-2 flex max-w-full items-start gap-2 rounded-bubble border border-border bg-card px-3 py-1.5 text-sm text-foreground shadow-sm"
        >
          <Icon
            className={
              connection === 'reconnecting'
                ? 'mt-0.5 h-4 w-4 shrink-0 motion-safe:animate-spin'
                : 'mt-0.5 h-4 w-4 shrink-0 text-warning'
            }
            aria-hidden
          />
          <span>
            <strong className="font-semibold">{text.title}</strong>{' '}
            <span className={connection === 'database' ? undefined : 'sr-only sm:not-sr-only'}>
              {text.detail}
            </span>
          </span>
        </p>
      ) : null}
    </div>
  );
}
