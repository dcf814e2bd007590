import { Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One dashboard panel: a titled region that fills its grid cell, so a row's panels are equally tall. */
export function DashboardPanel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="lg" h="100%">
      <Stack gap="md" h="100%">
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
