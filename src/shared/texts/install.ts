import { DISCREET_NAME } from './device-privacy';

/** The offer to install Pact on a device (decision 093). */
export const INSTALL_TEXT = {
  title: 'Install Pact on this device',
  body: 'Open Pact from your home screen, full screen, with notifications that reach you while it is closed.',
  install: 'Install',
  notNow: 'Not now',
  iosSteps: 'In Safari, tap Share, then Add to Home Screen.',
  discreetTip: `Others see your phone? Turn on discreet mode first: Pact is then installed as “${DISCREET_NAME}” with a plain icon.`,
  discreetLink: 'Discreet mode in Settings',
  installed: 'Pact is installed',
} as const;
