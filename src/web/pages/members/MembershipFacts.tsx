import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFinnishDate, parseIsoDate } from '../../../shared/finnish/date';
import type { MemberReply } from '../../api/members';

/**
 * The member number and "Jäsen alkaen" in the member form: read-only
 * facts the register keeps (the number is the member's id; the date is set when the
 * member is added or approved), so shown as text, never as inputs.
 */
export function MembershipFacts({ member }: { member: MemberReply }) {
  const { t } = useTranslation();
  const since = typeof member.member_since === 'string' && parseIsoDate(member.member_since) ? formatFinnishDate(member.member_since) : t('member_form.no_value');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="membership-facts">
      <Fact label={t('member_list.col_member_number')} value={String(member.id)} name="id" />
      <Fact label={t('member_list.col_member_since')} value={since} name="member_since" />
    </SimpleGrid>
  );
}

function Fact({ label, value, name }: { label: string; value: string; name: string }) {
  const labelId = useId();
  return (
    <Stack gap={2} role="group" aria-labelledby={labelId} data-readonly-field={name}>
      <Text component="div" size="sm" fw={600} id={labelId}>
        {label}
      </Text>
      <Text component="div">{value}</Text>
    </Stack>
  );
}
