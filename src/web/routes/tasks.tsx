import type { LoaderFunctionArgs } from 'react-router';
import { loadQueries, reads } from '@/web/app/page-data';
import { TasksPage } from '@/web/features/tasks/pages/tasks-page';

export const loader = ({ context }: LoaderFunctionArgs) =>
  loadQueries(context, [reads.tasks, reads.taskHistory]);
export const clientLoader = () => null;

export default TasksPage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
