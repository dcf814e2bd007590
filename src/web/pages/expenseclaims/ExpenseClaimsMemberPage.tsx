import { Alert, Anchor, Badge, Button, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import type { ExpenseClaimStatusName } from '../../../shared/expenseclaims/status';
import { useMyExpenseClaims } from '../../api/expenseclaims';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { RowsSkeleton } from '../../components/RowsSkeleton';
import { ScrollTable } from '../../components/ScrollTable';
import { useClaimPaths } from './claimPaths';
import { dateRange, formatDay, statusText } from './claimTexts';

const STATUS_COLOR: Record<ExpenseClaimStatusName, string> = { pending: 'blue', accepted: 'teal', rejected: 'red', paid: 'gray' };

/** `/expenseclaim` for a member: their own claims and the way to a new one (or why there is none). */
export function ExpenseClaimsMemberPage() {
  const { t } = useTranslation();
  const mine = useMyExpenseClaims();
  const paths = useClaimPaths();
  const data = mine.data;
  return (
    <>
      <PageHeader title={t('eclaimform.page')}>
        {data && !data.yearly_limit_reached ? (
          <Button component={Link} to={paths.new} leftSection={<IconPlus size={18} aria-hidden />}>
            {t('eclaimform.new')}
          </Button>
        ) : null}
      </PageHeader>
      <ErrorBanner error={mine.error} onRetry={() => void mine.refetch()} />
      {!data && !mine.error ? <RowsSkeleton /> : null}
      {data ? (
        <Stack gap="md">
          <Text>{t('eclaimform.intro')}</Text>
          {data.yearly_limit_reached ? (
            <Alert color="yellow" variant="light" role="status" data-testid="eclaim-limit-notice">
              {t('eclaimform.limit_reached')}
            </Alert>
          ) : null}
          {data.results.length === 0 ? (
            <Text c="dimmed">{t('eclaimform.none')}</Text>
          ) : (
            <ScrollTable label={t('eclaimform.list_caption')} caption={t('eclaimform.list_caption')} minWidth={560} testId="eclaim-mine"
              head={
                <>
                <Table.Th scope="col">{t('eclaimform.col_created')}</Table.Th>
                <Table.Th scope="col">{t('eclaimform.col_description')}</Table.Th>
                <Table.Th scope="col">{t('eclaimform.col_dates')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('eclaimform.col_amount')}
                </Table.Th>
                <Table.Th scope="col">{t('eclaimform.col_status')}</Table.Th>
                </>
              }
            >
              {data.results.map((claim) => (
                <Table.Tr key={claim.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(claim.created_at)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {/* The description names the link: several claims may be sent on one day. */}
                    <Anchor component={Link} to={paths.claim(claim.id)}>
                      {claim.description}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{dateRange(claim.date_min, claim.date_max)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatAmount(claim.amount_c)}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[claim.status]} variant="light" style={{ textTransform: 'none' }}>
                      {statusText(t, claim.status)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ScrollTable>
          )}
        </Stack>
      ) : null}
    </>
  );
}
