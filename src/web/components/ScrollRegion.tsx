import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a phone. The region takes focus so the keyboard
 * can scroll it too (a scroll area holding nothing focusable is otherwise out of reach).
 */
export function ScrollRegion({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
