import { useCallback, useRef, useState } from 'react';

/** What a handler that navigates away resolves to: its guard then stays shut. */
export const LEAVING = 'leaving';

/**
 * One submit at a time: `run` ignores calls while one is in flight, and stays shut after a
 * handler resolved to LEAVING (a second click landing after a fast reply, but before the page
 * is gone, must not send the form again). `onBusy` hears the state for a spinner.
 */
export function submitGuard(onBusy: (busy: boolean) => void = () => {}) {
  let busy = false;
  return async <Args extends unknown[]>(handler: (...args: Args) => Promise<void | typeof LEAVING>, ...args: Args): Promise<void> => {
    if (busy) return;
    busy = true;
    onBusy(true);
    let leaving = false;
    try {
      leaving = (await handler(...args)) === LEAVING;
    } finally {
      if (!leaving) {
        busy = false;
        onBusy(false);
      }
    }
  };
}

/**
 * Wraps a save handler so a double click or a second Enter cannot send it twice.
 * The guard blocks synchronously; `pending` drives the button's spinner.
 */
export function useGuardedSubmit<Args extends unknown[]>(handler: (...args: Args) => Promise<void | typeof LEAVING>) {
  const [pending, setPending] = useState(false);
  const guard = useRef<ReturnType<typeof submitGuard> | null>(null);
  guard.current ??= submitGuard(setPending);
  const run = useCallback((...args: Args): Promise<void> => guard.current!(handler, ...args), [handler]);
  return { run, pending };
}
