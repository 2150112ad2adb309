import { Crown, HeartHandshake, ListChecks, Lock, ScrollText } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { paths } from '@/shared/routes';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { useMe } from '@/web/lib/current-user';
import { useHydrated } from '@/web/lib/use-hydrated';

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
          <li key={text} className="flex items-center gap-3 rounded-lg bg-muted p-3">
            <Icon className="h-5 w-5 shrink-0 text-primary" aria-hidden />
            {text}
          </li>
        ))}
      </ul>
      <section className="mt-10 grid gap-4 sm:grid-cols-2" aria-label="Who Pact is for">
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
    </main>
  );
}
