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
 * What the user has done since the last navigation began. A page whose chunk or data arrives
 * late must not take focus from where the user has since moved it: someone who chose a member
 * in the top-bar search and started typing the next search keeps the box and its list. Keys,
 * typing and pointer presses count; the one that started the navigation came before it.
 */
const acts = { total: 0, atNavigation: 0 };
let watching = false;

/** Counts the user's acts from now on, and notes each navigation's start (router.tsx calls it once). */
export function followUserActs(router: { state: { location: { key: string } }; subscribe: (fn: (state: { location: { key: string } }) => void) => unknown }): void {
  if (!watching && typeof document !== 'undefined') {
    watching = true;
    const act = () => void (acts.total += 1);
    for (const type of ['keydown', 'input', 'pointerdown'] as const) document.addEventListener(type, act, { capture: true });
  }
  let key = router.state.location.key;
  router.subscribe((state) => {
    if (state.location.key === key) return;
    key = state.location.key;
    acts.atNavigation = acts.total;
  });
}

/** The user has acted since the navigation began and focus rests on something of theirs. */
function userMovedOn(): boolean {
  const active = document.activeElement;
  return acts.total !== acts.atNavigation && active != null && active !== document.body && active.isConnected;
}

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
    if (userMovedOn()) return;
    const heading = document.querySelector<HTMLElement>('[data-page-heading]');
    (heading ?? document.getElementById(MAIN_CONTENT_ID))?.focus();
  }, [landed, pathname, state]);
}
