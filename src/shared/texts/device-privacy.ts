/**
 * This device's privacy (issue 25, decisions 080 and 081): the neutral sites quick exit can open, and the
 * neutral name discreet mode shows Pact under. Stored on the device only: quick exit's site in local storage,
 * discreet mode in a cookie the server reads (so that the first byte of a page, the manifest and the icons
 * answer discreetly).
 */

export interface ExitSite {
  id: string;
  label: string;
  url: string;
}

/** Well-known weather and news sites; the first is the default. */
export const EXIT_SITES: readonly ExitSite[] = [
  { id: 'bbc-weather', label: 'BBC Weather', url: 'https://www.bbc.com/weather' },
  { id: 'weather-com', label: 'The Weather Channel', url: 'https://weather.com/' },
  { id: 'accuweather', label: 'AccuWeather', url: 'https://www.accuweather.com/' },
  { id: 'bbc-news', label: 'BBC News', url: 'https://www.bbc.com/news' },
  { id: 'reuters', label: 'Reuters', url: 'https://www.reuters.com/' },
  { id: 'guardian', label: 'The Guardian', url: 'https://www.theguardian.com/' },
];
export const DEFAULT_EXIT_SITE = EXIT_SITES[0]!;

export const exitSiteOf = (id: string | null | undefined): ExitSite =>
  EXIT_SITES.find((site) => site.id === id) ?? DEFAULT_EXIT_SITE;

/** Local storage key of the chosen site's id. */
export const EXIT_SITE_KEY = 'pact.quick-exit-site';
/** Three presses of Escape within this long leave at once. */
export const EXIT_PRESS_WINDOW_MS = 1500;
export const EXIT_PRESSES = 3;

/** The cookie that turns discreet mode on for this device (its value `1`); read by the server. */
export const DISCREET_COOKIE = 'pact_discreet';
/** Whether a Cookie header (or document.cookie) turns discreet mode on. */
export const discreetIn = (cookies: string | null | undefined) =>
  (cookies ?? '').split(';').some((part) => part.trim() === `${DISCREET_COOKIE}=1`);

/** What discreet mode shows instead of Pact: the name, and the icons made for it (scripts/icons.mjs). */
export const DISCREET_NAME = 'Notes';
export const DISCREET_ICONS = {
  favicon: '/icons/discreet-favicon-48.png',
  appleTouch: '/icons/discreet-apple-touch-icon.png',
  icon192: '/icons/discreet-192.png',
  icon512: '/icons/discreet-512.png',
  maskable192: '/icons/discreet-maskable-192.png',
  maskable512: '/icons/discreet-maskable-512.png',
} as const;
export const PACT_ICONS = {
  favicon: '/icons/favicon-48.png',
  appleTouch: '/icons/apple-touch-icon.png',
} as const;

export const DEVICE_PRIVACY_TEXT = {
  sectionTitle: 'This device',
  sectionDescription: 'Choices kept on this device only, for someone who may pick it up.',
  exitLegend: 'Quick exit opens',
  exitHelp:
    'Quick exit (the button at the top of every page, or Escape three times) replaces Pact with this site at once. ' +
    'The Back button then leads away from Pact.',
  discreetLabel: 'Discreet mode',
  discreetHelp:
    `Shows Pact as “${DISCREET_NAME}” with a plain icon on this device: the tab, the installed app and ` +
    'notifications. Turn it on before you install Pact to your home screen: a phone may keep the name and icon ' +
    'it was installed with.',
  discreetOn: `Discreet mode is on: this device shows Pact as “${DISCREET_NAME}”.`,
  discreetOff: 'Discreet mode is off.',
  quickExit: 'Quick exit',
};
