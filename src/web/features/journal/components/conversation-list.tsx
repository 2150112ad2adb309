import { Link } from 'react-router';
import { Avatar } from '@/web/components/ui/avatar';
import { cn } from '@/web/lib/cn';

/**
 * From 1024 px, the conversations beside the open one (decision 094): one link per partner, the open one
 * marked current. Under 1024 px the partner picker above the conversation does this job.
 */
export function ConversationList({
  partners,
  current,
}: {
  partners: { id: string; name: string; photoURL: string | null }[];
  current: string;
}) {
  return (
    <nav aria-label="Conversations" className="hidden w-60 shrink-0 lg:block">
      <ul className="space-y-1">
        {partners.map((p) => (
          <li key={p.id}>
            <Link
              to={{ search: `?partner=${p.id}` }}
              replace
              aria-current={p.id === current ? 'page' : undefined}
              className={cn(
                'flex min-h-11 items-center gap-3 rounded-control px-3 py-2 text-sm font-medium hover:bg-muted',
                p.id === current && 'bg-accent text-accent-foreground hover:bg-accent',
              )}
            >
              <Avatar name={p.name} src={p.photoURL} size={32} />
              <span className="min-w-0 truncate">{p.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
