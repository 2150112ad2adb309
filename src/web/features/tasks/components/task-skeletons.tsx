import { Loading, Skeleton } from '@/web/components/ui/skeleton';

const THREE = ['first', 'second', 'third'] as const;

/** The tasks list (or the history) while it loads: three cards the shape of a task card. */
export function TaskListSkeleton({ label }: { label: string }) {
  return (
    <Loading label={label}>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {THREE.map((key) => (
          <li
            key={key}
            className="flex flex-col gap-3 rounded-card border border-border bg-card p-card shadow-sm"
          >
            <div className="space-y-2">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-3 w-1/3" />
            </div>
            <Skeleton className="h-4 w-full" />
            <div className="flex gap-2">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-4 w-16 rounded-full" />
            </div>
            <Skeleton className="h-9 w-full rounded-control" />
          </li>
        ))}
      </ul>
    </Loading>
  );
}

/** The dashboard's Recent Tasks rows while they load. */
export function TaskRowsSkeleton() {
  return (
    <Loading label="Loading tasks…" className="mt-3 divide-y divide-border">
      {THREE.map((key) => (
        <div key={key} className="flex items-center gap-3 py-2.5">
          <Skeleton className="h-2.5 w-2.5 shrink-0 rounded-full" />
          <div className="min-w-0 flex-1 space-y-1.5">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </Loading>
  );
}
