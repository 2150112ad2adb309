import { createContext, useContext } from 'react';

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
}
export const RenderedContext = createContext<Rendered>({ renderedAt: 0, timeZone: 'UTC', prerendered: true });
export const useRendered = () => useContext(RenderedContext);
