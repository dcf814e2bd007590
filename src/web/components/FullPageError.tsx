import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from './ErrorBanner';
import { useDocumentTitle } from './useDocumentTitle';

/** When nothing of the page can be shown (session check failed, a page crashed): the banner and a retry. */
export function FullPageError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  useDocumentTitle(t('app.name'));
  return (
    <Container component="main" id="main-content" size="sm" py="xl">
      <Title order={1} size="h2" mb="md">
        {t('app.name')}
      </Title>
      <ErrorBanner error={error} onRetry={onRetry} />
    </Container>
  );
}
