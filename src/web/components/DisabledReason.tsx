import { ActionIcon, Box, Group, Popover, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface DisabledReasonProps {
  /** Why the control is disabled (settings `disable_`); nothing extra is shown when undefined. */
  reason: string | undefined;
  /** The control's label, for the button's accessible name. */
  label: string;
  /** The control itself, already rendered disabled by the caller. */
  children: ReactNode;
}

/**
 * A control switched off by the association's `disable_` settings: beside it,
 * a lock button opens a popover saying why. A disabled input cannot take focus, so the
 * button is what keyboard and screen reader users reach.
 */
export function DisabledReason({ reason, label, children }: DisabledReasonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  if (reason === undefined) return <>{children}</>;
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
      <Popover width={300} position="bottom-end" withArrow shadow="md" opened={opened} onChange={setOpened}>
        <Popover.Target>
          <ActionIcon
            variant="light"
            color="gray"
            size="lg"
            mt={4}
            aria-label={t('disabled.why', { label })}
            onClick={() => setOpened((o) => !o)}
            // Focus stays on the button, so Escape is handled here too.
            onKeyDown={(event) => {
              if (event.key === 'Escape') setOpened(false);
            }}
          >
            <IconLock size={18} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Text size="sm">{reason}</Text>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
