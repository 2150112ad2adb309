import { useState } from 'react';
import { Avatar } from '@/web/components/ui/avatar';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api';
import { useCurrentUser } from '@/web/lib/current-user';
import { format } from '@/web/lib/dates';
import { toast } from '@/web/lib/toast';
import { useAnswerRequest, usePartnerRequest } from '../api/requests';
import { RoleBadge } from './role-badge';

const MISSING = 'Request details are missing or invalid';

/** One request, loaded by id: accept, reject, or reject and block; or the error view. */
export function ConnectionRequestDialog({
  requestId,
  onClose,
}: {
  requestId: string | null;
  onClose: () => void;
}) {
  const me = useCurrentUser();
  const request = usePartnerRequest(requestId);
  const answer = useAnswerRequest();
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  const data = request.data;
  const actionable = data && data.status === 'pending' && data.receiverId === me.id;
  const close = () => {
    setConfirmingBlock(false);
    onClose();
  };

  const act = (kind: 'accept' | 'reject' | 'block') => {
    if (!data || !requestId) {
      const title = {
        accept: 'Cannot accept request',
        reject: 'Cannot reject request',
        block: 'Cannot block user',
      }[kind];
      toast.error(title, { description: MISSING });
      return;
    }
    answer.mutate(
      { id: requestId, answer: kind },
      {
        onSuccess: () => {
          if (kind === 'accept') {
            toast.success('Connection accepted', {
              description: `You are now connected with ${data.senderName}`,
            });
          } else if (kind === 'reject') {
            toast.success('Connection rejected');
          } else {
            toast.success('User blocked', {
              description: `${data.senderName} has been blocked and the request rejected`,
            });
          }
          close();
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.message : 'An unknown error occurred';
          if (kind === 'accept') toast.error('Failed to accept connection', { description: message });
          else if (kind === 'reject') toast.error('Failed to reject connection', { description: message });
          else toast.error('Failed to block user', { description: message, duration: 5000 });
        },
      },
    );
  };

  const open = requestId !== null;
  const failed = open && (request.isError || (data && !actionable && data.senderId !== me.id));

  // One dialog whose content changes, so that focus goes back to what opened it whatever it showed.
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={failed ? 'Connection Request Error' : 'Connection Request'}
      description={!failed && data ? `Received ${format(data.createdAt, 'MMM d, yyyy')}` : undefined}
    >
      {failed ? (
        <>
          <p className="text-sm text-muted-foreground">
            This request could not be found or has already been processed.
          </p>
          <div className="mt-4 flex justify-end">
            <Button onClick={close}>Close</Button>
          </div>
        </>
      ) : !data ? (
        <Spinner label="Loading request…" />
      ) : !actionable ? (
        <p className="text-sm text-muted-foreground">
          Your request to {data.receiverName} is waiting for an answer.
        </p>
      ) : confirmingBlock ? (
        <div className="space-y-4">
          <p className="font-semibold">Block {data.senderName}?</p>
          <p className="text-sm">
            The request is rejected, and {data.senderName} will no longer find you or be able to send you
            requests.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button variant="destructive" pending={answer.isPending} onClick={() => act('block')}>
              Block
            </Button>
            <Button variant="outline" pending={answer.isPending} onClick={() => setConfirmingBlock(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-5">
          <div className="flex items-center gap-3">
            <Avatar name={data.senderName} src={data.senderPhotoURL} size={44} />
            <div>
              <p className="font-semibold">{data.senderName}</p>
              <RoleBadge role={data.senderRole} />
            </div>
          </div>
          <p className="text-sm">
            {data.senderName} wants to connect with you. Only accept someone you know and trust.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button pending={answer.isPending} onClick={() => act('accept')}>
              Accept
            </Button>
            <Button variant="outline" pending={answer.isPending} onClick={() => act('reject')}>
              Reject
            </Button>
            <Button variant="destructive" pending={answer.isPending} onClick={() => setConfirmingBlock(true)}>
              Reject & Block
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
