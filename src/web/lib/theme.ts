import { THEME_COOKIE, type Theme, themeIn } from '@/shared/texts/appearance';
import { deviceCookie } from './device-cookie';

/**
 * This device's theme (decision 089): a cookie, so that the server renders each page in it; here, the same
 * choice for the document while the app runs.
 */
const theme = deviceCookie<Theme>({ name: THEME_COOKIE, unset: 'system', read: themeIn, value: (t) => t });

export const setTheme = theme.set;

/** Sets the cookie again each time the app opens (a cookie lives 400 days at most). */
export const renewTheme = theme.renew;

/** The theme as the page shows it: the server's answer while hydrating, then the device's cookie. */
export const useTheme = (rendered: Theme): Theme => theme.useChoice(rendered);
