import { Checkbox, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Group as MemberGroup } from '../../../shared/schemas/groups';
import type { MemberReply } from '../../api/members';
import type { MemberFormValues } from './memberFormValues';
import { MembershipFacts } from './MembershipFacts';
import { NewPasswordFields } from './NewPasswordFields';

// The parts of the member form only site admins get: group memberships, the flags and a new
// password.

type Form = UseFormReturnType<MemberFormValues>;

/** A checkbox per custom group (the built-in ones are not chosen by hand). */
export function MemberGroupsSection({ form, groups }: { form: Form; groups: readonly MemberGroup[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (groups.length === 0) return null;
  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {t('members.groups')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {groups.map((group) => (
          <Checkbox key={group.id} label={group.label} {...form.getInputProps(group.name, { type: 'checkbox' })} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Active, board and site admin, with what the register knows of the membership. */
export function MemberFlagsSection({ form, member }: { form: Form; member: MemberReply | null }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {t('members.flags')}
      </Title>
      {member ? <MembershipFacts member={member} /> : null}
      <Checkbox label={t('members.active')} description={t('members.active_help')} {...form.getInputProps('active', { type: 'checkbox' })} />
      <Checkbox label={t('members.board')} description={t('members.board_help')} {...form.getInputProps('board', { type: 'checkbox' })} />
      <Checkbox
        label={t('members.site_admin')}
        description={t('members.site_admin_help')}
        {...form.getInputProps('site_admin', { type: 'checkbox' })}
      />
    </Stack>
  );
}

/** A new password set by the admin, twice, with its strength. */
export function MemberPasswordSection({ form, creating }: { form: Form; creating: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {t('members.login')}
      </Title>
      <Text size="sm">{creating ? t('members.login_help_new') : t('members.login_help_edit')}</Text>
      <NewPasswordFields form={form} />
    </Stack>
  );
}
