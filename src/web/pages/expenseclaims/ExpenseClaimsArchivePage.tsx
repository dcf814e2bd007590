import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EXPENSE_CLAIMS_PAGE_SIZE } from '../../../shared/constants';
import { formatAmount } from '../../../shared/finnish/amount';
import { normalizeIban } from '../../../shared/finnish/iban';
import { useExpenseArchive } from '../../api/expenseclaimsAdmin';
import { NewTabLink } from '../../components/NewTabLink';
import { PageHeader } from '../../components/PageHeader';
import { PagedTable, usePageParam } from '../../components/PagedTable';
import { expenseClaimPath, PATHS } from '../../paths';
import { batchDate, printoutHref } from './claimsAdmin';

/** The way back to the claimants from the treasurer's sub-pages. */
export function BackToExpenseClaims() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={PATHS.expenseClaims} variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />}>
      {t('eclaimadmin.back')}
    </Button>
  );
}

/** `/expenseclaim/archive`: paid claims, newest batch first, each with its batch's printout. */
export function ExpenseClaimsArchivePage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const list = useExpenseArchive(page - 1);
  const data = list.data;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / EXPENSE_CLAIMS_PAGE_SIZE));

  return (
    <>
      <PageHeader title={t('eclaimadmin.archive_page')}>
        <BackToExpenseClaims />
      </PageHeader>
      <Stack gap="md">
        <PagedTable
          testId="eclaim-archive"
          label={t('eclaimadmin.archive_table')}
          query={list}
          rowCount={data ? data.results.length : null}
          minWidth={900}
          page={page}
          pages={pages}
          onPage={setPage}
          empty={<Text>{t('eclaimadmin.archive_empty')}</Text>}
          head={
            <>
              <Table.Th scope="col">{t('eclaimadmin.col_claim')}</Table.Th>
              <Table.Th scope="col">{t('eclaimadmin.col_claimant')}</Table.Th>
              <Table.Th scope="col">{t('eclaimadmin.col_account')}</Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                {t('eclaimadmin.col_amount')}
              </Table.Th>
              <Table.Th scope="col">{t('eclaimadmin.col_batch')}</Table.Th>
              <Table.Th scope="col">{t('eclaimadmin.col_printout')}</Table.Th>
            </>
          }
        >
          {data?.results.map((c) => (
            <Table.Tr key={c.id} data-testid="eclaim-archive-row">
              <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
                <Anchor component={Link} to={expenseClaimPath(c.id)}>
                  {c.description || t('eclaimadmin.claim_page', { id: c.id })}
                </Anchor>
              </Table.Th>
              <Table.Td>{c.person_name}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{normalizeIban(c.person_account_number)}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatAmount(c.amount_c)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.paid_batch ? batchDate(c.paid_batch) : '–'}</Table.Td>
              <Table.Td>
                {c.paid_batch ? (
                  <NewTabLink href={printoutHref(c.person_id, c.person_account_number, 'paid', c.paid_batch)} newTabText={t('eclaimadmin.new_tab')} data-testid="eclaim-archive-printout">
                    {t('eclaimadmin.printout')}
                  </NewTabLink>
                ) : (
                  '–'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </PagedTable>
      </Stack>
    </>
  );
}
