import { Anchor, Image, List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/finnish/amount';
import { normalizeIban } from '../../../shared/finnish/iban';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import type { ExpenseClaimStatusName } from '../../../shared/expenseclaims/status';
import type { ExpenseClaimReply } from '../../../shared/schemas/expenseclaims';
import { useReceiptHref } from '../../api/expenseclaims';
import { ScrollTable } from '../../components/ScrollTable';
import { formatDay, formatLocalDateTime, perDiemDaysText, statusText } from './claimTexts';

type Item = ExpenseClaimReply['items'][number];

/** A claim that can no longer be changed, as the claimant sees it: items, total, comments and history. */
export function ClaimDetails({ claim }: { claim: ExpenseClaimReply }) {
  const { t } = useTranslation();
  const klo = t('log.klo');

  const details = (item: Item): string => {
    if (item.type === 'km') {
      const parts = [item.location, item.vehicle].filter((p): p is string => !!p);
      const rate = item.km_price_c !== null ? ` × ${formatAmount(item.km_price_c)}` : '';
      return [...parts, `${(item.km ?? '').replace('.', ',')} km${rate}`].join(', ');
    }
    if (item.type === 'per_diem') {
      const span = item.started_at && item.returned_at ? `${formatLocalDateTime(item.started_at, klo)} – ${formatLocalDateTime(item.returned_at, klo)}` : '';
      return [item.location, span, perDiemDaysText(t, item.per_diem_full ?? 0, item.per_diem_partial ?? 0)].filter((p) => !!p).join(', ');
    }
    return item.description;
  };

  const eventText = (e: ExpenseClaimReply['events'][number]): string => {
    if (e.kind === 'status') {
      const name = (s: string | null) => (s ? statusText(t, s as ExpenseClaimStatusName) : '');
      return t('eclaimform.event.status', { from: name(e.from_status), to: name(e.to_status) });
    }
    return t(`eclaimform.event.${e.kind}`);
  };

  return (
    <Stack gap="md">
      <Text style={{ overflowWrap: 'anywhere' }}>
        <strong>{t('eclaimform.description')}:</strong> {claim.description}
      </Text>
      <Text>
        <strong>{t('eclaimform.account')}:</strong> {normalizeIban(claim.person_account_number)}
      </Text>
      {claim.rejection_reason ? (
        <Text style={{ whiteSpace: 'pre-line' }}>
          <strong>{t('eclaimform.rejection_reason')}:</strong> {claim.rejection_reason}
        </Text>
      ) : null}
      <ScrollTable label={t('eclaimform.items')} caption={t('eclaimform.items')} minWidth={560}
        head={
          <>
          <Table.Th scope="col">{t('eclaimform.col_item_date')}</Table.Th>
          <Table.Th scope="col">{t('eclaimform.col_item_type')}</Table.Th>
          <Table.Th scope="col">{t('eclaimform.col_item_details')}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t('eclaimform.col_amount')}
          </Table.Th>
          </>
        }
      >
        {claim.items.map((item, index) => (
          <Table.Tr key={item.id}>
            <Table.Td>{item.date ? formatDay(item.date) : ''}</Table.Td>
            <Table.Td>{t(`eclaimform.type.${item.type}`)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {details(item)}
              {item.receipt ? <ReceiptThumb url={item.receipt.url} image={item.receipt.mime.startsWith('image/')} number={index + 1} /> : null}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatAmount(item.amount_c)}
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row" colSpan={3}>
            {t('eclaimform.total')}
          </Table.Th>
          <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatAmount(claim.amount_c)}
          </Table.Td>
        </Table.Tr>
      </ScrollTable>
      {claim.events.length > 0 ? (
        <section aria-labelledby="eclaim-history">
          <Title order={2} size="h3" id="eclaim-history" mb="xs">
            {t('eclaimform.history')}
          </Title>
          <List spacing="xs">
            {claim.events.map((e) => (
              <List.Item key={e.id}>
                <Text size="sm" c="dimmed">
                  {t('eclaimform.event_by', { date: formatFinnishDateTime(e.created_at, klo), author: e.author_name })}
                </Text>
                <Text>{eventText(e)}</Text>
                {e.comment ? <Text style={{ whiteSpace: 'pre-line' }}>{e.comment}</Text> : null}
              </List.Item>
            ))}
          </List>
        </section>
      ) : null}
    </Stack>
  );
}

/** A receipt's thumbnail (or "open" for a PDF); on a link page served from a blob (useReceiptHref). */
function ReceiptThumb({ url, image, number }: { url: string; image: boolean; number: number }) {
  const { t } = useTranslation();
  const href = useReceiptHref(url) ?? undefined;
  return (
    <Anchor href={href} target="_blank" rel="noopener" display="block" size="sm">
      {image ? <Image src={href} alt={t('eclaimform.receipt_thumb_alt', { number })} h={64} w="auto" fit="contain" /> : t('eclaimform.receipt_open')}
    </Anchor>
  );
}
