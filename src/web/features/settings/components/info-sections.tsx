import { Bell, CircleAlert, FileText, HeartHandshake, Info, LifeBuoy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { APP_VERSION, SUPPORT_EMAIL } from '@/shared/about';
import { paths } from '@/shared/routes';
import { buttonClasses } from '@/web/components/ui/button';
import { SettingsSection } from './settings-section';
import { useAboutView } from './use-about-view';

/**
 * Notifications: what arrives in the app today. `children` is where the push panel goes once push exists
 * (the composition layer passes it in; see SettingsPage's `pushPanel`).
 */
export function NotificationsSection({ children }: { children?: ReactNode }) {
  return (
    <SettingsSection title="Notifications" Icon={Bell}>
      <p className="text-sm text-muted-foreground">
        New tasks, completions, feedback, punishments, contract changes, messages and connection requests
        appear in the bell at the top of every page, live while Pact is open, and all of them in the
        notification centre. Feedback can also be sent to you by e-mail.
      </p>
      {children}
    </SettingsSection>
  );
}

export function SupportSection() {
  return (
    <SettingsSection title="Support" Icon={LifeBuoy}>
      <p className="text-sm">
        Questions, problems or a request about your data? Write to{' '}
        <a className="font-medium text-primary underline underline-offset-4" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    </SettingsSection>
  );
}

/** The private help page (decision 054): opening it is never recorded or shown to anyone. */
export function HelpSection() {
  return (
    <SettingsSection title="Help and support" Icon={HeartHandshake}>
      <p className="text-sm text-muted-foreground">
        Questions to ask yourself, what a healthy dynamic looks like, and helplines. Private: nobody is told
        you opened it.
      </p>
      <div>
        <Link to={paths.help} state={{ from: paths.settings }} className={buttonClasses('outline')}>
          Open help and support
        </Link>
      </div>
    </SettingsSection>
  );
}

export function AboutSection() {
  const about = useAboutView();
  return (
    <SettingsSection title="About" Icon={Info}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Version</dt>
        <dd data-testid="app-version">{APP_VERSION}</dd>
        <dt className="text-muted-foreground">Platform</dt>
        <dd>{about?.platform ?? '…'}</dd>
        {about?.device ? (
          <>
            <dt className="text-muted-foreground">Device</dt>
            <dd>{about.device}</dd>
          </>
        ) : null}
      </dl>
    </SettingsSection>
  );
}

/** The privacy policy and the terms, as buttons (spec 2 §2); the release guide beside them. */
export function LegalSection() {
  return (
    <SettingsSection title="Legal" Icon={FileText}>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Link to={paths.privacyPolicy} state={{ from: paths.settings }} className={buttonClasses('outline')}>
          Privacy Policy
        </Link>
        <Link to={paths.termsOfService} state={{ from: paths.settings }} className={buttonClasses('outline')}>
          Terms of Service
        </Link>
        <Link to={paths.releaseInfo} state={{ from: paths.settings }} className={buttonClasses('outline')}>
          Release Information
        </Link>
        <Link to={paths.whoCanRead} state={{ from: paths.settings }} className={buttonClasses('outline')}>
          Who can read what
        </Link>
      </div>
    </SettingsSection>
  );
}

/** Check-ins (decision 052): the cadence and the pair's past check-ins live on their own page. */
export function CheckinsSection() {
  return (
    <SettingsSection
      title="Check-ins"
      Icon={CircleAlert}
      description="When the two of you are asked how you are, and your past check-ins."
    >
      <Link to={paths.checkIns} className={buttonClasses('outline')}>
        Open check-ins
      </Link>
    </SettingsSection>
  );
}
