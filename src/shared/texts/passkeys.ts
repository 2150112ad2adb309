// Without zod: the settings page and the sign-in page show these (decision 077).

/** A passkey's name, as its owner gives it ("Phone", "Laptop"). */
export const PASSKEY_NAME_MAX = 60;

export const PASSKEY_TEXT = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${PASSKEY_NAME_MAX} characters`,
  responseRequired: 'Passkey response is required',
  notVerified: 'The passkey could not be verified',
  notRecognised: 'Passkey not recognised',
  notFound: 'Passkey not found',
  noPasskey: 'This account has no passkey',
  signInAgain: 'Sign in again to add a passkey: it needs a sign-in from the last day',
  challengeExpired: 'The passkey request expired. Please try again.',
} as const;
