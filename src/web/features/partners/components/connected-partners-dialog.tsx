import { useState } from 'react';
import type { PartnerView } from '@/shared/schemas/partners';
import { Avatar } from '@/web/components/ui/avatar';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useDisconnectPartner } from '../api/partners';
import { RoleBadge } from './role-badge';

export function ConnectedPartnersDialog({
  open,
  onOpenChange,
  partners,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  partners: PartnerView[];
}) {
  const [confirming, setConfirming] = useState<PartnerView | null>(null);
  const disconnect = useDisconnectPartner();

  const remove = (partner: PartnerView) =>
    disconnect.mutate(partner.id, {
      onSuccess: () => {
        toast.success('Partner disconnected', {
          description: `You are no longer connected with ${partner.name}`,
        });
        setConfirming(null);
      },
      onError: (error) =>
        toast.error('Failed to disconnect partner', {
          description: error instanceof ApiError ? error.message : 'Please try again',
        }),
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setConfirming(null);
        onOpenChange(o);
      }}
      title="Connected partners"
    >
      {confirming ? (
        <div className="space-y-4">
          <p className="text-sm">
            Disconnect from <strong>{confirming.name}</strong>? Your shared tasks, contract and journal will
            no longer be available to either of you until you connect again.
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button variant="destructive" pending={disconnect.isPending} onClick={() => remove(confirming)}>
              Disconnect
            </Button>
          </div>
        </div>
      ) : partners.length === 0 ? (
        <p className="text-sm text-muted-foreground">Not connected with any partners yet</p>
      ) : (
        <ul className="space-y-2">
          {partners.map((partner) => (
            <li key={partner.id} className="flex items-center gap-3 rounded-control border border-border p-3">
              <Avatar name={partner.name} src={partner.photoURL} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{partner.name}</p>
                <RoleBadge role={partner.role} />
              </div>
              <Button variant="outline" size="sm" onClick={() => setConfirming(partner)}>
                Remove<span className="sr-only"> {partner.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
