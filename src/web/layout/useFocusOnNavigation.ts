import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from './SkipLink';

/**
 * After an in-app route change, moves focus to the new page's h1 so screen readers
 * announce it and keyboard users start from the content (a full page load would do
 * the same). The first render keeps the browser's default focus.
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const heading = document.querySelector<HTMLElement>('[data-page-heading]');
    (heading ?? document.getElementById(MAIN_CONTENT_ID))?.focus();
  }, [pathname]);
}
