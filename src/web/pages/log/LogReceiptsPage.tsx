import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import { RECEIPTS_PAGE_SIZE } from '../../../shared/schemas/payments';
import { useMoneyLog } from '../../api/payments';
import { PageHeader } from '../../components/PageHeader';
import { receiptPath } from '../../paths';
import { LogMoneyNav, useCodeText } from './LogMoneyNav';
import { PagedTable, usePageParam } from '../../components/PagedTable';
import { useMoneyTime } from './moneyFormat';

/** `/log/receipts`: every receipt newest first, 20 a page; each opens the printable receipt. */
export function LogReceiptsPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const list = useMoneyLog(page - 1);
  const time = useMoneyTime();
  const code = useCodeText();
  const data = list.data;
  const pages = Math.max(1, Math.ceil((data?.receipt_count ?? 0) / RECEIPTS_PAGE_SIZE));

  return (
    <>
      <PageHeader title={t('money.receipts_page')} />
      <LogMoneyNav />
      <Stack gap="md">
        {data ? (
          <Text fw={600} data-testid="receipts-count" aria-live="polite">
            {t('money.receipts_count', { count: data.receipt_count })}
          </Text>
        ) : null}
        <PagedTable
          testId="receipts"
          label={t('money.receipts_table')}
          query={list}
          rowCount={data ? data.receipt_results.length : null}
          minWidth={640}
          highlightOnHover={false}
          page={page}
          pages={pages}
          onPage={setPage}
          empty={<Text>{t('money.receipts_empty')}</Text>}
          head={
            <>
              <Table.Th scope="col">{t('money.col_number')}</Table.Th>
              <Table.Th scope="col">{t('money.col_time')}</Table.Th>
              <Table.Th scope="col">{t('money.col_what')}</Table.Th>
              <Table.Th scope="col">{t('money.col_method')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('money.col_amount')}
              </Table.Th>
            </>
          }
        >
          {data?.receipt_results.map((r) => (
            <Table.Tr key={r.id} data-testid="receipt-row">
              <Table.Th scope="row">
                <Anchor component={Link} to={receiptPath(r.id)} aria-label={t('money.open_receipt', { number: r.number })}>
                  {r.number}
                </Anchor>
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(r.at)}</Table.Td>
              <Table.Td>{code('money.kind', r.kind)}</Table.Td>
              <Table.Td>{code('money.method', r.method)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatAmount(r.amount_cents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </PagedTable>
      </Stack>
    </>
  );
}
