import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canOpen } from '../../access';
import { useBalance } from '../../api/payments';
import { useCurrentSession } from '../../auth/SessionContext';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PATHS } from '../../paths';
import { DashboardPanel } from './DashboardPanel';
import { BalanceSummary } from '../balance/BalanceSummary';
import { PanelLoading } from './PanelParts';

/** The association's balance (what messages are paid from): total, bought and free, with "Osta saldoa". Always shown to site admins: it is how they top up. */
export function BalancePanel() {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const allowed = canOpen(user, PATHS.balanceBuy);
  const balance = useBalance(allowed);
  if (!allowed) return null;

  return (
    <DashboardPanel title={t('balance.summary')}>
      {balance.isError ? (
        <ErrorBanner error={balance.error} onRetry={() => void balance.refetch()} />
      ) : !balance.data ? (
        <PanelLoading label={t('dashboard.balance_loading')} lines={1} />
      ) : (
        <BalanceSummary balance={balance.data} />
      )}
      <Anchor component={Link} to={PATHS.balanceBuy} mt="auto">
        {t('balance.buy_page')}
      </Anchor>
    </DashboardPanel>
  );
}
