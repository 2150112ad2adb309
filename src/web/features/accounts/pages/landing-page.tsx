import {
  Crown,
  DoorOpen,
  EyeOff,
  Hand,
  HeartHandshake,
  ListChecks,
  Lock,
  ScrollText,
  ShieldCheck,
} from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { paths } from '@/shared/routes';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { useMe } from '@/web/lib/current-user';
import { useHydrated } from '@/web/lib/use-hydrated';
import { ProductPreview } from '../components/product-preview';

const AUDIENCES = [
  {
    Icon: Crown,
    title: 'For Dominants',
    text: 'Assign tasks and punishments, set deadlines and repeats, review proof and give feedback — with a clear record of every commitment.',
  },
  {
    Icon: HeartHandshake,
    title: 'For submissives',
    text: 'See what is expected of you, complete tasks with photo or voice proof, receive feedback, and keep a journal with your partner.',
  },
];

/**
 * What Pact promises (decision 098), each kept by the software, not by a policy: Red (decision 049), nothing
 * given automatically, limits checked before anything is asked (decisions 056 and 057), the media rules
 * (decision 012) and leaving (decision 053).
 */
const PROMISES = [
  {
    Icon: Hand,
    title: 'Either of you can stop everything',
    text: 'Red pauses every task, timer and request for both of you in one tap. It needs no reason, and time stopped never counts against anyone.',
  },
  {
    Icon: ShieldCheck,
    title: 'Limits the app keeps',
    text: 'Hard limits you agree on together are checked before anything is assigned, and nothing is ever punished automatically.',
  },
  {
    Icon: EyeOff,
    title: 'Only the two of you',
    text: 'Photos lose their location and camera details. Proof and messages are shown to the two partners only. No ads, no trackers.',
  },
  {
    Icon: DoorOpen,
    title: 'Leaving is always free',
    text: 'End a connection or delete your account at any time, and take a copy of everything with you first.',
  },
];

/** Prerendered as a visitor sees it; a signed-in user is sent on once it has hydrated. */
export function LandingPage() {
  const me = useMe();
  const hydrated = useHydrated();
  if (hydrated && me.data) return <Navigate to={paths.dashboard} replace />;
  return (
    <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-12 sm:py-20">
      <section className="text-center">
        <h1 className="text-5xl font-bold tracking-tight text-primary sm:text-6xl">Pact</h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-muted-foreground">
          A private space for two: tasks assigned and tracked, rules you both sign, and a connection nobody
          else can see.
        </p>
        <Link to={paths.auth} className={`${buttonClasses('primary', 'lg')} mt-8`}>
          Get Started
        </Link>
      </section>
      <ul className="mt-12 grid gap-3 text-sm sm:grid-cols-3">
        {[
          { Icon: ListChecks, text: 'Task assignment and tracking, with photo or voice proof' },
          { Icon: ScrollText, text: 'Rules and agreements, signed by both of you' },
          { Icon: Lock, text: 'A private, secure connection between partners' },
        ].map(({ Icon, text }) => (
          <li key={text} className="flex items-center gap-3 rounded-control bg-muted p-3">
            <Icon className="h-5 w-5 shrink-0 text-primary" aria-hidden />
            {text}
          </li>
        ))}
      </ul>
      <section className="mt-16" aria-labelledby="preview-title">
        <h2 id="preview-title" className="text-center text-3xl font-semibold">
          A look inside
        </h2>
        <div className="mt-8">
          <ProductPreview />
        </div>
      </section>
      <section className="mt-16 grid gap-4 sm:grid-cols-2" aria-label="Who Pact is for">
        {AUDIENCES.map(({ Icon, title, text }) => (
          <Card key={title}>
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <Icon className="h-5 w-5 text-primary" aria-hidden />
              {title}
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          </Card>
        ))}
      </section>
      <section className="mt-16" aria-labelledby="promises-title">
        <h2 id="promises-title" className="text-center text-3xl font-semibold">
          What Pact promises
        </h2>
        <ul className="mt-8 grid gap-x-8 gap-y-6 sm:grid-cols-2">
          {PROMISES.map(({ Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <Icon className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-sm">
          <Link to={paths.whoCanRead} className="font-medium text-primary underline underline-offset-4">
            Who can read what
          </Link>
        </p>
      </section>
    </main>
  );
}
