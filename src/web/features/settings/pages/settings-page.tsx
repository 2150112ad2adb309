import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { APP_VERSION } from '@/shared/about';
import { paths } from '@/shared/routes';
import { AppLockSection } from '../components/app-lock-section';
import { AppearanceSection } from '../components/appearance-section';
import { BlockedUsersSection } from '../components/blocked-users-section';
import { ChangePasswordSection } from '../components/change-password-section';
import { DeleteAccountSection } from '../components/delete-account-section';
import { ExportDataSection } from '../components/export-data-section';
import {
  AboutSection,
  CheckinsSection,
  HelpSection,
  LegalSection,
  NotificationsSection,
  SupportSection,
} from '../components/info-sections';
import { NotificationKinds } from '../components/notification-kinds';
import { PasskeysSection } from '../components/passkeys-section';
import { ProfilePictureSection } from '../components/profile-picture-section';
import { ProofKeepSection } from '../components/proof-keep-section';
import { RecordSection } from '../components/record-section';
import { SecuritySection } from '../components/security-section';
import { ThisDeviceSection } from '../components/this-device-section';

/**
 * /settings (spec 2 §2): one column of sections, phone first, in the spec's order. Each section is a
 * component of its own; the page only lists them.
 */
export function SettingsPage({
  pushPanel,
  encryption,
}: {
  pushPanel?: ReactNode;
  encryption?: ReactNode;
} = {}) {
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <header className="space-y-2">
        <Link
          to={paths.dashboard}
          className="inline-flex min-h-11 items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to dashboard
        </Link>
        <h1 className="text-2xl font-bold">Settings</h1>
      </header>
      <ProfilePictureSection />
      <BlockedUsersSection />
      {/* The push panel (the push feature's) is passed in by routes/settings.tsx. */}
      <NotificationsSection>
        <NotificationKinds />
        {pushPanel}
      </NotificationsSection>
      <CheckinsSection />
      <SecuritySection />
      <PasskeysSection />
      {/* End-to-end encryption (the encryption feature's), passed in by routes/settings.tsx. */}
      {encryption}
      <AppLockSection />
      <ThisDeviceSection />
      <AppearanceSection />
      <ProofKeepSection />
      <RecordSection />
      <ExportDataSection />
      <ChangePasswordSection />
      <HelpSection />
      <SupportSection />
      <AboutSection />
      <LegalSection />
      <DeleteAccountSection />
      <footer className="pt-2 pb-4 text-center text-xs text-muted-foreground">
        © <span suppressHydrationWarning>{new Date().getFullYear()}</span> Pact · Version {APP_VERSION} · All
        rights reserved
      </footer>
    </div>
  );
}
