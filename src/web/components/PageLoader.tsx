import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A wait the user cannot act on (session check, logout); the text is announced to screen readers. */
export function PageLoader({ label, minHeight = '60vh' }: { label?: string; minHeight?: string | number }) {
  const { t } = useTranslation();
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text>{label ?? t('app.loading')}</Text>
      </Stack>
    </Center>
  );
}
