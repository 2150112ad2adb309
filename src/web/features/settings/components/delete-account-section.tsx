import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SettingsSection } from './settings-section';

export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection
      title="Delete account"
      Icon={Trash2}
      tone="danger"
      description="Deletes your account, ends every partnership and removes what you shared, at once."
    >
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </SettingsSection>
  );
}
