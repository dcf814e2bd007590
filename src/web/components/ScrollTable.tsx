import { Table, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollRegion } from './ScrollRegion';

// A striped table in a scroll region the keyboard can scroll (wide tables go sideways on a
// phone), named for screen readers by its label, or by its caption when it has one.

interface ScrollTableProps {
  /** Names the scroll region, and the table unless `caption` does. */
  label: string;
  caption?: string;
  minWidth: number;
  testId?: string;
  /** The header row's cells. */
  head: ReactNode;
  /** The body's rows. */
  children: ReactNode;
  spacing?: MantineSpacing;
  highlightOnHover?: boolean;
}

export function ScrollTable({ label, caption, minWidth, testId, head, children, spacing = 'xs', highlightOnHover = false }: ScrollTableProps) {
  return (
    <ScrollRegion label={label} minWidth={minWidth}>
      <Table striped highlightOnHover={highlightOnHover} verticalSpacing={spacing} captionSide="top" aria-label={caption ? undefined : label} data-testid={testId}>
        {caption ? (
          <Table.Caption fw={600} ta="left" c="var(--mantine-color-text)">
            {caption}
          </Table.Caption>
        ) : null}
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
