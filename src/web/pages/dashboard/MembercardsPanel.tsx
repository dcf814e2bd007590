import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canOpen } from '../../access';
import { useMembercardsDashboard } from '../../api/dashboard';
import { useCurrentSession } from '../../auth/SessionContext';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PATHS } from '../../paths';
import { DashboardPanel } from './DashboardPanel';
import { FigureList, FigureRow, PanelLoading } from './PanelParts';
import { useFormatNumber } from '../../i18n/useFormatNumber';

/**
 * Member cards sent and valid now. Hidden until the first card has been sent: cards need their
 * design first (settings), so the way in is the menu, not the dashboard.
 */
export function MembercardsPanel() {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const allowed = canOpen(user, PATHS.membercards);
  const summary = useMembercardsDashboard(allowed);
  const number = useFormatNumber();
  if (!allowed || summary.data?.sent === 0) return null;

  return (
    <DashboardPanel title={t('membercards.page')}>
      {summary.isError ? (
        <ErrorBanner error={summary.error} onRetry={() => void summary.refetch()} />
      ) : !summary.data ? (
        <PanelLoading label={t('dashboard.membercards_loading')} lines={2} />
      ) : (
        <FigureList testId="membercard-figures">
          <FigureRow label={t('dashboard.membercards_sent')} value={number(summary.data.sent)} testId="membercards-sent" />
          <FigureRow label={t('dashboard.membercards_valid')} value={number(summary.data.valid)} testId="membercards-valid" />
        </FigureList>
      )}
      <Anchor component={Link} to={PATHS.membercards} mt="auto">
        {t('dashboard.membercards_show_all')}
      </Anchor>
    </DashboardPanel>
  );
}
