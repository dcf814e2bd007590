import { Anchor, Badge, Button, Group as MantineGroup, Paper, Skeleton, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { IconGripVertical, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Group } from '../../../shared/schemas/groups';
import { groupMailAccessBody } from '../../../shared/schemas/groups';
import { bannerKeys } from '../../api/errorKeys';
import { isApiError } from '../../api/errors';
import { useGroupsWithCounts, useReorderGroups, useRequestGroupMailAccess } from '../../api/groups';
import { hasRole } from '../../auth/roles';
import { useCurrentSession } from '../../auth/SessionContext';
import { ErrorBanner } from '../../components/ErrorBanner';
import { applyServerErrors, focusFirstInvalid, translateFieldErrors } from '../../components/formErrors';
import { notifyError, notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import classes from '../../components/reorder.module.css';
import { SubmitButton } from '../../components/SubmitButton';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { useReorderableList } from '../../components/useReorderableList';
import { messageText } from '../../i18n/messages';
import { groupPath, PATHS } from '../../paths';
import { allowedSendersLabel } from './groupLabels';
import { useFormatNumber } from '../../i18n/useFormatNumber';

/**
 * `/config/groups`: groups in their order with member counts. Site admins add, edit
 * and reorder them; board members see the list and can ask for group-mail rights.
 */
export function GroupsPage() {
  const { t } = useTranslation();
  const number = useFormatNumber();
  const { user } = useCurrentSession();
  const isAdmin = hasRole(user, 'admin');
  const groups = useGroupsWithCounts();
  const reorder = useReorderGroups();
  const items = groups.data ?? [];
  const list = useReorderableList<Group>(
    items,
    (g) => g.label,
    (next) =>
      reorder.mutate(next, {
        onError: (error) => {
          const [key] = bannerKeys(error);
          notifyError(t('groups.reorder_failed', { reason: messageText(key ?? 'server_error', isApiError(error) ? error.params : undefined) }));
        },
      }),
    isAdmin,
  );

  return (
    <>
      <PageHeader title={t('groups.page')}>
        {isAdmin ? (
          <Button component={Link} to={PATHS.groupAdd} leftSection={<IconPlus size={18} aria-hidden />}>
            {t('groups.add')}
          </Button>
        ) : null}
      </PageHeader>
      <Text mb="md" maw={720}>
        {isAdmin ? t('groups.intro') : t('groups.intro_board')}
      </Text>
      {groups.isError ? (
        <ErrorBanner error={groups.error} onRetry={() => void groups.refetch()} />
      ) : !groups.data ? (
        <Stack gap="xs" role="status" aria-label={t('app.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : (
        <>
          <Text fw={600} mb="xs">
            {t('groups.count', { count: items.length })}
          </Text>
          {list.announcer}
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" highlightOnHover aria-label={t('groups.page')} data-testid="groups-table">
              <Table.Thead>
                <Table.Tr>
                  {isAdmin ? (
                    <Table.Th w={32}>
                      <VisuallyHidden>{t('reorder.drag_column')}</VisuallyHidden>
                    </Table.Th>
                  ) : null}
                  <Table.Th>{t('groups.col_label')}</Table.Th>
                  <Table.Th>{t('groups.col_email')}</Table.Th>
                  <Table.Th>{t('groups.col_senders')}</Table.Th>
                  <Table.Th ta="right">{t('groups.col_members')}</Table.Th>
                  {isAdmin ? <Table.Th w={96}>{t('reorder.column')}</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((group, index) => (
                  <Table.Tr key={group.id} className={classes.row} {...list.rowProps(index)} data-group-name={group.name}>
                    {isAdmin ? (
                      <Table.Td>
                        <IconGripVertical size={18} className={classes.handle} aria-hidden />
                      </Table.Td>
                    ) : null}
                    <Table.Td>
                      <MantineGroup gap="xs" wrap="nowrap">
                        {isAdmin ? (
                          <Anchor component={Link} to={groupPath(group.id)} fw={500}>
                            {group.label}
                          </Anchor>
                        ) : (
                          <Text fw={500}>{group.label}</Text>
                        )}
                        {group.builtin ? (
                          <Badge variant="light" color="gray" size="sm">
                            {t('groups.builtin_badge')}
                          </Badge>
                        ) : null}
                      </MantineGroup>
                    </Table.Td>
                    <Table.Td>{group.email ?? ''}</Table.Td>
                    <Table.Td>{allowedSendersLabel(t, group.allowed_senders)}</Table.Td>
                    <Table.Td ta="right" data-testid="member-count">
                      {number(group.member_count ?? 0)}
                    </Table.Td>
                    {isAdmin ? <Table.Td>{list.moveButtons(index, group.label)}</Table.Td> : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      {isAdmin ? null : <MailAccessRequest defaultEmail={user.email ?? ''} />}
    </>
  );
}

const MAIL_FIELDS = ['email'] as const;

/** A board member asks the site admins for the right to send group mail from an address. */
function MailAccessRequest({ defaultEmail }: { defaultEmail: string }) {
  const { t } = useTranslation();
  const request = useRequestGroupMailAccess();
  const [error, setError] = useState<unknown>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: defaultEmail },
    validate: (values) => {
      const parsed = groupMailAccessBody.safeParse(values);
      if (parsed.success) return {};
      return translateFieldErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    },
  });

  const submit = useGuardedSubmit(async (values: { email: string }) => {
    setError(null);
    try {
      await request.mutateAsync(values);
    } catch (failure) {
      setError(failure);
      applyServerErrors(form, failure, MAIL_FIELDS);
      return;
    }
    notifySuccess(t('groups.mail_access_sent'));
  });

  const onInvalid = (errors: FormErrors) => {
    setError(null);
    focusFirstInvalid(form, errors, MAIL_FIELDS);
  };

  return (
    <Paper component="section" withBorder p="lg" mt="xl" maw={640} aria-labelledby="mail-access-title">
      <Title order={2} size="h3" id="mail-access-title" mb="xs">
        {t('groups.mail_access_title')}
      </Title>
      <Text mb="md">{t('groups.mail_access_text')}</Text>
      <ErrorBanner error={error} fields={MAIL_FIELDS} />
      <form onSubmit={form.onSubmit(submit.run, onInvalid)} noValidate>
        <MantineGroup align="flex-end" gap="sm">
          <TextInput
            label={t('groups.mail_access_email')}
            type="email"
            required
            style={{ flex: 1 }}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <SubmitButton pending={submit.pending}>{t('groups.mail_access_send')}</SubmitButton>
        </MantineGroup>
      </form>
    </Paper>
  );
}
