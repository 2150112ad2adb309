import type { LoaderFunctionArgs } from 'react-router';
import { loadQueries, reads } from '@/web/app/page-data';
import { EncryptionSection } from '@/web/features/encryption/components/encryption-section';
import { PushPanel } from '@/web/features/push/components/push-panel';
import { SettingsPage } from '@/web/features/settings/pages/settings-page';

/** What the page shows open: who is blocked, the account's security, its sessions and passkeys, its encryption key, the push preferences and the quieted kinds. */
export const loader = ({ context }: LoaderFunctionArgs) =>
  loadQueries(context, [
    reads.blockedUsers,
    reads.security,
    reads.sessions,
    reads.passkeys,
    reads.myKeys,
    reads.pushPreferences,
    reads.notificationPreferences,
  ]);
export const clientLoader = () => null;

/** The push panel and the encryption section are their features'; the settings page places them. */
export default function Settings() {
  return <SettingsPage pushPanel={<PushPanel />} encryption={<EncryptionSection />} />;
}
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
