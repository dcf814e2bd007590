import { Anchor, Badge, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BankFormat, BankInstanceRef, BankPaymentReply, SuggestionReason } from '../../../shared/schemas/bank';
import { formatFinnishDate } from '../../../shared/finnish/date';
import { formatAnyReference } from '../../../shared/invoices/sms-notice';
import { invoicePath } from '../../paths';

// What the payments page's tables share: the labels of formats, sources, states and
// suggestion reasons, and how a payment's reference or message and an instance are shown.

export const nowrap = { whiteSpace: 'nowrap' } as const;

const REASONS = {
  reference_typo: 'bank.reason_reference_typo',
  message_mentions: 'bank.reason_message_mentions',
  name_and_amount: 'bank.reason_name_and_amount',
} as const satisfies Record<SuggestionReason, string>;

export const reasonLabel = (t: TFunction, reason: SuggestionReason): string => t(REASONS[reason]);

const FORMATS = { camt054: 'camt.054', camt053: 'camt.053', ktl: 'KTL' } as const satisfies Record<BankFormat, string>;
export const formatLabel = (format: BankFormat): string => FORMATS[format];

/** A statement's day as d.M.yyyy; anything else (a bank's odd date) as it came. */
export function bankDay(iso: string | null): string {
  if (!iso) return '–';
  try {
    return formatFinnishDate(iso.slice(0, 10));
  } catch {
    return iso;
  }
}

/** A reference grouped for reading ("12345 67890 1", "RF18 1234 5"); the message when there is none. */
export function ReferenceOrMessage({ payment }: { payment: Pick<BankPaymentReply, 'reference' | 'message'> }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      {payment.reference ? <Text size="sm" style={nowrap}>{formatAnyReference(payment.reference)}</Text> : null}
      {payment.message ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {payment.message}
        </Text>
      ) : null}
      {!payment.reference && !payment.message ? <Text size="sm">{t('bank.no_reference')}</Text> : null}
    </Stack>
  );
}

/** "Lasku 1234 · Maija Meikäläinen", linked to the invoice, with the reference under it. */
export function InstanceCell({ instance, combined = false }: { instance: BankInstanceRef; combined?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Anchor component={Link} to={invoicePath(instance.invoice_id)} size="sm">
        {t('bank.instance_label', { number: instance.invoice_number, name: instance.name })}
      </Anchor>
      <Text size="xs" c="dimmed" style={nowrap}>
        {formatAnyReference(instance.reference)}
      </Text>
      {combined ? (
        <Badge variant="dot" color="grape" tt="none" w="fit-content" data-testid="combined-badge">
          {t('bank.combined')}
        </Badge>
      ) : null}
    </Stack>
  );
}
