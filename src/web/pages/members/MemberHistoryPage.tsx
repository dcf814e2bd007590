import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useFields } from '../../api/fields';
import { type HistoryEntry, useMemberAnyState, useMemberHistory } from '../../api/membersList';
import { useCurrentSession } from '../../auth/SessionContext';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { canOpen } from '../../access';
import { memberEditPath, PATHS } from '../../paths';
import { NotFoundContent } from '../errors/NotFoundContent';
import { formatDateTime, historyValue } from './historyFormat';
import { DataExportMenu } from './DataExportMenu';

function contextLabel(t: TFunction, context: string): string {
  switch (context) {
    case 'PersonInsert':
      return t('member_history.context_insert');
    case 'PersonUpdate':
      return t('member_history.context_update');
    case 'PersonUpdateme':
      return t('member_history.context_updateme');
    default:
      return context;
  }
}

/** Newest first; entries of the same moment by id. */
const newestFirst = (a: HistoryEntry, b: HistoryEntry) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1);

/** `/members/{id}/history`: who changed what and when. */
export function MemberHistoryPage() {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const { id } = useParams();
  const memberId = /^\d{1,15}$/.test(id ?? '') ? Number(id) : null;
  const member = useMemberAnyState(memberId);
  const history = useMemberHistory(memberId);
  const fields = useFields();

  const notFound = (e: unknown) => isApiError(e) && e.status === 404;
  if (memberId === null || notFound(member.error) || notFound(history.error)) {
    return <NotFoundContent title={t('members.not_found')} backTo={PATHS.members} backLabel={t('members.back_to_list')} />;
  }
  const name = member.data?.fullname_;
  const title = name ? t('member_history.page_named', { name }) : t('member_history.page');
  const fieldOf = (name: string) => fields.data?.find((f) => f.name === name);
  const texts = { yes: t('member_list.yes'), no: t('member_list.no'), empty: t('member_history.empty_value'), klo: t('member_history.klo') };
  const deleted = (member.data?.meta_ as { deleted?: boolean } | undefined)?.deleted === true;

  return (
    <>
      <PageHeader title={title}>
        <Button component={Link} to={PATHS.members} variant="light" leftSection={<IconArrowLeft size={18} aria-hidden />}>
          {t('members.back_to_list')}
        </Button>
        {canOpen(user, PATHS.memberEdit) && member.data && !deleted ? (
          <Button component={Link} to={memberEditPath(memberId)} variant="default" leftSection={<IconEdit size={18} aria-hidden />}>
            {t('member_history.edit')}
          </Button>
        ) : null}
        {/* Also a removed member's data (the history page is where a removed member is opened). */}
        {member.data ? <DataExportMenu memberId={memberId} /> : null}
      </PageHeader>
      {deleted ? (
        <Text mb="md" c="dimmed">
          {t('member_history.deleted_note')}
        </Text>
      ) : null}
      {member.isError ? <ErrorBanner error={member.error} onRetry={() => void member.refetch()} /> : null}
      {history.isError ? (
        <ErrorBanner error={history.error} onRetry={() => void history.refetch()} />
      ) : !history.data ? (
        <Stack gap="sm" role="status" aria-label={t('app.loading')}>
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      ) : history.data.length === 0 ? (
        <Text>{t('member_history.empty')}</Text>
      ) : (
        <Stack gap="md" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="history-entries">
          {[...history.data].sort(newestFirst).map((entry) => (
            <Paper key={entry.id} component="li" withBorder p="md" data-testid="history-entry">
              <Group gap="sm" mb="xs" wrap="wrap">
                <Title order={2} size="h5">
                  <Badge variant="light" color="blue" mr="xs">
                    {contextLabel(t, entry.context)}
                  </Badge>
                  {formatDateTime(entry.at, t('member_history.klo'))}
                </Title>
                {entry.author ? <Text size="sm">{t('member_history.author', { name: entry.author })}</Text> : null}
              </Group>
              {entry.data.length > 0 ? (
                <Table.ScrollContainer minWidth={420}>
                  <Table verticalSpacing={4} withRowBorders={false}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('member_history.col_field')}</Table.Th>
                        <Table.Th>{t('member_history.col_old')}</Table.Th>
                        <Table.Th>{t('member_history.col_new')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {entry.data.map((d, i) => (
                        <Table.Tr key={`${d.field}-${String(i)}`}>
                          <Table.Td fw={500}>{d.label || d.field}</Table.Td>
                          <Table.Td>{historyValue(d.field, d.old, texts, fieldOf)}</Table.Td>
                          <Table.Td>{historyValue(d.field, d.new, texts, fieldOf)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              ) : null}
            </Paper>
          ))}
        </Stack>
      )}
    </>
  );
}
