import { BarChart } from '@mantine/charts';
import { Box, Table, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/finnish/amount';

interface MonthPaid {
  month: string;
  paid_c: number;
}

const monthDate = (month: string): Date => new Date(`${month}-15T12:00:00Z`);

/**
 * Payments received per month, last 12 months. The bars are decoration (aria-hidden): the same
 * figures are in a table under "Näytä taulukkona", which screen readers and anyone wanting the
 * exact sums can open.
 */
export function PaymentsChart({ months }: { months: readonly MonthPaid[] }) {
  const { t } = useTranslation();
  const short = new Intl.DateTimeFormat('fi-FI', { month: 'short', timeZone: 'Europe/Helsinki' });
  const long = new Intl.DateTimeFormat('fi-FI', { month: 'long', year: 'numeric', timeZone: 'Europe/Helsinki' });
  // Euros with decimals for the bars: recharts scales numbers, the labels format them back to "1 234,50 €".
  const titleId = useId();
  const data = months.map((m) => ({ month: short.format(monthDate(m.month)), paid: m.paid_c / 100 }));
  return (
    <Box>
      <Text fw={600} size="sm" mb={4} id={titleId}>
        {t('dashboard.invoices_chart_title')}
      </Text>
      <Box aria-hidden data-testid="payments-chart">
        <BarChart
          h={140}
          data={data}
          dataKey="month"
          series={[{ name: 'paid', label: t('dashboard.invoices_col_paid'), color: 'teal.6' }]}
          withYAxis={false}
          gridAxis="none"
          tickLine="none"
          valueFormatter={(v) => formatAmount(Math.round(v * 100))}
          xAxisProps={{ interval: 'preserveStartEnd' }}
          // recharts makes its surface a keyboard stop for its own a11y layer; the table stands in for it here.
          barChartProps={{ accessibilityLayer: false }}
        />
      </Box>
      <details style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
        <summary>{t('dashboard.invoices_show_table')}</summary>
        {/* Named by the chart's visible title instead of a caption that would repeat it. */}
        <Table data-testid="payments-table" mt="xs" withRowBorders={false} aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('dashboard.invoices_col_month')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('dashboard.invoices_col_paid')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.map((m) => (
              <Table.Tr key={m.month} data-month={m.month}>
                <Table.Th scope="row" fw={400}>
                  {long.format(monthDate(m.month))}
                </Table.Th>
                <Table.Td ta="right">{formatAmount(m.paid_c)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </details>
    </Box>
  );
}
