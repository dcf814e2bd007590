import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../shared/finnish/amount';
import type { z } from 'zod';
import type { paymentRowSchema } from '../../shared/schemas/messages';
import { priceRowLabel, priceRowText } from './priceRows';

interface Props {
  /** A message's price rows, or a payment item's (which may be a balance purchase). */
  rows: z.infer<typeof paymentRowSchema>[];
  discountCents: number;
  /** The last row: the total in a preview, what is to be paid on the payment page. */
  totalLabel: string;
  totalCents: number;
  label: string;
  testId: string;
  totalTestId: string;
}

/** A message's price as rows ("120 × 0,08 €"), the tier discount and the total: the same in preview and payment. */
export function PriceRowsTable({ rows, discountCents, totalLabel, totalCents, label, testId, totalTestId }: Props) {
  const { t } = useTranslation();
  return (
    <Table withRowBorders={false} verticalSpacing={4} maw={480} data-testid={testId} aria-label={label}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.type}>
            <Table.Th scope="row" fw={400}>
              {priceRowLabel(t, row.type)}
            </Table.Th>
            <Table.Td>{priceRowText(row)}</Table.Td>
            <Table.Td ta="right">{formatAmount(row.total_cents)}</Table.Td>
          </Table.Tr>
        ))}
        {discountCents > 0 ? (
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              {t('announcements.discount')}
            </Table.Th>
            <Table.Td />
            <Table.Td ta="right">{formatAmount(-discountCents)}</Table.Td>
          </Table.Tr>
        ) : null}
        <Table.Tr>
          <Table.Th scope="row">{totalLabel}</Table.Th>
          <Table.Td />
          <Table.Td ta="right" fw={700} data-testid={totalTestId}>
            {formatAmount(totalCents)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
