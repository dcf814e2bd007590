import { Box, Container, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The centred card the session pages (/@login, /@logout) use instead of the app layout. */
export function AuthFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box component="main" id="main-content" mih="100vh" bg="gray.0" py={64} px="md">
      <Container size={440} px={0}>
        <Group justify="center" gap="xs" mb="lg">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <Text fw={700} fz="xl">
            {t('app.name')}
          </Text>
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
