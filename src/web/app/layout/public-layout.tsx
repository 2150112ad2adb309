import { Outlet } from 'react-router';
import { Footer } from './footer';

/** The pages a visitor can read before signing in (landing, legal): the page, then the legal footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <div className="flex flex-1 flex-col">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
