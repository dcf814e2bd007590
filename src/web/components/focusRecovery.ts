import { MAIN_CONTENT_ID } from '../layout/SkipLink';

// After a save or an undo, focus fell to the page body (the save button
// was disabled while saving; the undo notification's button vanished), and keyboard and
// screen-reader users had to start again from the top. Whenever a change is confirmed
// (notify.ts) focus that has been lost goes to the page's heading — never taken from an
// element that still holds it (an error field the form focused, a dialog's button).

/** Focus is "lost" when it sits on the body, on nothing, on a detached or a disabled element. */
export function focusIsLost(): boolean {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return true;
  if (!el.isConnected) return true;
  return el instanceof HTMLElement && el.matches(':disabled');
}

/** Moves lost focus to the page heading (or the main content); true when it moved. */
export function recoverFocus(): boolean {
  if (!focusIsLost()) return false;
  const target = document.querySelector<HTMLElement>('[data-page-heading]') ?? document.getElementById(MAIN_CONTENT_ID);
  if (!target) return false;
  target.focus();
  return document.activeElement === target;
}

/**
 * Checks now and a little later: a save's button is re-enabled and a route change renders
 * its heading only after the confirmation was shown.
 */
export function recoverFocusSoon(): void {
  for (const ms of [0, 150, 500]) window.setTimeout(recoverFocus, ms);
}

/**
 * Moves focus to an element as soon as it is rendered and can take it (a notification shown
 * now mounts a moment later and is hidden while it enters), and for five seconds brings it back
 * when focus is lost or lands on the page heading: a route change focuses its heading, and a
 * notification re-rendered as another one closes drops focus, which recoverFocus then puts on
 * the heading. Stops when the user presses a key or clicks (then focus is theirs).
 */
export function holdFocus(selector: string): void {
  let landed = false;
  let ticks = 0;
  const stop = () => {
    window.clearInterval(timer);
    window.removeEventListener('keydown', stop, true);
    window.removeEventListener('pointerdown', stop, true);
  };
  const timer = window.setInterval(() => {
    ticks += 1;
    const el = document.querySelector<HTMLElement>(selector);
    const active = document.activeElement;
    const onHeading = active instanceof HTMLElement && active.hasAttribute('data-page-heading');
    if (el && (!landed || focusIsLost() || onHeading)) el.focus();
    landed ||= el !== null && document.activeElement === el;
    if (ticks >= 100) stop();
  }, 50);
  window.addEventListener('keydown', stop, true);
  window.addEventListener('pointerdown', stop, true);
}
