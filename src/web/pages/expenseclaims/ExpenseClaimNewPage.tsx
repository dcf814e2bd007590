import { Alert, Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyExpenseClaims } from '../../api/expenseclaims';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { RowsSkeleton } from '../../components/RowsSkeleton';
import { useClaimPaths } from './claimPaths';
import { ClaimForm } from './ClaimForm';
import { emptyDraft } from './claimForm';

/** `/expenseclaim/new`: an empty claim on the account of the member's last claim, or the limit notice. */
export function ExpenseClaimNewPage() {
  const { t } = useTranslation();
  const mine = useMyExpenseClaims();
  const data = mine.data;
  return (
    <>
      <PageHeader title={t('eclaimform.new')}>
        <BackToClaims />
      </PageHeader>
      <ErrorBanner error={mine.error} onRetry={() => void mine.refetch()} />
      {!data && !mine.error ? <RowsSkeleton /> : null}
      {data?.yearly_limit_reached ? (
        <Alert color="yellow" variant="light" role="status" data-testid="eclaim-limit-notice">
          {t('eclaimform.limit_reached')}
        </Alert>
      ) : null}
      {data && !data.yearly_limit_reached ? (
        <ClaimForm id={null} initial={emptyDraft(data.last_account_number)} kmHelp={data.km_help} perDiemHelp={data.per_diem_help} />
      ) : null}
    </>
  );
}

export function BackToClaims() {
  const { t } = useTranslation();
  const paths = useClaimPaths();
  return (
    <Button component={Link} to={paths.list} variant="light" leftSection={<IconArrowLeft size={18} aria-hidden />}>
      {t('eclaimform.back')}
    </Button>
  );
}
