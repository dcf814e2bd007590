import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import { formatFinnishMobile } from '../../../shared/finnish/phone';
import { UP_TO_DATENESS, type MemberUpToDateness, type UpToDateness } from '../../../shared/members/upToDateness';
import type { MemberReply } from '../../api/members';
import type { Medium } from './upToDatenessModel';
import { mediumText, stateText } from './upToDatenessTexts';

// The member page's email and SMS up-to-dateness (`uptodate_` of the member reply): the
// state in words, when the last recorded message went, and for a bounce which address
// or number bounced and when, so the secretary knows what to ask the member to fix.

const isState = (v: unknown): v is UpToDateness => typeof v === 'string' && (UP_TO_DATENESS as readonly string[]).includes(v);

function readUpToDateness(v: unknown): MemberUpToDateness | null {
  if (typeof v !== 'object' || v === null) return null;
  const u = v as Record<string, unknown>;
  return isState(u.email) && isState(u.sms) ? (u as unknown as MemberUpToDateness) : null;
}

export function UpToDatenessFacts({ member }: { member: MemberReply }) {
  const { t } = useTranslation();
  const titleId = useId();
  const u = readUpToDateness(member.uptodate_);
  if (!u) return null;
  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId} data-testid="uptodateness">
      <Title order={2} size="h3" id={titleId}>
        {t('uptodate.facts')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MediumFact medium="email" state={u.email} at={u.email_at} address={u.email_address} />
        <MediumFact medium="sms" state={u.sms} at={u.sms_at} address={u.sms_address} />
      </SimpleGrid>
    </Stack>
  );
}

function MediumFact({ medium, state, at, address }: { medium: Medium; state: UpToDateness; at?: string; address?: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const when = at ? formatFinnishDateTime(at, t('log.klo')) : null;
  let detail: string | null = null;
  if (when && state === 'bounced' && address) {
    detail = medium === 'email' ? t('uptodate.bounced_email', { address, when }) : t('uptodate.bounced_sms', { address: formatFinnishMobile(address), when });
  } else if (when) detail = t('uptodate.at', { when });
  return (
    <Stack gap={2} role="group" aria-labelledby={labelId} data-uptodate={medium}>
      <Text component="div" size="sm" fw={600} id={labelId}>
        {mediumText(t, medium)}
      </Text>
      <Text component="div" c={state === 'bounced' ? 'red.9' : undefined} fw={state === 'bounced' ? 600 : undefined}>
        {stateText(t, state)}
      </Text>
      {detail ? (
        <Text component="div" size="sm">
          {detail}
        </Text>
      ) : null}
    </Stack>
  );
}
