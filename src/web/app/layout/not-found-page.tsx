import { Link } from 'react-router';
import { paths } from '@/shared/routes';
import { buttonClasses } from '@/web/components/ui/button';

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist.</p>
      <Link to={paths.home} className={buttonClasses('primary')}>
        Return to Home
      </Link>
    </main>
  );
}
