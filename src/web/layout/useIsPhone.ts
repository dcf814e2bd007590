import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** True below Mantine's `sm` breakpoint (phones): the member list shows cards, the phone menu holds quick search. */
export function useIsPhone(): boolean {
  const { breakpoints } = useMantineTheme();
  const query = `(max-width: ${String(parseFloat(breakpoints.sm) - 0.01)}em)`;
  // Read at once (no server rendering here), so a phone never first renders the wide table.
  return useMediaQuery(query, window.matchMedia(query).matches, { getInitialValueInEffect: false });
}
