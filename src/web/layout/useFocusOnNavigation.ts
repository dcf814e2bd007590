import { type MutableRefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from './SkipLink';

/**
 * After an in-app route change, moves focus to the new page's h1 so screen readers
 * announce it and keyboard users start from the content (a full page load would do
 * the same). The first render keeps the browser's default focus, and so does a navigation
 * made with `{ state: KEEP_FOCUS }`: one that only switches a view within the page (the
 * search page's tabs), where focus stays on the control the user moved.
 */
export const KEEP_FOCUS = { keepFocus: true } as const;

/**
 * The path focus was last settled for. The layout holds it, outside the page's Suspense
 * boundary: a page whose chunk was still loading when the user moved on mounts its focus
 * effect first on the new path, and must still see that as a navigation.
 */
export function useLandedPath(): MutableRefObject<string> {
  const { pathname } = useLocation();
  return useRef(pathname);
}

export function useFocusOnNavigation(landed: MutableRefObject<string>): void {
  const { pathname, state } = useLocation();

  useEffect(() => {
    if (landed.current === pathname) return;
    landed.current = pathname;
    if ((state as Partial<typeof KEEP_FOCUS> | null)?.keepFocus) return;
    const heading = document.querySelector<HTMLElement>('[data-page-heading]');
    (heading ?? document.getElementById(MAIN_CONTENT_ID))?.focus();
  }, [landed, pathname, state]);
}
