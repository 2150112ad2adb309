import { useState } from 'react';

/**
 * True once `value` has turned true while the component is shown, false if it was already true when the
 * component first rendered: what a partner or the reader just did is animated, what was done before the
 * page was opened is not.
 */
export function useBecame(value: boolean): boolean {
  const [atStart] = useState(value);
  return value && !atStart;
}
