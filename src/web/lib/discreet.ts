import {
  DISCREET_COOKIE,
  DISCREET_ICONS,
  DISCREET_NAME,
  discreetIn,
  PACT_ICONS,
} from '@/shared/texts/device-privacy';
import { deviceCookie } from './device-cookie';

/**
 * Discreet mode on this device (decision 081): a cookie, so that the server answers the page, the manifest
 * and the pushes of this device under the neutral name from the first byte; here, the same choice for the
 * document's head while the app runs.
 */
const discreet = deviceCookie<boolean>({
  name: DISCREET_COOKIE,
  unset: false,
  read: discreetIn,
  value: () => '1',
});

export const setDiscreet = discreet.set;

/** A cookie lives 400 days at most: each time the app opens, a discreet device's is set again. */
export const renewDiscreet = discreet.renew;

/** Listens to the choice (Settings) for one who must act on it (the push subscription). */
export const onDiscreetChange = discreet.subscribe;

/** Discreet mode as the page shows it: the server's answer while hydrating, then the device's cookie. */
export const useDiscreet = (rendered: boolean): boolean => discreet.useChoice(rendered);

/** What the document's head names and shows. */
export function headOf(discreet: boolean) {
  return discreet
    ? {
        title: DISCREET_NAME,
        description: DISCREET_NAME,
        favicon: DISCREET_ICONS.favicon,
        appleTouch: DISCREET_ICONS.appleTouch,
        // Another address, so that the browser fetches the manifest again when the choice changes.
        manifest: '/manifest.webmanifest?discreet',
      }
    : {
        title: 'Pact',
        description: 'Pact: a private space for a consenting adult couple to keep their dynamic.',
        favicon: PACT_ICONS.favicon,
        appleTouch: PACT_ICONS.appleTouch,
        manifest: '/manifest.webmanifest',
      };
}
