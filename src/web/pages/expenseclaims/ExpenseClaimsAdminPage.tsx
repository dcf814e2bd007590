import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EXPENSE_CLAIMS_PAGE_SIZE } from '../../../shared/constants';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import { normalizeIban } from '../../../shared/finnish/iban';
import { useExpenseClaimants } from '../../api/expenseclaimsAdmin';
import { PageHeader } from '../../components/PageHeader';
import { PagedTable, usePageParam } from '../../components/PagedTable';
import { expenseClaimViewPath, PATHS } from '../../paths';
import { countAndSum, statusLabel, type ClaimStatus } from './claimsAdmin';

const COLUMNS: readonly ClaimStatus[] = ['pending', 'accepted', 'rejected'];

/** `/expenseclaim` for site admins: claimants grouped by person and account, with counts and totals per status. */
export function ExpenseClaimsAdminPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const list = useExpenseClaimants(page - 1);
  const data = list.data;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / EXPENSE_CLAIMS_PAGE_SIZE));

  return (
    <>
      <PageHeader title={t('eclaimadmin.page')}>
        <Button component={Link} to={PATHS.expenseClaimArchive} variant="default" leftSection={<IconArchive size={18} aria-hidden />}>
          {t('eclaimadmin.archive')}
        </Button>
      </PageHeader>
      <Stack gap="md">
        <Text>{t('eclaimadmin.intro')}</Text>
        <PagedTable
          testId="eclaim-claimants"
          label={t('eclaimadmin.table')}
          query={list}
          rowCount={data ? data.results.length : null}
          minWidth={900}
          page={page}
          pages={pages}
          onPage={setPage}
          empty={<Text>{t('eclaimadmin.empty')}</Text>}
          head={
            <>
              <Table.Th scope="col">{t('eclaimadmin.col_claimant')}</Table.Th>
              <Table.Th scope="col">{t('eclaimadmin.col_account')}</Table.Th>
              {COLUMNS.map((s) => (
                <Table.Th key={s} scope="col" style={{ textAlign: 'right' }}>
                  {statusLabel(t, s)}
                </Table.Th>
              ))}
              <Table.Th scope="col">{t('eclaimadmin.col_latest')}</Table.Th>
            </>
          }
        >
          {data?.results.map((r) => (
            <Table.Tr key={`${String(r.person_id)}-${r.person_account_number}`} data-testid="eclaim-claimant-row">
              <Table.Th scope="row" fw={600}>
                <Anchor component={Link} to={expenseClaimViewPath(r.person_id, r.person_account_number)}>
                  {r.person_name}
                </Anchor>
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{normalizeIban(r.person_account_number)}</Table.Td>
              {COLUMNS.map((s) => (
                <Table.Td key={s} style={{ textAlign: 'right', whiteSpace: 'nowrap' }} data-testid={`eclaim-claimant-${s}`}>
                  {countAndSum(t, r.counts, r.totals_c, s)}
                </Table.Td>
              ))}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFinnishDateTime(r.latest_at, t('log.klo'))}</Table.Td>
            </Table.Tr>
          ))}
        </PagedTable>
      </Stack>
    </>
  );
}
