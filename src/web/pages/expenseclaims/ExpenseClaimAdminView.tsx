import { Anchor, Badge, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ExpenseClaimReply } from '../../../shared/schemas/expenseclaims';
import { formatAmount } from '../../../shared/finnish/amount';
import { formatFinnishDate, formatFinnishDateTime } from '../../../shared/finnish/date';
import { normalizeIban } from '../../../shared/finnish/iban';
import { useExpenseClaimAdmin, useUpdateExpenseStatus } from '../../api/expenseclaimsAdmin';
import { PageHeader } from '../../components/PageHeader';
import { BackToExpenseClaims } from './ExpenseClaimsArchivePage';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { ScrollTable } from '../../components/ScrollTable';
import { expenseClaimViewPath } from '../../paths';
import { eventTitle, itemDetails, itemTypeLabel, statusLabel, STATUS_COLOR, volunteerWarnings } from './claimsAdmin';
import { RejectModal } from './RejectModal';
import { CommentForm, Receipt, TreasurerPageFallback } from './ClaimAdminParts';

/** A claim as the treasurer sees it: every item with receipts, comments and history, and the moves it allows. */
function ClaimAdminBody({ claim }: { claim: ExpenseClaimReply }) {
  const { t } = useTranslation();
  const update = useUpdateExpenseStatus();
  const [rejecting, setRejecting] = useState(false);
  const warnings = volunteerWarnings(t, claim.volunteer_year);
  const move = (status: 'accepted' | 'pending') =>
    update.mutate({ id: claim.id, status, comment: '' }, { onSuccess: () => notifySuccess(t('eclaimadmin.status_done', { status: statusLabel(t, status) })) });
  const sources = [...new Set(claim.items.map((i) => i.rate_source).filter((s): s is string => !!s))];

  return (
    <Stack gap="lg">
      <ErrorBanner error={update.error} />
      <Group gap="sm">
        <Badge color={STATUS_COLOR[claim.status]} variant="dot" size="lg" tt="none" data-testid="eclaim-status">
          {statusLabel(t, claim.status)}
        </Badge>
      </Group>
      <Table variant="vertical" layout="fixed" maw={720} withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={200}>{t('eclaimadmin.claimant')}</Table.Th>
            <Table.Td>
              <Anchor component={Link} to={expenseClaimViewPath(claim.person_id, claim.person_account_number)}>
                {claim.person_name}
              </Anchor>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('eclaimadmin.account')}</Table.Th>
            <Table.Td>{normalizeIban(claim.person_account_number)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('eclaimadmin.created')}</Table.Th>
            <Table.Td>{formatFinnishDateTime(claim.created_at, t('log.klo'))}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('eclaimadmin.description')}</Table.Th>
            <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{claim.description}</Table.Td>
          </Table.Tr>
          {claim.rejection_reason && claim.status === 'rejected' ? (
            <Table.Tr>
              <Table.Th>{t('eclaimadmin.rejection_reason')}</Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{claim.rejection_reason}</Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>

      {warnings.length > 0 ? (
        <List data-testid="eclaim-volunteer-warning" c="orange.9">
          {warnings.map((w) => (
            <List.Item key={w}>{w}</List.Item>
          ))}
        </List>
      ) : null}

      <Stack gap="xs" component="section" aria-labelledby="eclaim-items">
        <Title order={2} size="h3" id="eclaim-items">
          {t('eclaimadmin.items')}
        </Title>
        <ScrollTable
          minWidth={760}
          label={t('eclaimadmin.items')}
          testId="eclaim-items"
          head={
            <>
              <Table.Th scope="col">{t('eclaimadmin.col_date')}</Table.Th>
              <Table.Th scope="col">{t('eclaimadmin.col_type')}</Table.Th>
              <Table.Th scope="col">{t('eclaimadmin.col_details')}</Table.Th>
              <Table.Th scope="col">{t('eclaimadmin.col_receipt')}</Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                {t('eclaimadmin.col_amount')}
              </Table.Th>
            </>
          }
        >
          {claim.items.map((i) => (
            <Table.Tr key={i.id} data-testid="eclaim-item">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFinnishDate(i.date)}</Table.Td>
              <Table.Td>{itemTypeLabel(t, i.type)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{itemDetails(t, i)}</Table.Td>
              <Table.Td>
                <Receipt item={i} />
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatAmount(i.amount_c)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row" colSpan={4}>
              {t('eclaimadmin.total')}
            </Table.Th>
            <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap', fontWeight: 700 }} data-testid="eclaim-total">
              {formatAmount(claim.amount_c)}
            </Table.Td>
          </Table.Tr>
        </ScrollTable>
        {sources.map((s) => (
          <Text key={s} size="sm" c="dimmed">
            {t('eclaimadmin.rate_source', { source: s })}
          </Text>
        ))}
      </Stack>

      {claim.next_statuses.length > 0 ? (
        <Stack gap="xs" component="section" aria-labelledby="eclaim-actions">
          <Title order={2} size="h3" id="eclaim-actions">
            {t('eclaimadmin.actions')}
          </Title>
          <Group gap="sm">
            {claim.next_statuses.includes('accepted') ? (
              <Button onClick={() => move('accepted')} loading={update.isPending && update.variables.status === 'accepted'} data-testid="eclaim-accept">
                {t('eclaimadmin.accept')}
              </Button>
            ) : null}
            {claim.next_statuses.includes('rejected') ? (
              <Button color="red" variant="outline" onClick={() => setRejecting(true)} data-testid="eclaim-reject">
                {t('eclaimadmin.reject')}
              </Button>
            ) : null}
            {claim.next_statuses.includes('pending') ? (
              <Button variant="default" onClick={() => move('pending')} loading={update.isPending && update.variables.status === 'pending'} data-testid="eclaim-to-pending">
                {t('eclaimadmin.to_pending')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : null}

      <Stack gap="sm" component="section" aria-labelledby="eclaim-events">
        <Title order={2} size="h3" id="eclaim-events">
          {t('eclaimadmin.events')}
        </Title>
        {claim.events.length === 0 ? <Text>{t('eclaimadmin.events_empty')}</Text> : null}
        <List listStyleType="none" spacing="sm" data-testid="eclaim-events">
          {claim.events.map((e) => (
            <List.Item key={e.id} data-testid="eclaim-event">
              <Text size="sm" fw={600} component="span">
                {eventTitle(t, e)}
              </Text>
              <Text size="sm" c="dimmed" component="span">
                {` · ${formatFinnishDateTime(e.created_at, t('log.klo'))}${e.author_name ? ` · ${e.author_name}` : ''}`}
              </Text>
              {e.comment ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {e.comment}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
        <CommentForm claimId={claim.id} />
      </Stack>
      <RejectModal claimId={rejecting ? claim.id : null} onClose={() => setRejecting(false)} />
    </Stack>
  );
}

/** `/expenseclaim/{id}` for a site admin (the role switch in ExpenseClaimPage picks it). */
export function ExpenseClaimAdminView() {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const id = /^\d+$/.test(param ?? '') ? Number(param) : null;
  const query = useExpenseClaimAdmin(id);
  const claim = query.data;

  if (id === null || !claim) return <TreasurerPageFallback valid={id !== null} query={query} />;
  return (
    <>
      <PageHeader title={t('eclaimadmin.claim_page', { id: claim.id })}>
        <BackToExpenseClaims />
      </PageHeader>
      <ClaimAdminBody claim={claim} />
    </>
  );
}
