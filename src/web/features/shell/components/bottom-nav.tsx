import { AlertTriangle, BookOpen, FileSignature, Home, ListChecks, Settings } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@/web/lib/cn';

export const NAV_ITEMS = [
  { to: '/dashboard', label: 'Home', Icon: Home },
  { to: '/tasks', label: 'Tasks', Icon: ListChecks },
  { to: '/contract', label: 'Contract', Icon: FileSignature },
  { to: '/journal', label: 'Journal', Icon: BookOpen },
  { to: '/punishments', label: 'Punish', Icon: AlertTriangle },
  { to: '/settings', label: 'Settings', Icon: Settings },
] as const;

export function BottomNav() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto grid max-w-5xl grid-cols-6">
        {NAV_ITEMS.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'flex h-16 flex-col items-center justify-center gap-1 text-[11px] font-medium sm:text-xs',
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
