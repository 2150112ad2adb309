import { useState } from 'react';
import { Link, Navigate, useActionData, useLocation, useNavigate } from 'react-router';
import { paths } from '@/shared/routes';
import { Tabs } from '@/web/components/ui/tabs';
import { useMe } from '@/web/lib/current-user';
import { useHydrated } from '@/web/lib/use-hydrated';
import type { AccountFormAnswer } from '../api/login';
import { ForgotPasswordView } from '../components/forgot-password-dialog';
import { LoginForm } from '../components/login-form';
import { RecoveryView } from '../components/recovery-view';
import { RegisterForm } from '../components/register-form';
import { VerificationNotice } from '../components/verification-notice';

/** Recovery parameters may come in the query or in the hash (type=recovery, token, email). */
function recoveryParams(search: string, hash: string) {
  for (const source of [new URLSearchParams(search), new URLSearchParams(hash.replace(/^#/, ''))]) {
    if (source.get('type') === 'recovery') {
      return { token: source.get('token') ?? source.get('token_hash') ?? '', email: source.get('email') };
    }
  }
  return null;
}

/**
 * Login and registration, prerendered as a visitor sees them (decision 048): the forms show
 * while the browser still asks who is signed in, and a signed-in user is sent on once it has hydrated.
 */
export function AuthPage() {
  // A form sent before the page's code ran: its tab stays open, or its address must be confirmed first.
  const answer = useActionData<AccountFormAnswer>();
  const location = useLocation();
  const navigate = useNavigate();
  const me = useMe();
  const hydrated = useHydrated();
  const [tab, setTab] = useState(
    answer?.intent === 'register' || new URLSearchParams(location.search).get('tab') === 'register'
      ? 'register'
      : 'login',
  );
  const [noticeFor, setNoticeFor] = useState<string | null>(answer?.unconfirmed ?? null);
  // The server never sees a hash: a recovery link that carries its token there is read once hydrated.
  const recovery = recoveryParams(location.search, hydrated ? location.hash : '');

  const backToLogin = () => {
    setNoticeFor(null);
    setTab('login');
    navigate(paths.auth, { replace: true });
  };

  let content: React.ReactNode;
  if (recovery) {
    // A reset link works whether or not this browser is signed in: the reset ends every session.
    content = (
      <RecoveryView key={recovery.token} token={recovery.token} email={recovery.email} onDone={backToLogin} />
    );
  } else if (hydrated && me.data) {
    return <Navigate to={paths.dashboard} replace />;
  } else if (answer?.intent === 'forgot') {
    content = <ForgotPasswordView answer={answer} />;
  } else if (noticeFor) {
    content = <VerificationNotice email={noticeFor} onBack={backToLogin} />;
  } else {
    content = (
      <div className="rounded-card border border-border bg-card p-card shadow-sm">
        <Tabs
          label="Login or register"
          value={tab}
          onValueChange={setTab}
          items={[
            { value: 'login', label: 'Login', content: <LoginForm onUnconfirmed={setNoticeFor} /> },
            {
              value: 'register',
              label: 'Register',
              content: <RegisterForm onVerificationRequired={setNoticeFor} />,
            },
          ]}
        />
      </div>
    );
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-8">
      <div className="mb-6 text-center">
        <Link to={paths.home} className="font-display text-3xl font-bold tracking-tight text-primary">
          Pact
        </Link>
        <h1 className="mt-1 font-sans text-sm text-muted-foreground">
          {recovery ? 'Password recovery' : 'Log in or create your account'}
        </h1>
      </div>
      {content}
      {/* Help can be read without an account, and without anyone knowing (decision 054). */}
      <footer className="mt-8 text-center text-xs text-muted-foreground">
        <Link
          to={paths.help}
          className="inline-flex min-h-11 items-center underline-offset-4 hover:underline"
        >
          Help and support
        </Link>
      </footer>
    </main>
  );
}
