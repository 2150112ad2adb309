import { Link } from 'react-router';
import { APP_VERSION } from '@/shared/about';
import { paths } from '@/shared/routes';

export function Footer() {
  return (
    <footer className="border-t border-border px-4 py-6 text-center text-xs text-muted-foreground">
      <nav aria-label="Legal" className="flex justify-center gap-4">
        <Link to={paths.privacyPolicy} className="hover:underline">
          Privacy Policy
        </Link>
        <Link to={paths.termsOfService} className="hover:underline">
          Terms of Service
        </Link>
        <Link to={paths.help} className="hover:underline">
          Help and support
        </Link>
      </nav>
      <p className="mt-2">
        {/* The landing page is prerendered: a page built last year shows this year on hydrating. */}©{' '}
        <span suppressHydrationWarning>{new Date().getFullYear()}</span> Pact · Version {APP_VERSION} · For
        consenting adults (18+)
      </p>
    </footer>
  );
}
