import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import { canOpen, enabledFeatures } from '../../access';
import { useExpenseClaimsDashboard } from '../../api/dashboard';
import { useMemberSettings } from '../../api/memberSettings';
import { useCurrentSession } from '../../auth/SessionContext';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PATHS } from '../../paths';
import { DashboardPanel } from './DashboardPanel';
import { FigureList, FigureRow, PanelLoading } from './PanelParts';

/**
 * Expense claims waiting for the treasurer and accepted ones waiting for payment (count and
 * sum). Only while e-claims are on, and only for site admins (the treasurer's pages are theirs).
 */
export function ExpenseClaimsPanel() {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const settings = useMemberSettings();
  const on = enabledFeatures(settings.data).eclaim === true;
  const allowed = canOpen(user, PATHS.expenseClaimArchive) && on;
  const summary = useExpenseClaimsDashboard(allowed);
  if (!allowed) return null;
  const data = summary.data;
  const figure = (s: { count: number; amount_c: number }) => t('dashboard.claims_figure', { count: s.count, amount: formatAmount(s.amount_c) });

  return (
    <DashboardPanel title={t('nav.expense_claims')}>
      {summary.isError ? (
        <ErrorBanner error={summary.error} onRetry={() => void summary.refetch()} />
      ) : !data ? (
        <PanelLoading label={t('dashboard.claims_loading')} lines={2} />
      ) : (
        <>
          <FigureList testId="claim-figures">
            <FigureRow label={t('dashboard.claims_pending')} value={figure(data.pending)} testId="claims-pending" />
            <FigureRow label={t('dashboard.claims_accepted')} value={figure(data.accepted)} testId="claims-accepted" />
          </FigureList>
          {data.pending.count + data.accepted.count === 0 ? <Text>{t('dashboard.claims_none')}</Text> : null}
        </>
      )}
      <Anchor component={Link} to={PATHS.expenseClaims} mt="auto">
        {t('dashboard.claims_show_all')}
      </Anchor>
    </DashboardPanel>
  );
}
