import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { type AppPath, paths } from '@/shared/routes';

/** The date the legal texts last changed (a material change is announced 30 days before it applies). */
export const LEGAL_UPDATED = 'November 22, 2026';

/**
 * A public reading page (legal texts, the store guide): readable signed in or out. Its Back link returns
 * to the settings page when it was opened from there, and to the home page otherwise.
 */
export function LegalLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const from = (useLocation().state as { from?: AppPath } | null)?.from;
  const back = from === paths.settings ? { to: paths.settings, label: 'Back to settings' } : null;
  return (
    <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-8">
      <Link
        to={back?.to ?? paths.home}
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> {back?.label ?? 'Back'}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      {intro ? <div className="mt-2 text-sm text-muted-foreground">{intro}</div> : null}
      <div className="mt-6 space-y-4 text-sm leading-relaxed [&_h2]:mt-8 [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ul]:list-disc [&_ul]:space-y-1.5">
        {children}
      </div>
    </main>
  );
}
