import { Alert, Anchor, Button, Group as MantineGroup, Radio, Stack, Text, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { type AllowedSenders, type Group, type GroupSaveBody, groupSaveBody } from '../../../shared/schemas/groups';
import { isApiError } from '../../api/errors';
import { useDeleteGroup, useGroup, useSaveGroup } from '../../api/groups';
import { AdvancedIdentifier } from '../../components/AdvancedIdentifier';
import { CountedDeleteModal } from '../../components/CountedDeleteModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { applyServerErrors, focusFirstInvalid, translateFieldErrors } from '../../components/formErrors';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { SubmitButton } from '../../components/SubmitButton';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { PATHS } from '../../paths';
import { NotFoundContent } from '../errors/NotFoundContent';
import { nameFromLabel } from '../fields/fieldForm';
import { nameShapeError } from '../../../shared/fields/names';
import { allowedSendersLabel } from './groupLabels';
import { GroupMembers } from './GroupMembers';

/** Form inputs in screen order (the identifier last, under "Lisäasetukset"): the first invalid one gets focus. */
const GROUP_FIELDS = ['label', 'email', 'allowed_senders', 'name'] as const;

interface GroupFormValues {
  label: string;
  name: string;
  email: string;
  allowed_senders: AllowedSenders;
}

/** `/config/groups/add`. */
export function GroupAddPage() {
  return <GroupEditor group={null} />;
}

/** `/config/groups/{id}`. */
export function GroupEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const groupId = /^\d{1,15}$/.test(id ?? '') ? Number(id) : null;
  const group = useGroup(groupId);

  if (groupId === null || (isApiError(group.error) && group.error.status === 404)) {
    return <NotFoundContent title={t('groups.not_found')} backTo={PATHS.groups} backLabel={t('groups.back')} />;
  }
  if (group.isError) {
    return (
      <>
        <PageHeader title={t('groups.edit_page')} />
        <ErrorBanner error={group.error} onRetry={() => void group.refetch()} />
      </>
    );
  }
  if (!group.data) return <PageLoader />;
  return <GroupEditor key={group.data.id} group={group.data} />;
}

/** Client-side checks with the shared schema's keys, plus the name rules the server applies. */
function validateGroup(values: GroupFormValues): FormErrors {
  const errors: FormErrors = {};
  const parsed = groupSaveBody.safeParse(values);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  const nameError = nameShapeError(values.name.trim());
  if (!errors.name && nameError) errors.name = nameError;
  return errors;
}

function GroupEditor({ group }: { group: Group | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isNew = group === null;
  const save = useSaveGroup(group?.id ?? null);
  const [error, setError] = useState<unknown>(null);
  const [nameTouched, setNameTouched] = useState(!isNew);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const form = useForm<GroupFormValues>({
    mode: 'controlled',
    initialValues: {
      label: group?.label ?? '',
      name: group?.name ?? '',
      email: group?.email ?? '',
      allowed_senders: group?.allowed_senders ?? 'GroupMembers',
    },
    validate: (values) => translateFieldErrors(validateGroup(values)),
  });
  const guard = useUnsavedChangesGuard(form.isDirty());

  const submit = useGuardedSubmit(async (values: GroupFormValues) => {
    setError(null);
    const body: GroupSaveBody = {
      label: values.label.trim(),
      name: values.name.trim(),
      email: values.email.trim().toLowerCase(),
      allowed_senders: values.allowed_senders,
    };
    let saved: Group;
    try {
      saved = await save.mutateAsync(body);
    } catch (failure) {
      setError(failure);
      applyServerErrors(form, failure, GROUP_FIELDS);
      return;
    }
    notifySuccess(isNew ? t('groups.created', { label: saved.label }) : t('groups.saved', { label: saved.label }));
    guard.allowNextNavigation();
    void navigate(PATHS.groups);
  });

  const onInvalid = (errors: FormErrors) => {
    setError(null);
    focusFirstInvalid(form, errors, GROUP_FIELDS);
  };

  const title = isNew ? t('groups.add_page') : t('groups.edit_page_named', { label: group.label });

  return (
    <>
      <PageHeader title={title} />
      {guard.prompt}
      <Stack gap="md" maw={640}>
        <Anchor component={Link} to={PATHS.groups} size="sm">
          {t('groups.back')}
        </Anchor>
        {group?.builtin ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
            {group.builtin === 'everyone' ? t('groups.builtin_everyone_info') : t('groups.builtin_board_info')}
          </Alert>
        ) : null}
        {group ? <Text data-testid="group-member-count">{t('groups.member_count', { count: group.member_count ?? 0 })}</Text> : null}
        <ErrorBanner error={error} fields={GROUP_FIELDS} />
        <form onSubmit={form.onSubmit(submit.run, onInvalid)} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('groups.label')}
              required
              maxLength={255}
              {...form.getInputProps('label')}
              onChange={(e) => {
                const label = e.currentTarget.value;
                form.setFieldValue('label', label);
                if (!nameTouched) form.setFieldValue('name', nameFromLabel(label));
              }}
            />
            <TextInput
              label={t('groups.email')}
              description={t('groups.email_help')}
              type="email"
              maxLength={255}
              {...form.getInputProps('email')}
            />
            <Radio.Group label={t('groups.senders')} description={t('groups.senders_help')} {...form.getInputProps('allowed_senders')}>
              <Stack gap="xs" mt="xs">
                <Radio value="GroupMembers" label={allowedSendersLabel(t, 'GroupMembers')} />
                <Radio value="admins_and_board" label={allowedSendersLabel(t, 'admins_and_board')} />
              </Stack>
            </Radio.Group>
            <AdvancedIdentifier
              title={t('groups.advanced')}
              label={t('groups.name')}
              description={group?.builtin ? t('groups.name_locked') : t('groups.name_help')}
              required
              readOnly={Boolean(group?.builtin)}
              inputProps={form.getInputProps('name')}
              onType={(value) => {
                setNameTouched(true);
                form.setFieldValue('name', value);
              }}
            />
            <MantineGroup justify="space-between" mt="sm">
              <MantineGroup gap="sm">
                <SubmitButton pending={submit.pending}>{t('common.save')}</SubmitButton>
                <Button component={Link} to={PATHS.groups} variant="default">
                  {t('common.cancel')}
                </Button>
              </MantineGroup>
              {group && !group.builtin ? (
                <Button variant="outline" color="red" leftSection={<IconTrash size={18} aria-hidden />} onClick={() => setConfirmDelete(true)}>
                  {t('groups.delete')}
                </Button>
              ) : null}
            </MantineGroup>
          </Stack>
        </form>
      </Stack>
      {group ? <GroupMembers group={group} /> : null}
      {group && !group.builtin ? (
        <DeleteGroupModal
          group={group}
          opened={confirmDelete}
          onClose={() => setConfirmDelete(false)}
          onDeleted={() => {
            guard.allowNextNavigation();
            void navigate(PATHS.groups);
          }}
        />
      ) : null}
    </>
  );
}

/** Deleting asks first, naming how many members the group has; the members themselves stay. */
function DeleteGroupModal({ group, opened, onClose, onDeleted }: { group: Group; opened: boolean; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteGroup();
  return (
    <CountedDeleteModal
      opened={opened}
      title={t('groups.delete_title', { label: group.label })}
      confirmLabel={t('groups.delete_confirm')}
      knownCount={group.member_count ?? 0}
      confirmKey="groups_delete_confirm"
      remove={(confirmed) => remove.mutateAsync({ id: group.id, confirmed })}
      text={(count) => (count > 0 ? t('groups.delete_with_members', { count }) : t('groups.delete_no_members'))}
      deletedMessage={t('groups.deleted', { label: group.label })}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
