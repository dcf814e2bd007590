import { useCallback, useRef, useState } from 'react';

/**
 * Wraps a save handler so a double click or a second Enter cannot send it twice.
 * The ref blocks synchronously; `pending` drives the button's spinner.
 */
export function useGuardedSubmit<Args extends unknown[]>(handler: (...args: Args) => Promise<void>) {
  const busy = useRef(false);
  const [pending, setPending] = useState(false);

  const run = useCallback(
    async (...args: Args): Promise<void> => {
      if (busy.current) return;
      busy.current = true;
      setPending(true);
      try {
        await handler(...args);
      } finally {
        busy.current = false;
        setPending(false);
      }
    },
    [handler],
  );

  return { run, pending };
}
