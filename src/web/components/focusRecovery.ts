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
 * Focuses an element as soon as it is rendered and can take focus: a notification shown now
 * mounts a moment later and is hidden while it enters, longer on a slow device. Gives up after
 * five seconds, or when the user presses a key or clicks first (then focus is theirs).
 */
export function focusOnceShown(selector: string): void {
  let tries = 0;
  const stop = () => {
    window.clearInterval(timer);
    window.removeEventListener('keydown', stop, true);
    window.removeEventListener('pointerdown', stop, true);
  };
  const timer = window.setInterval(() => {
    tries += 1;
    const el = document.querySelector<HTMLElement>(selector);
    el?.focus();
    if ((el !== null && document.activeElement === el) || tries >= 100) stop();
  }, 50);
  window.addEventListener('keydown', stop, true);
  window.addEventListener('pointerdown', stop, true);
}
