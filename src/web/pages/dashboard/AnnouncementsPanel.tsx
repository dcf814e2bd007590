import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import { canOpen } from '../../access';
import { useAnnouncements } from '../../api/announcements';
import { useCurrentSession } from '../../auth/SessionContext';
import { ErrorBanner } from '../../components/ErrorBanner';
import { announcementPath, PATHS } from '../../paths';
import { DELIVERY_COLORS, deliveryStatusLabel, messageStatusLabel, statusCounts } from '../announcements/labels';
import { DashboardPanel } from './DashboardPanel';
import { PanelLoading } from './PanelParts';
import { useFormatNumber } from '../../i18n/useFormatNumber';

/**
 * The three latest announcements (the list's first page, newest first), each with its delivery
 * counts by status. Before the first one the panel is the way in: a short note and "Uusi tiedote".
 */
export function AnnouncementsPanel() {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const list = useAnnouncements(0);
  const number = useFormatNumber();
  if (!canOpen(user, PATHS.announcements)) return null;
  const latest = list.data?.results.slice(0, 3) ?? [];

  return (
    <DashboardPanel title={t('announcements.page')}>
      {list.isError ? (
        <ErrorBanner error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <PanelLoading label={t('dashboard.announcements_loading')} />
      ) : latest.length === 0 ? (
        <Text>{t('dashboard.announcements_empty')}</Text>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} data-testid="announcements-latest">
          {latest.map((a) => {
            const counts = statusCounts(a.msg_statuses);
            return (
              <li key={a.id} data-testid="announcement-latest">
                <Anchor component={Link} to={announcementPath(a.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {a.subject.trim() || t('announcements.no_subject')}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {a.sent_at ? formatFinnishDateTime(a.sent_at, t('log.klo')) : messageStatusLabel(t, a.status)}
                </Text>
                {counts.length > 0 ? (
                  <Group gap={4} mt={4}>
                    {counts.map(({ status, count }) => (
                      <Badge key={status} variant="dot" color={DELIVERY_COLORS[status]} tt="none">
                        {`${deliveryStatusLabel(t, status)} ${number(count)}`}
                      </Badge>
                    ))}
                  </Group>
                ) : null}
              </li>
            );
          })}
        </Stack>
      )}
      <Group gap="md" mt="auto">
        <Anchor component={Link} to={PATHS.announcements}>
          {t('dashboard.announcements_show_all')}
        </Anchor>
        {canOpen(user, PATHS.announcementNew) ? (
          <Anchor component={Link} to={PATHS.announcementNew}>
            {t('announcements.new')}
          </Anchor>
        ) : null}
      </Group>
    </DashboardPanel>
  );
}
