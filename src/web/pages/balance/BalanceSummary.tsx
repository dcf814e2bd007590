import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatAmount } from '../../../shared/finnish/amount';
import type { balanceReply } from '../../../shared/schemas/payments';

/** The balance with the free part (referral credits, used first) shown apart from the bought part. */
export function BalanceSummary({ balance }: { balance: z.infer<typeof balanceReply> }) {
  const { t } = useTranslation();
  return (
    <Table withTableBorder={false} w="auto" aria-label={t('balance.summary')} data-testid="balance-summary">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">{t('balance.total')}</Table.Th>
          <Table.Td ta="right" fw={700} data-testid="balance-total">
            {formatAmount(balance.balance_cents)}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row" fw={400}>
            {t('balance.bought')}
          </Table.Th>
          <Table.Td ta="right" data-testid="balance-bought">
            {formatAmount(balance.bought_cents)}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row" fw={400}>
            {t('balance.free')}
          </Table.Th>
          <Table.Td ta="right" data-testid="balance-free">
            {formatAmount(balance.free_cents)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
