import type { LoaderFunctionArgs } from 'react-router';
import { loadForChosenPartner, reads } from '@/web/app/page-data';
import { JournalPage } from '@/web/features/journal/pages/journal-page';

/** The conversation with the chosen partner, its newest page: the page is rendered with its messages. */
export const loader = ({ context, request }: LoaderFunctionArgs) =>
  loadForChosenPartner(context, request.url, reads.journal);
export const clientLoader = () => null;

export default JournalPage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
