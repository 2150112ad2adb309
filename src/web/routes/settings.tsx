import { PushPanel } from '@/web/features/push/components/push-panel';
import { SettingsPage } from '@/web/features/settings/pages/settings-page';

/** The push panel is the push feature's; the settings page shows it inside Notifications. */
export default function Settings() {
  return <SettingsPage pushPanel={<PushPanel />} />;
}
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
