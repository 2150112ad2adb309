import type { ReadSection } from './who-can-read-types';

/** What someone holding the unlocked phone can read (decision 082): the statement's third section. */
export const PHONE: ReadSection = {
  id: 'phone',
  heading: 'Someone holding your unlocked phone',
  intro:
    'While you are signed in, anyone who picks up your unlocked phone can read everything Pact shows you, ' +
    'unless the app lock is on. Quick exit (the button at the top, or Escape three times) replaces Pact at once; ' +
    'discreet mode shows Pact under a neutral name and icon.',
  items: [
    {
      title: 'While signed in',
      detail:
        'Everything you can read in Pact: the journal, proofs, tasks, the contract, the record and the rest. ' +
        'Notifications on the lock screen say only “New activity” unless you chose details.',
    },
    {
      title: 'With the app lock on',
      detail:
        'After the idle time you chose, and whenever Pact goes to the background, the page holds only the lock ' +
        'screen: nothing of yours is in it, and the server answers this device nothing else until the PIN or ' +
        'one of your passkeys unlocks it. Five wrong PINs sign the device out. Red still works from the lock ' +
        'screen. When Pact is hidden, a plain cover is drawn first, so the app switcher’s picture shows nothing ' +
        '(a screenshot taken while Pact is open is not something a web page can prevent).',
    },
    {
      title: 'Kept on the device after you sign out',
      detail:
        'Contract drafts written on this device before a shared contract existed (browser storage), your choices ' +
        'of quick exit and discreet mode, your time zone, the browser’s history of page addresses (not their ' +
        'content), notifications still shown, and any export or contract PDF you downloaded. Pact’s offline copy ' +
        'holds only the app itself and the help page, nothing of yours.',
    },
    {
      title: 'What signing out clears',
      detail:
        'Your session (the server forgets it, the cookie no longer works), everything Pact held in memory, and ' +
        'this device’s notifications subscription. It does not clear the browser’s history or your downloads.',
    },
  ],
};
