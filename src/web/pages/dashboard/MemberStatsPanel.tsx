import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMemberStats } from '../../api/members';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useCurrentSession } from '../../auth/SessionContext';
import { canOpen, isRegistered } from '../../access';
import { PATHS } from '../../paths';
import { DashboardPanel } from './DashboardPanel';
import { useFormatNumber } from '../../i18n/useFormatNumber';

/** Member counts from members/get_stats: total, active, inactive and pending applications. */
export function MemberStatsPanel() {
  const { t } = useTranslation();
  const stats = useMemberStats();
  const { user } = useCurrentSession();

  return (
    <DashboardPanel title={t('dashboard.stats_title')}>
      {stats.isError ? (
        <ErrorBanner error={stats.error} onRetry={() => void stats.refetch()} />
      ) : !stats.data ? (
        <Stack gap="xs" role="status" aria-label={t('dashboard.stats_loading')}>
          <Skeleton height={36} width="60%" />
          <Skeleton height={16} />
          <Skeleton height={16} />
          <Skeleton height={16} />
        </Stack>
      ) : (
        <>
          <Text fz={32} fw={700} lh={1.2} data-testid="member-count">
            {t('dashboard.members_count', { count: stats.data.result_count })}
          </Text>
          {stats.data.result_count === 0 ? <Text>{t('dashboard.stats_empty')}</Text> : null}
          <Stack component="dl" gap={6} m={0}>
            <StatRow label={t('dashboard.stats_active')} value={stats.data.active_count} />
            <StatRow label={t('dashboard.stats_inactive')} value={stats.data.inactive_count} />
            <StatRow label={t('dashboard.stats_applications')} value={stats.data.result_application_count} />
          </Stack>
          <Group gap="md" mt="auto">
            {isRegistered(PATHS.members) ? (
              <Anchor component={Link} to={PATHS.members}>
                {t('dashboard.stats_show_members')}
              </Anchor>
            ) : null}
            {canOpen(user, PATHS.memberApplications) && stats.data.result_application_count > 0 ? (
              <Anchor component={Link} to={PATHS.memberApplications}>
                {t('dashboard.handle_applications')}
              </Anchor>
            ) : null}
            {canOpen(user, PATHS.memberAdd) ? (
              <Anchor component={Link} to={PATHS.memberAdd}>
                {t('dashboard.add_member')}
              </Anchor>
            ) : null}
          </Group>
        </>
      )}
    </DashboardPanel>
  );
}

function StatRow({ label, value }: { label: string; value: number }) {
  const number = useFormatNumber();
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text component="dt">{label}</Text>
      <Text component="dd" fw={600} m={0}>
        {number(value)}
      </Text>
    </Group>
  );
}
