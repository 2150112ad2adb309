import { AlertTriangle, BookOpen, FileSignature, Home, ListChecks, ScrollText, Settings } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { paths } from '@/shared/routes';
import { cn } from '@/web/lib/cn';

const NAV_ITEMS = [
  { to: paths.dashboard, label: 'Home', Icon: Home },
  { to: paths.tasks, label: 'Tasks', Icon: ListChecks },
  { to: paths.structure, label: 'Structure', Icon: ScrollText },
  { to: paths.contract, label: 'Contract', Icon: FileSignature },
  { to: paths.journal, label: 'Journal', Icon: BookOpen },
  { to: paths.punishments, label: 'Punish', Icon: AlertTriangle },
  { to: paths.settings, label: 'Settings', Icon: Settings },
] as const;

/**
 * The main navigation: a tab bar at the bottom on a phone and a tablet; from 1024 px a column on the left,
 * under the top bar and its border, 14 rem wide (`lg:w-56`, which the layout leaves free with `lg:pl-56`), each label beside
 * its icon. Under 20 rem across (large text on a phone, decision 091) the labels stay and the bar scrolls
 * sideways, the current page's tab brought into view.
 */
export function BottomNav() {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each page that opens marks its own tab current
  useEffect(() => {
    const bar = nav.current;
    const current = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!bar || !current || bar.scrollWidth <= bar.clientWidth) return;
    // The bar alone scrolls, never the page (scrollIntoView could move the document).
    const left = current.offsetLeft;
    if (left < bar.scrollLeft || left + current.offsetWidth > bar.scrollLeft + bar.clientWidth) {
      bar.scrollLeft = left - (bar.clientWidth - current.offsetWidth) / 2;
    }
  }, [pathname]);
  return (
    <nav
      ref={nav}
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/95 pb-safe-bottom px-safe backdrop-blur lg:top-[calc(4rem+1px+env(safe-area-inset-top))] lg:right-auto lg:w-56 lg:overflow-y-auto lg:border-t-0 lg:border-r lg:pr-0 narrow:overflow-x-auto narrow:[scrollbar-width:none]"
    >
      {/*
        Equal columns while every label fits; a column never narrower than its label and its padding (a fr
        track's minimum is its content), so that on a phone "Structure" and "Contract" keep a gap between them.
        From 1024 px, one column. Under 20 rem, as wide as the labels need, to scroll.
      */}
      <ul className="mx-auto grid max-w-5xl auto-cols-[1fr] grid-flow-col lg:flex lg:flex-col lg:gap-1 lg:p-3 narrow:w-max narrow:min-w-full">
        {NAV_ITEMS.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'flex h-16 flex-col items-center justify-center gap-1 px-0.5 text-[0.6875rem] font-medium whitespace-nowrap min-[360px]:px-1 sm:text-xs',
                  'lg:h-11 lg:flex-row lg:justify-start lg:gap-3 lg:rounded-control lg:px-3 lg:text-sm',
                  isActive
                    ? 'text-primary lg:bg-accent lg:text-accent-foreground'
                    : 'text-muted-foreground hover:text-foreground lg:hover:bg-muted',
                )
              }
            >
              <Icon className="h-5 w-5" aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
