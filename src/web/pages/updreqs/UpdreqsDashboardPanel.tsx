import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import { useUpdreqs } from '../../api/updreqsAdmin';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PATHS, updateRequestPath } from '../../paths';
import { DashboardPanel } from '../dashboard/DashboardPanel';
import { formatRate, instanceStatusLabel } from './updreqLabels';
import { useFormatNumber } from '../../i18n/useFormatNumber';

/** Dashboard: the latest update request with its response rate and who has answered. */
export function UpdreqsDashboardPanel() {
  const { t } = useTranslation();
  const list = useUpdreqs(0);
  const latest = list.data?.results[0];
  const number = useFormatNumber();

  return (
    <DashboardPanel title={t('updreqs.page')}>
      {list.isError ? (
        <ErrorBanner error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Stack gap="xs" role="status" aria-label={t('updreqs.dashboard_loading')}>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : !latest ? (
        <Stack gap="xs" align="flex-start">
          <Text>{t('updreqs.dashboard_empty')}</Text>
          <Anchor component={Link} to={PATHS.updateRequestNew} fw={600}>
            {t('updreqs.new')}
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="xs" data-testid="updreq-latest">
          <Anchor component={Link} to={updateRequestPath(latest.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {latest.subject.trim() || t('announcements.no_subject')}
          </Anchor>
          {latest.sent_at ? (
            <Text size="sm" c="dimmed">
              {formatFinnishDateTime(latest.sent_at, t('log.klo'))}
            </Text>
          ) : null}
          <Text>
            <Text span fw={600}>
              {t('updreqs.col_rate')}:
            </Text>{' '}
            {formatRate(latest.response_rate)}
          </Text>
          <Group gap="md">
            {(['updated', 'confirmed', 'pending'] as const).map((s) => (
              <Text key={s} size="sm">
                {`${instanceStatusLabel(t, s)}: ${number(latest.updreq_statuses[s] ?? 0)}`}
              </Text>
            ))}
          </Group>
        </Stack>
      )}
      <Anchor component={Link} to={PATHS.updateRequests} mt="auto">
        {t('updreqs.dashboard_show_all')}
      </Anchor>
    </DashboardPanel>
  );
}
