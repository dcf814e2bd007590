import { Box, Container, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of the member's public own-data pages (by link, thank-you): a card without the app's menus. */
export function PublicFrame({ children, size = 680 }: { children: ReactNode; size?: number }) {
  const { t } = useTranslation();
  return (
    <Box component="main" id="main-content" mih="100vh" bg="gray.0" py={{ base: 24, sm: 48 }} px="md">
      <Container size={size} px={0}>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
          {children}
        </Paper>
        <Text ta="center" size="xs" c="dimmed" mt="md">
          {t('apply.footer')}
        </Text>
      </Container>
    </Box>
  );
}
