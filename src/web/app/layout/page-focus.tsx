import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusPageHeading, focusPageHeadingWhenShown, MAIN_ID } from '@/web/lib/focus';

/** The first thing a keyboard reaches: straight past the top bar to the page's heading. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        if (focusPageHeading()) event.preventDefault();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-control focus:bg-primary focus:px-4 focus:py-2 focus:font-medium focus:text-primary-foreground"
    >
      Skip to content
    </a>
  );
}

/**
 * After a client-side navigation, focus moves to the new page's heading, as a page load would put a screen
 * reader at the top of the new page. Not on the first page, and not when only the query changes. Used once,
 * by the root.
 */
export function useHeadingFocusOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    return focusPageHeadingWhenShown();
  }, [pathname]);
}
