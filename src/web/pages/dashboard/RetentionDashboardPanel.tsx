import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import { useRetentionDue } from '../../api/retention';
import { PATHS } from '../../paths';
import { DashboardPanel } from './DashboardPanel';

/**
 * "What is due" under the retention settings: removed members about to be erased, inactive
 * members to review, and the last daily run. Hidden while retention is off and nothing is due.
 */
export function RetentionDashboardPanel() {
  const { t } = useTranslation();
  const due = useRetentionDue();
  const d = due.data;
  if (!d) return null;
  const off = d.removed_months === 0 && d.inactive_years === 0;
  if (off && d.removed_due_soon === 0 && d.inactive_review === 0) return null;
  return (
    <DashboardPanel title={t('retention.dashboard_title')}>
      <Stack gap={6} data-testid="retention-due">
        {d.removed_months > 0 ? (
          <>
            <Text>{t('retention.dashboard_removed_now', { count: d.removed_due_now })}</Text>
            <Text>{t('retention.dashboard_removed_soon', { count: d.removed_due_soon })}</Text>
            {d.removed_held > 0 ? <Text c="dimmed">{t('retention.dashboard_held', { count: d.removed_held })}</Text> : null}
          </>
        ) : null}
        {d.inactive_years > 0 ? <Text>{t('retention.dashboard_review', { count: d.inactive_review })}</Text> : null}
        <Text size="sm" c="dimmed">
          {d.last_run ? t('retention.dashboard_last_run', { at: formatFinnishDateTime(d.last_run.finished_at ?? d.last_run.started_at, t('log.klo')) }) : t('retention.dashboard_never_run')}
        </Text>
      </Stack>
      <Group gap="md" mt="auto">
        {d.inactive_review > 0 ? (
          <Anchor component={Link} to={PATHS.retentionReview}>
            {t('retention.dashboard_review_link')}
          </Anchor>
        ) : null}
        {d.removed_months > 0 ? (
          <Anchor component={Link} to={PATHS.membersRemoved}>
            {t('retention.dashboard_removed_link')}
          </Anchor>
        ) : null}
        <Anchor component={Link} to={PATHS.settingsRetention}>
          {t('retention.nav')}
        </Anchor>
      </Group>
    </DashboardPanel>
  );
}
