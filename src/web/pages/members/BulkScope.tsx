import { Alert, List, Paper, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { useBulkGet } from '../../api/membersList';
import { ErrorBanner } from '../../components/ErrorBanner';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';

/** Whom a bulk change reaches: how many members, the filter in words (or a warning that there is none) and a few names. */
export function BulkScope({ scope, lines }: { scope: ReturnType<typeof useBulkGet>; lines: string[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-label={t('member_bulk.scope_title')}>
      <Title order={2} size="h4" mb="xs">
        {t('member_bulk.scope_title')}
      </Title>
      {scope.isError ? (
        <ErrorBanner error={scope.error} onRetry={() => void scope.refetch()} />
      ) : !scope.data ? (
        <LoadingSkeleton height={24} width="40%" />
      ) : (
        <Text fw={700} size="lg" data-testid="bulk-count">
          {t('member_bulk.count', { count: scope.data.count })}
        </Text>
      )}
      {lines.length > 0 ? (
        <List size="sm" mt="xs" data-testid="bulk-filter">
          {lines.map((line, i) => (
            <List.Item key={`${String(i)}-${line}`}>{line}</List.Item>
          ))}
        </List>
      ) : (
        <Alert color="yellow" variant="light" mt="xs" icon={<IconAlertTriangle aria-hidden />}>
          {t('member_bulk.no_filter')}
        </Alert>
      )}
      {scope.data && scope.data.sample.length > 0 ? (
        <Text size="sm" mt="xs" c="dimmed">
          {t('member_bulk.sample', { names: scope.data.sample.map((s) => s.fullname_).join(', ') })}
          {scope.data.count > scope.data.sample.length ? '…' : ''}
        </Text>
      ) : null}
    </Paper>
  );
}
