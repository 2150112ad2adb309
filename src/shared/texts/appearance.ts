/**
 * How Pact looks on a device (decision 089): the system's colour scheme, or light or dark whatever the system
 * says. Kept in a cookie on the device (like discreet mode), so that the server renders a page in the chosen
 * scheme from its first byte, with no flash of the other one.
 */

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The cookie that holds a device's choice (`light` or `dark`; no cookie is the system's). */
export const THEME_COOKIE = 'pact_theme';

/** The choice a Cookie header (or document.cookie) holds: `system` unless it names light or dark. */
export function themeIn(cookies: string | null | undefined): Theme {
  for (const part of (cookies ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === THEME_COOKIE && (value === 'light' || value === 'dark')) return value;
  }
  return 'system';
}

/** The browser's bars in each scheme: the app's primary colour in light, its background in dark. */
export const THEME_COLORS = { light: '#6d28d9', dark: '#100e19' } as const;

export const APPEARANCE_TEXT = {
  sectionTitle: 'Appearance',
  sectionDescription: 'How Pact looks on this device. Each phone or computer chooses for itself.',
  legend: 'Theme',
  options: {
    system: { label: 'System', hint: 'Light or dark as this device is set' },
    light: { label: 'Light', hint: 'Always light' },
    dark: { label: 'Dark', hint: 'Always dark' },
  },
} as const satisfies Record<string, unknown>;
