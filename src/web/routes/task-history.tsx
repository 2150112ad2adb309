import type { LoaderFunctionArgs } from 'react-router';
import { loadQueries, reads } from '@/web/app/page-data';
import { TaskHistoryPage } from '@/web/features/tasks/pages/task-history-page';

export const loader = ({ context }: LoaderFunctionArgs) => loadQueries(context, [reads.taskHistory]);
export const clientLoader = () => null;

export default TaskHistoryPage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
