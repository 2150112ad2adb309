import { ArrowLeft, ExternalLink, LogOut } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { type AppPath, paths } from '@/shared/routes';

/**
 * Where "Leave this page" goes: a neutral site that says nothing about Pact or about help (decision 054).
 * The page is replaced in the tab's history, so Back does not return here.
 */
export const QUICK_EXIT_URL = 'https://www.wikipedia.org/';

/** The day the numbers below were last checked against each helpline's own page (decision 054). */
export const HELPLINES_CHECKED = '27 November 2026';

/** National helplines (decision 049), each with the page its number was checked against. */
const HELPLINES: {
  country: string;
  name: string;
  phone: string;
  tel: string;
  more?: string;
  source: string;
}[] = [
  {
    country: 'United Kingdom',
    name: 'National Domestic Abuse Helpline (Refuge)',
    phone: '0808 2000 247',
    tel: '+448082000247',
    more: 'Free, 24 hours a day. Online form to ask for a safe time to be called back.',
    source: 'https://www.nationaldahelpline.org.uk/',
  },
  {
    country: 'United States',
    name: 'National Domestic Violence Hotline',
    phone: '1-800-799-7233 (800-799-SAFE)',
    tel: '+18007997233',
    more: 'Free, 24 hours a day. Or text START to 88788, or chat at thehotline.org.',
    source: 'https://www.thehotline.org/',
  },
  {
    country: 'Germany',
    name: 'Hilfetelefon „Gewalt gegen Frauen“',
    phone: '116 016',
    tel: '116016',
    more: 'Free, anonymous, 24 hours a day, in 18 languages; chat and e-mail at hilfetelefon.de.',
    source: 'https://www.hilfetelefon.de/',
  },
];

/** The Leather Leadership Conference's questions (1999), as decision 049 words them. */
const SELF_CHECK = [
  'Can you say no without it costing you anything?',
  'Are your limits respected, and your safeword heard the first time?',
  'Can you see friends and family freely?',
  'Do you decide about your money, your work and your health?',
  'Could you leave without fearing harm?',
  'Can you talk about your relationship with anyone you choose?',
];

const HEALTHY = [
  'Both of you negotiated what happens, and either can change their mind at any time.',
  'A stop is honoured at once, and using it costs nothing: no sulking, no punishment, no lost trust.',
  'The dynamic has edges you agreed on; outside them you are equals.',
  'You feel safe, even when play is intense.',
  'You have people outside the relationship you can talk to.',
];

const ABUSE = [
  'Fear that does not end when a scene ends, or that is about what happens if you say no.',
  'Limits or a safeword ignored, or "punished" afterwards.',
  'Being cut off from friends, family, work or money, told it is "part of the dynamic".',
  'Consent that was never asked, or a contract used to say you have no choice.',
  'Control that follows you everywhere: your phone, your messages, where you are.',
];

function leave(event: MouseEvent<HTMLAnchorElement>) {
  // Replaced rather than followed: Back in this tab does not come here again.
  event.preventDefault();
  window.location.replace(QUICK_EXIT_URL);
}

/**
 * /help (decisions 049, 054): a private page of help, public and prerendered, precached so that it opens
 * offline. It asks the server for nothing: opening it is never recorded, sent or shown to anyone.
 */
export function HelpPage() {
  const from = (useLocation().state as { from?: AppPath } | null)?.from;
  const back =
    from === paths.settings
      ? { to: paths.settings, label: 'Back to settings' }
      : from
        ? { to: from, label: 'Back to Pact' }
        : { to: paths.home, label: 'Back' };
  return (
    <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link
          to={back.to}
          className="inline-flex min-h-11 items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> {back.label}
        </Link>
        <a
          href={QUICK_EXIT_URL}
          onClick={leave}
          rel="noreferrer"
          data-testid="quick-exit"
          className="inline-flex min-h-11 items-center gap-2 rounded-control bg-primary px-4 text-sm font-semibold text-primary-foreground"
        >
          <LogOut className="h-4 w-4" aria-hidden /> Leave this page
        </a>
      </div>
      <h1 className="mt-4 text-3xl font-bold">Help and support</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        This page is private. Pact does not record that you opened it, and your partner is not told.
      </p>

      <div className="mt-6 space-y-4 text-sm leading-relaxed [&_h2]:mt-8 [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1.5">
        <section
          aria-labelledby="help-danger"
          className="rounded-card border-2 border-destructive bg-card p-4 text-foreground"
        >
          <h2 id="help-danger" className="!mt-0">
            If you are in danger
          </h2>
          <p className="mt-1">
            Call your local emergency number now: <strong>112</strong> in the European Union,{' '}
            <strong>999</strong> in the United Kingdom, <strong>911</strong> in the United States and Canada.
          </p>
        </section>

        <h2 id="help-self-check">Is this still what you want?</h2>
        <p>A few questions to ask yourself, in private. Any "no" is worth taking seriously.</p>
        <ul aria-labelledby="help-self-check">
          {SELF_CHECK.map((q) => (
            <li key={q}>{q}</li>
          ))}
        </ul>

        <h2>A healthy dynamic</h2>
        <ul>
          {HEALTHY.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>

        <h2>Abuse that calls itself a dynamic</h2>
        <ul>
          {ABUSE.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>
          Abuse is not always from the dominant to the submissive. What matters is whether saying no carries a
          cost. None of this is your fault, and you can ask for help at any time.
        </p>

        <h2 id="help-where">Where help is</h2>
        <p>Free, confidential national helplines. They help whoever is hurt, and the people around them.</p>
        <ul className="!ml-0 !list-none space-y-3" aria-labelledby="help-where">
          {HELPLINES.map((line) => (
            <li key={line.country} className="!ml-0 rounded-control border border-border bg-card p-3">
              <p className="font-semibold">{line.country}</p>
              <p>{line.name}</p>
              <p>
                <a
                  className="font-semibold text-primary underline underline-offset-4"
                  href={`tel:${line.tel}`}
                >
                  {line.phone}
                </a>
              </p>
              {line.more ? <p className="text-muted-foreground">{line.more}</p> : null}
              <p>
                <a
                  className="inline-flex items-center gap-1 text-primary underline underline-offset-4"
                  href={line.source}
                  rel="noreferrer"
                  target="_blank"
                >
                  {new URL(line.source).host}
                  <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </p>
            </li>
          ))}
        </ul>
        <p className="text-muted-foreground">
          Numbers checked on {HELPLINES_CHECKED}. Elsewhere, your local emergency number can tell you who to
          call.
        </p>
        <p>
          Consent in kink: the National Coalition for Sexual Freedom's resources, at{' '}
          <a
            className="text-primary underline underline-offset-4"
            href="https://ncsfreedom.org/"
            rel="noreferrer"
            target="_blank"
          >
            ncsfreedom.org<span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </p>

        <h2>Keeping this private</h2>
        <p>
          "Leave this page" takes you to Wikipedia and keeps this page out of this tab's Back button. Your
          browser's history may still list it: a private window leaves none. Anyone who can unlock your phone
          can see what is open on it.
        </p>
      </div>
    </main>
  );
}
