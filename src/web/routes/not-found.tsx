import { data } from 'react-router';
import { NotFoundPage } from '@/web/app/layout/not-found-page';

/** Any other address: the page says so, and the status is a 404 too. */
export function loader() {
  throw data(null, { status: 404 });
}

export default NotFoundPage;
export function ErrorBoundary() {
  return <NotFoundPage />;
}
