import type { LoaderFunctionArgs } from 'react-router';
import { loadForChosenPartner, reads } from '@/web/app/page-data';
import { JournalPage } from '@/web/features/journal/pages/journal-page';

/**
 * The conversation with the chosen partner, its newest page: the page is rendered with its messages; with
 * the user's keys and pairs, so that whether it is sealed is known without asking again (decision 101).
 */
export const loader = ({ context, request }: LoaderFunctionArgs) =>
  loadForChosenPartner(context, request.url, (partnerId) => [
    reads.journal(partnerId),
    reads.myKeys,
    reads.pairs,
  ]);
export const clientLoader = () => null;

export default JournalPage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
