import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLatestLog } from '../../api/log';
import { ErrorBanner } from '../../components/ErrorBanner';
import { logEntryPath, PATHS } from '../../paths';
import { DashboardPanel } from '../dashboard/DashboardPanel';
import { useLogLabels } from './useLogLabels';

/** Dashboard: the three latest log entries, no transactions, each opening its entry. */
export function LogDashboardPanel() {
  const { t } = useTranslation();
  const labels = useLogLabels();
  const latest = useLatestLog();

  return (
    <DashboardPanel title={t('log.dashboard_title')}>
      {latest.isError ? (
        <ErrorBanner error={latest.error} onRetry={() => void latest.refetch()} />
      ) : !latest.data ? (
        <Stack gap="xs" role="status" aria-label={t('log.dashboard_loading')}>
          <Skeleton height={40} />
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : latest.data.all_results.length === 0 ? (
        <Text>{t('log.empty')}</Text>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} data-testid="log-latest">
          {latest.data.all_results.map((entry) => {
            const time = labels.time(entry.at);
            const event = labels.event(entry);
            return (
              <li key={entry.id} data-testid="log-latest-entry">
                <Anchor component={Link} to={logEntryPath(entry.id)} fw={600}>
                  {event}
                </Anchor>
                <Text size="sm">{labels.context(entry)}</Text>
                <Text size="sm" c="dimmed">
                  {t('log.dashboard_by', { time, author: labels.author(entry) })}
                </Text>
              </li>
            );
          })}
        </Stack>
      )}
      <Anchor component={Link} to={PATHS.log} mt="auto">
        {t('log.dashboard_show_all')}
      </Anchor>
    </DashboardPanel>
  );
}
