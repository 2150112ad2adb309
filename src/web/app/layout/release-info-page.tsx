import { paths } from '@/shared/routes';
import { LegalLayout } from './legal-layout';

/** Spec 2 §2: what both stores ask for, with its limits. */
const REQUIREMENTS: { item: string; requirement: string }[] = [
  { item: 'App icon', requirement: '512 x 512 pixels, PNG' },
  { item: 'Phone screenshots', requirement: '16:9 aspect ratio' },
  { item: 'Tablet screenshots', requirement: '16:10 aspect ratio' },
  { item: 'Privacy policy URL', requirement: 'A public address of the privacy policy' },
  { item: 'Content rating', requirement: "The store's questionnaire, answered for an 18+ app" },
  { item: 'Short description', requirement: 'At most 80 characters' },
  { item: 'Full description', requirement: 'At most 4000 characters' },
];

/** Our own 13 steps (the spec does not give its wording; decision 027). */
const STEPS: { title: string; body: string }[] = [
  {
    title: 'Put Pact at its final address',
    body: 'Deploy it over HTTPS at the domain the apps will open (APP_URL), with mail working and the privacy policy and terms readable without an account.',
  },
  {
    title: 'Check the installable app',
    body: 'The web manifest (name, icons, start address, standalone display) and the service worker must pass an installability audit in Chrome and open offline to the app shell.',
  },
  {
    title: 'Open the developer accounts',
    body: "A Google Play Console account and an Apple Developer Program membership, in the operator's legal name, with a support e-mail address that is read.",
  },
  {
    title: 'Package for Android',
    body: 'Wrap the web app as a Trusted Web Activity (Bubblewrap or PWABuilder), choose the package name once for good, and build a signed Android App Bundle (.aab) with Play App Signing.',
  },
  {
    title: 'Link the domain to the Android app',
    body: 'Serve /.well-known/assetlinks.json with the SHA-256 fingerprint of the signing key, so that the app opens full screen without a browser bar.',
  },
  {
    title: 'Package for iOS',
    body: 'Wrap the app in a native shell (PWABuilder or Capacitor) with its bundle identifier, archive it in Xcode and upload the build to App Store Connect.',
  },
  {
    title: 'Make the store graphics',
    body: 'The 512 x 512 PNG icon (Apple also asks for 1024 x 1024), phone screenshots at 16:9 and tablet screenshots at 16:10 from demo accounts holding no real person’s data, and the Play feature graphic.',
  },
  {
    title: 'Write the listing',
    body: 'Name, short description (80 characters at most), full description (4000 at most), category, support address and the privacy policy URL.',
  },
  {
    title: 'Answer the content rating questionnaires',
    body: 'IARC on Google Play and the age rating on the App Store, truthfully about mature themes; Pact is for adults of 18 or older only.',
  },
  {
    title: 'Declare the data Pact handles',
    body: "Play's Data safety form and Apple's App Privacy details, from the privacy policy: what is stored, that nothing is shared or used for tracking, encryption in transit, and account deletion both in the app and on the web.",
  },
  {
    title: 'Give the reviewers a way in',
    body: 'A connected demo couple (a dominant and a submissive account) with their passwords in the review notes, and a note that Pact holds no public content and is for consenting adult couples.',
  },
  {
    title: 'Test the release builds',
    body: 'Through Play internal testing and TestFlight, on real phones and tablets: sign-in, notifications, photo and voice uploads, the contract, and deleting an account.',
  },
  {
    title: 'Submit, then release in stages',
    body: 'Send both builds for review; release to a share of users first (staged rollout, phased release), watch crash reports and reviews, and raise the version for every update.',
  },
];

/** /release-info: how to publish Pact to Google Play and the App Store. Public, like the legal pages. */
export function ReleaseInfoPage() {
  const origin = typeof window === 'undefined' ? 'https://your-domain' : window.location.origin;
  return (
    <LegalLayout
      title="Release Information"
      intro="How to publish Pact to Google Play and the Apple App Store."
    >
      <h2>Store requirements</h2>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Item
              </th>
              <th scope="col" className="py-2 font-semibold">
                Requirement
              </th>
            </tr>
          </thead>
          <tbody>
            {REQUIREMENTS.map((r) => (
              <tr key={r.item} className="border-b border-border">
                <th scope="row" className="py-2 pr-4 align-top font-medium">
                  {r.item}
                </th>
                <td className="py-2">{r.requirement}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        This installation&apos;s privacy policy URL:{' '}
        <code className="rounded bg-muted px-1 py-0.5 break-all">
          {origin}
          {paths.privacyPolicy}
        </code>
      </p>

      <h2>Publishing in 13 steps</h2>
      <ol>
        {STEPS.map((step) => (
          <li key={step.title}>
            <strong>{step.title}.</strong> {step.body}
          </li>
        ))}
      </ol>
    </LegalLayout>
  );
}
