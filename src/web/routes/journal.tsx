import { JournalPage } from '@/web/features/journal/pages/journal-page';

export default JournalPage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
