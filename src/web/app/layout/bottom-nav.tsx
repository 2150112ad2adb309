import { AlertTriangle, BookOpen, FileSignature, Home, ListChecks, ScrollText, Settings } from 'lucide-react';
import { NavLink } from 'react-router';
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

export function BottomNav() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/95 pb-safe-bottom px-safe backdrop-blur"
    >
      {/*
        Equal columns while every label fits; a column never narrower than its label and its padding (a fr
        track's minimum is its content), so that on a phone "Structure" and "Contract" keep a gap between them.
      */}
      <ul className="mx-auto grid max-w-5xl auto-cols-[1fr] grid-flow-col">
        {NAV_ITEMS.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'flex h-16 flex-col items-center justify-center gap-1 px-0.5 text-[0.6875rem] font-medium whitespace-nowrap min-[360px]:px-1 sm:text-xs',
                  isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
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
