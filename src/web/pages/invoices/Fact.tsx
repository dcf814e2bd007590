import { Text } from '@mantine/core';

/** One labelled figure of an invoice or an instance (number, reference, due date, sums). */
export function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
