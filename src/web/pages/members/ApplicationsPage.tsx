import { Button, Group, List, Paper, Stack, Table, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconInbox } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { useApplications } from '../../api/applications';
import type { MemberReply } from '../../api/members';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { useUndoNotification } from '../../components/undo';
import { isRegistered } from '../../access';
import { memberEditPath, PATHS } from '../../paths';
import { ApplicationDrawer } from './ApplicationDrawer';
import { formatHelsinkiDate } from './applicationFormat';
import { ApplyFormFields } from './ApplyFormFields';
import { ApplyFormShare } from './ApplyFormShare';
import { Pager } from '../../components/Pager';
import { RowsSkeleton } from '../../components/RowsSkeleton';

// Membership applications (/members/applications):
// the queue of pending applications, oldest first; one opens in a drawer
// (`?id=` in the address, so a reload or a shared link shows the same one).

const ID_PARAM = 'id';
const PAGE_PARAM = 'sivu';
/** How long the "approved" notification with its link stays (a link needs time to reach; WCAG 2.2.1). */
const APPROVED_VISIBLE_MS = 10_000;

/** `/members/applications` */
export function ApplicationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get(PAGE_PARAM) ?? '1') - 1) || 0;
  const openId = /^\d{1,15}$/.test(params.get(ID_PARAM) ?? '') ? Number(params.get(ID_PARAM)) : null;
  const list = useApplications({ page });
  const showUndo = useUndoNotification();

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { preventScrollReset: true },
    );
  const open = (id: number) => setParam(ID_PARAM, String(id));
  const close = () => setParam(ID_PARAM, null);
  /**
   * After approving or rejecting, the row that opened the drawer is gone: once the drawer
   * has closed (and tried to return focus there), focus goes to the page heading.
   */
  const closeAfterAction = () => {
    close();
    window.setTimeout(() => document.querySelector<HTMLElement>('[data-page-heading]')?.focus(), 350);
  };

  const onApproved = (member: MemberReply) => {
    closeAfterAction();
    const id = `approved-${String(member.id)}`;
    notifications.show({
      id,
      color: 'green',
      autoClose: APPROVED_VISIBLE_MS,
      closeButtonProps: { 'aria-label': t('common.close') },
      message: (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('applications.approved', { name: member.fullname_ })}</Text>
          <ApprovalMailNote member={member} />
          {isRegistered(PATHS.memberEdit) ? (
            <Button
              size="xs"
              variant="light"
              onClick={() => {
                notifications.hide(id);
                void navigate(memberEditPath(member.id));
              }}
            >
              {t('applications.open_member')}
            </Button>
          ) : null}
        </Stack>
      ),
    });
  };

  const onRejected = (name: string, batchId: string) => {
    closeAfterAction();
    showUndo(t('applications.rejected', { name }), batchId);
  };

  const data = list.data;
  const total = data?.stats.result_count ?? 0;
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  // The last application of a later page was handled: show the last page that still has some.
  const emptyLaterPage = data !== undefined && !list.isPlaceholderData && data.results.length === 0 && page > 0;
  useEffect(() => {
    if (!emptyLaterPage) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (pages > 1) next.set(PAGE_PARAM, String(pages));
        else next.delete(PAGE_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [emptyLaterPage, pages, setParams]);

  return (
    <>
      <PageHeader title={t('applications.page')}>
        {isRegistered(PATHS.members) ? (
          <Button component={Link} to={PATHS.members} variant="light" leftSection={<IconArrowLeft size={18} aria-hidden />}>
            {t('members.back_to_list')}
          </Button>
        ) : null}
      </PageHeader>

      <Stack gap="xl">
        <Stack component="section" gap="sm" aria-labelledby="applications-queue-title">
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h3" id="applications-queue-title">
              {t('applications.queue_title')}
            </Title>
            {data ? (
              <Text fw={600} data-testid="applications-count" aria-live="polite">
                {t('applications.count', { count: total })}
              </Text>
            ) : null}
          </Group>

          {list.isError ? (
            <ErrorBanner error={list.error} onRetry={() => void list.refetch()} />
          ) : !data ? (
            <RowsSkeleton />
          ) : data.results.length === 0 ? (
            <EmptyApplications />
          ) : (
            <>
              <Table.ScrollContainer minWidth={520}>
                <Table striped highlightOnHover verticalSpacing="sm" aria-labelledby="applications-queue-title" data-testid="applications-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('applications.col_name')}</Table.Th>
                      <Table.Th>{t('applications.col_email')}</Table.Th>
                      <Table.Th>{t('applications.col_applied')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('applications.col_actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.results.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td>
                          <UnstyledButton
                            onClick={() => open(row.id)}
                            fw={600}
                            c="var(--mantine-color-anchor)"
                            td="underline"
                            aria-haspopup="dialog"
                          >
                            {row.fullname_}
                          </UnstyledButton>
                        </Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{typeof row.email === 'string' ? row.email : ''}</Table.Td>
                        <Table.Td>{typeof row.created_at === 'string' ? formatHelsinkiDate(row.created_at) : ''}</Table.Td>
                        <Table.Td ta="right">
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => open(row.id)}
                            aria-label={t('applications.handle_named', { name: row.fullname_ })}
                            aria-haspopup="dialog"
                          >
                            {t('applications.handle')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Pager pages={pages} page={page + 1} onChange={(value) => setParam(PAGE_PARAM, value === 1 ? null : String(value))} />
            </>
          )}
        </Stack>

        {/* With no applications the empty state above carries the form's address and code. */}
        {data && data.results.length > 0 ? (
          <Stack component="section" gap="sm" aria-labelledby="applications-form-title" maw={860}>
            <Title order={2} size="h3" id="applications-form-title">
              {t('applications.form_title')}
            </Title>
            <Text>{t('applications.form_text')}</Text>
            <ApplyFormFields />
            <ApplyFormShare />
          </Stack>
        ) : null}
      </Stack>

      <ApplicationDrawer id={openId} onClose={close} onApproved={onApproved} onRejected={onRejected} />
    </>
  );
}

/**
 * No applications yet: what to do next — choose the form's fields,
 * share its address or embed it — with the address and the code to copy right here.
 */
function EmptyApplications() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl" data-testid="applications-empty">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <IconInbox size={32} aria-hidden style={{ flexShrink: 0 }} />
        <Stack gap="md" style={{ minWidth: 0, flex: 1 }}>
          <Stack gap={4}>
            <Text fw={600}>{t('applications.empty_title')}</Text>
            <Text>{t('applications.empty_next')}</Text>
          </Stack>
          <List type="ordered" spacing="xs">
            <List.Item>
              {t('applications.empty_step_fields')}
            </List.Item>
            <List.Item>{t('applications.empty_step_share')}</List.Item>
            <List.Item>{t('applications.empty_step_handle')}</List.Item>
          </List>
          <ApplyFormFields />
          <ApplyFormShare />
        </Stack>
      </Group>
    </Paper>
  );
}

/** Whether the applicant was told of the approval by email; nothing without an address. */
function ApprovalMailNote({ member }: { member: MemberReply }) {
  const { t } = useTranslation();
  const mail = (member.meta_ as { approval_mail?: string } | undefined)?.approval_mail;
  if (mail === 'sent') return <Text size="sm">{t('applications.approved_mail_sent')}</Text>;
  if (mail === 'failed') return <Text size="sm" fw={600}>{t('applications.approved_mail_failed')}</Text>;
  return null;
}
