import type { ReactNode } from 'react';
import { BrandMark } from '@/web/components/ui/brand-mark';
import { PageSkeleton, Skeleton } from '@/web/components/ui/skeleton';
import { BottomNav } from './bottom-nav';

/**
 * The signed-in layout before the user is known (and before its code has arrived): the top bar's brand,
 * the navigation, and the outline of a page, where the layout will be, so that nothing moves when it
 * comes. Written into the HTML of every signed-in page at build time (decision 018). `notice`: the
 * connection banner while the server does not answer yet (decision 040).
 */
export function AppShellSkeleton({ notice = null }: { notice?: ReactNode }) {
  return (
    <div className="min-h-dvh pt-[calc(var(--top-bar)+1px)] pb-20 lg:pb-0 lg:pl-56">
      <header className="fixed inset-x-0 top-0 z-40 border-b border-border bg-card/95 pt-safe-top px-safe backdrop-blur">
        <div className="mx-auto flex h-(--top-bar) max-w-5xl items-center gap-2 px-3 sm:px-4 lg:max-w-none lg:px-6">
          <span className="flex items-center gap-2">
            <BrandMark className="h-8 w-8 shrink-0" />
            <span className="font-display text-xl font-bold text-primary">Pact</span>
          </span>
          {/* Where the bell, the avatar (with the name from sm), and Log out will be. */}
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            <Skeleton className="h-8 w-8" />
            <Skeleton className="h-9 w-9 rounded-full" />
            <div className="hidden space-y-1.5 sm:block">
              <Skeleton className="h-3.5 w-24" />
              <Skeleton className="h-3 w-36" />
            </div>
            <Skeleton className="h-8 w-8" />
          </div>
        </div>
      </header>
      {notice}
      <main className="mx-auto w-full max-w-5xl px-4 py-5">
        <PageSkeleton label="Loading Pact…" />
      </main>
      <BottomNav />
    </div>
  );
}
