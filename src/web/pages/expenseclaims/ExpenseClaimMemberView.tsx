import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { useExpenseClaim, useMyExpenseClaims } from '../../api/expenseclaims';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { RowsSkeleton } from '../../components/RowsSkeleton';
import { ClaimDetails } from './ClaimDetails';
import { ClaimForm, type ClaimNotice } from './ClaimForm';
import { draftFromReply } from './claimForm';
import { statusText, volunteerWarning } from './claimTexts';
import { BackToClaims } from './ExpenseClaimNewPage';

/** `/expenseclaim/:id` for the claimant: the form while the claim is pending, otherwise what became of it. */
export function ExpenseClaimMemberView() {
  const { t } = useTranslation();
  const params = useParams();
  const valid = /^\d+$/.test(params.id ?? '') && Number(params.id) > 0;
  const id = Number(params.id);
  const claim = useExpenseClaim(valid ? id : null);
  // The help texts come with the own claims (also by link, where the settings call is not open).
  const mine = useMyExpenseClaims();
  const location = useLocation();
  const notice = (location.state as { notice?: ClaimNotice } | null)?.notice;
  const data = claim.data;
  const warning = volunteerWarning(t, data?.volunteer_year ?? null);

  return (
    <>
      <PageHeader title={t('eclaimform.claim_page')}>
        <BackToClaims />
      </PageHeader>
      <ErrorBanner error={valid ? claim.error : new ApiError(404)} onRetry={valid ? () => void claim.refetch() : undefined} />
      {valid && !data && !claim.error ? <RowsSkeleton /> : null}
      {data ? (
        <Stack gap="md">
          {notice ? (
            <Alert color="green" variant="light" role="status" data-testid="eclaim-notice">
              {t(notice === 'sent' ? 'eclaimform.sent' : 'eclaimform.updated')}
            </Alert>
          ) : null}
          {warning ? (
            <Alert color="yellow" variant="light" data-testid="eclaim-volunteer-warning">
              {warning}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Text fw={600}>{t('eclaimform.col_status')}:</Text>
            <Badge variant="light" style={{ textTransform: 'none' }} data-testid="eclaim-status">
              {statusText(t, data.status)}
            </Badge>
          </Group>
          {data.editable ? (
            <ClaimForm
              // A saved claim comes back as the server stored it: the form starts again from that.
              key={`${String(data.id)}-${String(data.events.length)}`}
              id={data.id}
              initial={draftFromReply(data)}
              kmHelp={mine.data?.km_help ?? ''}
              perDiemHelp={mine.data?.per_diem_help ?? ''}
            />
          ) : (
            <>
              <Text>{t('eclaimform.not_editable')}</Text>
              <ClaimDetails claim={data} />
            </>
          )}
        </Stack>
      ) : null}
    </>
  );
}
