import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/shared/routes';

function LegalLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-8">
      <Link to={paths.home} className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <div className="mt-6 space-y-4 text-sm leading-relaxed [&_h2]:mt-6 [&_h2]:text-lg [&_h2]:font-semibold">
        {children}
      </div>
    </main>
  );
}

export function PrivacyPolicyPage() {
  return (
    <LegalLayout title="Privacy Policy">
      <p>Pact keeps the most private part of a relationship. This policy says what we store and why.</p>
      <h2>What we store</h2>
      <p>
        Your display name, email address, role, an optional profile picture, and what you and your partner
        create in Pact: tasks, punishments, your contract, journal messages, photos and voice notes used as
        proof.
      </p>
      <h2>Who can see it</h2>
      <p>
        Only you and the partner you connected with. Photos and voice notes are never published at a public
        address: they are served only to the two partners of a pair. Photo metadata (such as location) is
        removed on upload.
      </p>
      <h2>Passwords and sessions</h2>
      <p>Passwords are stored only as salted argon2id hashes. Sessions live in secure, HTTP-only cookies.</p>
      <h2>Deleting your account</h2>
      <p>
        You can delete your account at any time. Your personal data is removed within 30 days of account
        deletion.
      </p>
      <h2>Contact</h2>
      <p>Questions about your data can be sent to the support address shown in Settings.</p>
    </LegalLayout>
  );
}

export function TermsOfServicePage() {
  return (
    <LegalLayout title="Terms of Service">
      <h2>Who may use Pact</h2>
      <p>You must be at least 18 years old to use Pact. Pact is for consenting adults only.</p>
      <h2>Consent</h2>
      <p>
        Everything arranged in Pact rests on the ongoing, freely given consent of both partners. Either
        partner can end a connection at any time, and safewords always take precedence over anything recorded
        here.
      </p>
      <h2>Your content</h2>
      <p>
        You keep the rights to what you create. You are responsible for sharing only what your partner agreed
        to.
      </p>
      <h2>Changes to these terms</h2>
      <p>We will give you 30 days' notice of any material change to these terms.</p>
    </LegalLayout>
  );
}
