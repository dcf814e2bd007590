import { Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

// Pieces the dashboard panels share: the loading skeleton and a row of figures in a <dl>.

/** Skeleton lines while a panel's summary loads, announced as a status. */
export function PanelLoading({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <Stack gap="xs" role="status" aria-label={label}>
      <Skeleton height={32} width="60%" />
      {Array.from({ length: lines }, (_, k) => (
        <Skeleton key={k} height={16} />
      ))}
    </Stack>
  );
}

/** Figures as a description list: label on the left, value on the right. */
export function FigureList({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Stack component="dl" gap={6} m={0} data-testid={testId}>
      {children}
    </Stack>
  );
}

export function FigureRow({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" data-testid={testId}>
      <Text component="dt">{label}</Text>
      <Text component="dd" fw={600} m={0} ta="right">
        {value}
      </Text>
    </Group>
  );
}
