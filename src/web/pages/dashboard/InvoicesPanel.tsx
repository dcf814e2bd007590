import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import { canOpen } from '../../access';
import { useInvoicesDashboard } from '../../api/dashboard';
import { useCurrentSession } from '../../auth/SessionContext';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PATHS } from '../../paths';
import { DashboardPanel } from './DashboardPanel';
import { FigureList, FigureRow, PanelLoading } from './PanelParts';
import { PaymentsChart } from './PaymentsChart';

/**
 * Invoices: open, overdue and paid (euros and counts) and the payments of the last 12 months.
 * Before the first invoice the panel is the way in: a short note and "Uusi lasku".
 */
export function InvoicesPanel() {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const allowed = canOpen(user, PATHS.invoices);
  const summary = useInvoicesDashboard(allowed);
  if (!allowed) return null;
  const data = summary.data;
  const figure = (s: { count: number; amount_c: number }) => t('dashboard.invoices_figure', { count: s.count, amount: formatAmount(s.amount_c) });

  return (
    <DashboardPanel title={t('dashboard.invoices_title')}>
      {summary.isError ? (
        <ErrorBanner error={summary.error} onRetry={() => void summary.refetch()} />
      ) : !data ? (
        <PanelLoading label={t('dashboard.invoices_loading')} />
      ) : data.invoice_count === 0 ? (
        <Text>{t('dashboard.invoices_empty')}</Text>
      ) : (
        <Stack gap="md">
          <FigureList testId="invoice-figures">
            <FigureRow label={t('dashboard.invoices_open')} value={figure(data.open)} testId="invoices-open" />
            <FigureRow label={t('dashboard.invoices_overdue')} value={figure(data.overdue)} testId="invoices-overdue" />
            <FigureRow label={t('dashboard.invoices_paid')} value={figure(data.paid)} testId="invoices-paid" />
          </FigureList>
          <PaymentsChart months={data.months} />
        </Stack>
      )}
      <Group gap="md" mt="auto">
        <Anchor component={Link} to={PATHS.invoices}>
          {t('dashboard.invoices_show_all')}
        </Anchor>
        {canOpen(user, PATHS.invoiceNew) ? (
          <Anchor component={Link} to={PATHS.invoiceNew}>
            {t('invoices.new')}
          </Anchor>
        ) : null}
      </Group>
    </DashboardPanel>
  );
}
