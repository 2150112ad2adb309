import { Avatar } from '@/web/components/ui/avatar';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useAnswerRequest, useIncomingRequests } from '../api/requests';
import { useOpenRequest } from './request-dialog-provider';
import { RoleBadge } from './role-badge';

/** "Connection Requests": the pending requests addressed to the user, with accept and reject. */
export function PendingRequests({ userId }: { userId: string }) {
  const incoming = useIncomingRequests(userId);
  const answer = useAnswerRequest();
  const openRequest = useOpenRequest();
  if (incoming.length === 0) return null;

  return (
    <Card aria-labelledby="requests-title">
      <h2 id="requests-title" className="font-semibold">
        Connection Requests
      </h2>
      <ul className="mt-3 space-y-2">
        {incoming.map((r) => (
          <li
            key={r.id}
            className="flex flex-wrap items-center gap-2 rounded-control border border-border p-3"
          >
            <button
              type="button"
              className="flex min-w-0 flex-1 items-center gap-3 text-left"
              onClick={() => openRequest(r.id)}
            >
              <Avatar name={r.senderName} src={r.senderPhotoURL} />
              <span className="min-w-0">
                <span className="block truncate font-medium">{r.senderName}</span>
                <RoleBadge role={r.senderRole} />
              </span>
            </button>
            <Button
              size="sm"
              pending={answer.isPending}
              onClick={() =>
                answer.mutate(
                  { id: r.id, answer: 'accept' },
                  {
                    onSuccess: () =>
                      toast.success('Connection accepted', {
                        description: `You are now connected with ${r.senderName}`,
                      }),
                    onError: (e) =>
                      toast.error('Failed to accept connection', {
                        description: e instanceof ApiError ? e.message : '',
                      }),
                  },
                )
              }
            >
              Accept<span className="sr-only"> {r.senderName}</span>
            </Button>
            <Button
              size="sm"
              variant="outline"
              pending={answer.isPending}
              onClick={() =>
                answer.mutate(
                  { id: r.id, answer: 'reject' },
                  {
                    onSuccess: () => toast.success('Connection rejected'),
                    onError: (e) =>
                      toast.error('Failed to reject connection', {
                        description: e instanceof ApiError ? e.message : '',
                      }),
                  },
                )
              }
            >
              Reject<span className="sr-only"> {r.senderName}</span>
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
