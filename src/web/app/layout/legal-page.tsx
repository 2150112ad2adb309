import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '@/shared/about';
import { paths } from '@/shared/routes';
import { LEGAL_UPDATED, LegalLayout } from './legal-layout';

const Updated = () => <>Last updated {LEGAL_UPDATED}</>;
const Mail = () => (
  <a className="text-primary underline underline-offset-4" href={`mailto:${SUPPORT_EMAIL}`}>
    {SUPPORT_EMAIL}
  </a>
);

/**
 * What Pact stores, where and for how long, as the code does it (the schema in src/server/db/schema and
 * decisions 012, 016, 017, 024, 025). Change this page with them.
 */
export function PrivacyPolicyPage() {
  return (
    <LegalLayout title="Privacy Policy" intro={<Updated />}>
      <p>
        Pact keeps the most private part of a relationship. This policy says what Pact stores, where, for how
        long, who can see it, and what happens when you delete your account. Pact has no advertising, no
        analytics and no tracking, and sells or shares nothing.
      </p>

      <h2>What Pact stores</h2>
      <ul>
        <li>
          <strong>Your account:</strong> display name (and the username made from it), e-mail address and
          whether you confirmed it, role, time zone, your profile picture if you add one, and when you last
          opened your notifications. Your password is never stored: only a salted argon2id hash of it.
        </li>
        <li>
          <strong>Your signed-in devices:</strong> for each session, a random token (in an HTTP-only cookie in
          your browser), the browser&apos;s user-agent string, its IP address and, for a Switch, the role
          chosen for that session.
        </li>
        <li>
          <strong>Your security log:</strong> sign-ins, failed sign-in attempts, lockouts, password changes
          and resets, and sign-outs of other devices, each with the kind of browser (such as &quot;Firefox on
          Linux&quot;) and the first part of the network address only. You can read it in Settings.
        </li>
        <li>
          <strong>Your connections:</strong> your partners, the connection requests you sent and received, and
          the people you blocked.
        </li>
        <li>
          <strong>What you and your partner create together:</strong> tasks and their history, punishments,
          feedback, your contract with each of its versions and signatures, journal messages, photos and voice
          notes, and the notifications about them.
        </li>
        <li>
          <strong>Protection against abuse:</strong> a counter of failed sign-ins per e-mail address, and
          counters of requests per address or account kept as keyed hashes that name nobody.
        </li>
      </ul>

      <h2>Where it is kept</h2>
      <p>
        Everything is kept on the server that runs this Pact, in its database; photos and voice notes are kept
        in that database or in files on the same server. Photos are re-encoded when they arrive, which removes
        their metadata (such as the place they were taken). Mail (confirmation and reset links, the notice
        that your password changed, feedback mailed to you) goes out through the operator&apos;s mail server.
        Server logs record ids and error codes, never what you wrote.
      </p>
      <p>
        Your browser keeps the session cookie, a list of the connection requests it has already shown you
        (local storage), a note that the first page of your sign-in has loaded (session storage), your time
        zone (a cookie, so pages show your dates), and on a device where you chose them, your quick exit site
        (local storage) and discreet mode (a cookie). Pact sets no other cookies.
      </p>

      <h2>Who can see it</h2>
      <p>
        Only you, and the partner you share a pair with for what belongs to that pair. Photos and voice notes
        are never published at a public address: they are served only to the two partners of their pair.
        Someone searching for you needs your exact e-mail address, and sees only your name and role.
      </p>
      <p>
        The page{' '}
        <Link className="text-primary underline underline-offset-4" to={paths.whoCanRead}>
          Who can read what
        </Link>{' '}
        says it item by item: what the server&apos;s operator, your partner and someone holding your unlocked
        phone can read.
      </p>

      <h2>How long it is kept</h2>
      <ul>
        <li>Your account and what you create: for as long as your account exists.</li>
        <li>
          A session: until you log out, sign out your other sessions, change or reset your password, or within
          an hour of its expiry, 30 days after it was last used.
        </li>
        <li>The security log: your last 1,000 events; older ones are deleted as new ones arrive.</li>
        <li>Password reset and confirmation links: until they are used or expire (within a day).</li>
        <li>Failed sign-in counters and request counters: deleted within hours once they are stale.</li>
        <li>An upload that was never attached to anything: deleted after a day.</li>
        <li>
          When you disconnect from a partner, your pair&apos;s shared history is hidden from both of you; it
          comes back if you connect again, and it is deleted when either of you deletes their account.
        </li>
      </ul>

      <h2>Deleting your account</h2>
      <p>
        You can delete your account at any time in Settings. Pact deletes it at once: your account, sessions,
        security log, connections, requests and blocks, and every pair you belonged to with everything in it
        (tasks, punishments, the contract, journal messages, photos and voice notes, including those your
        partner added to that pair), as well as other people&apos;s notifications about you. Each partner is
        told that your connection ended.
      </p>
      <p>
        Your personal data is removed within 30 days of account deletion at the latest: Pact deletes it
        immediately, and copies in the operator&apos;s backups disappear as those backups are replaced, within
        that time.
      </p>

      <h2>Your rights</h2>
      <p>
        You can see and correct what Pact holds about you, ask for a copy of it, or have it deleted. Write to{' '}
        <Mail /> about anything in this policy.
      </p>

      <h2>Changes to this policy</h2>
      <p>We will give you 30 days&apos; notice of any material change to this policy.</p>
    </LegalLayout>
  );
}

export function TermsOfServicePage() {
  return (
    <LegalLayout title="Terms of Service" intro={<Updated />}>
      <p>By creating an account you agree to these terms. Please read them with the Privacy Policy.</p>

      <h2>Who may use Pact</h2>
      <p>
        You must be at least 18 years old to use Pact. Pact is for consenting adults only; registering
        confirms that you are 18 or older.
      </p>

      <h2>Consent</h2>
      <p>
        Everything arranged in Pact rests on the ongoing, freely given consent of both partners. Either
        partner can end a connection at any time, and safewords always take precedence over anything recorded
        here. Nothing in Pact, including a signed contract, obliges anyone to do anything.
      </p>

      <h2>Your account</h2>
      <p>
        Keep your password to yourself and use one you use nowhere else. If you think someone else has signed
        in, change your password in Settings: every other session is signed out.
      </p>

      <h2>Your content</h2>
      <p>
        You keep the rights to what you create. You are responsible for sharing only what your partner agreed
        to, and for not uploading anything unlawful or anything that shows another person without their
        consent.
      </p>

      <h2>Ending</h2>
      <p>
        You can delete your account at any time in Settings. The operator may suspend an account that breaks
        these terms.
      </p>

      <h2>No warranty</h2>
      <p>
        Pact is provided as it is. It is not a safety, medical or emergency service; in an emergency, contact
        your local emergency services.
      </p>

      <h2>Changes to these terms</h2>
      <p>
        We will give you 30 days&apos; notice of any material change to these terms, in the app or by e-mail,
        before it applies.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about these terms: <Mail />.
      </p>
    </LegalLayout>
  );
}
