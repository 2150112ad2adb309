import { createContext, useContext } from 'react';
import type { Theme } from '@/shared/texts/appearance';

/**
 * The moment the server rendered the page, and the time zone it rendered its dates in (root loader): the
 * browser's first render shows the same, and moves to its own clock and zone once hydrated.
 */
export interface Rendered {
  renderedAt: number;
  timeZone: string;
  /** Prerendered at build time (a public page, which shows no dates), not rendered for a request. */
  prerendered: boolean;
  /** Rendered for a device in discreet mode (decision 081); false when prerendered. */
  discreet?: boolean;
  /** The scheme chosen on the device it was rendered for (decision 089); `system` when prerendered. */
  theme?: Theme;
}
export const RenderedContext = createContext<Rendered>({ renderedAt: 0, timeZone: 'UTC', prerendered: true });
export const useRendered = () => useContext(RenderedContext);
