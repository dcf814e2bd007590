import { Anchor, Group, Image, Input, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { allowanceSourceOn } from '../../../shared/finnish/allowance';
import { formatAmount } from '../../../shared/finnish/amount';
import { EXPENSE_RECEIPT_MAX_BYTES, EXPENSE_RECEIPT_TYPES } from '../../../shared/constants';
import { useReceiptHref, useUploadReceipt } from '../../api/expenseclaims';
import { bannerKeys, fieldErrorKeys } from '../../api/errorKeys';
import { isApiError } from '../../api/errors';
import { fieldMessageText, messageText } from '../../i18n/messages';
import { itemField, kmPreview, parseKm, perDiemPreview, type ItemDraft } from './claimForm';
import { perDiemText } from './claimTexts';

// The inputs of one claim item by its type, with the live amount the rules module gives.

/** The DOM id of a form field ("items.0.km" → "eclaim-items-0-km"): errors focus it. */
export const fieldId = (field: string): string => `eclaim-${field.replace(/\./g, '-')}`;

export interface ItemFieldsProps {
  item: ItemDraft;
  index: number;
  /** Texts under fields, by field key. */
  errors: Record<string, string>;
  onChange: (patch: Partial<ItemDraft>) => void;
  /** Sets or clears the error text of one field (the upload's own errors). */
  onFieldError: (field: string, text: string | null) => void;
  kmHelp: string;
  perDiemHelp: string;
}

export function ItemFields(props: ItemFieldsProps) {
  if (props.item.type === 'receipt') return <ReceiptFields {...props} />;
  if (props.item.type === 'km') return <KmFields {...props} />;
  return <PerDiemFields {...props} />;
}

function useField({ index, errors, item, onChange }: ItemFieldsProps) {
  // errorField: the server's key when it differs from the draft's (a per diem's date and time are one started_at).
  return (field: keyof ItemDraft & string, errorField: string = field) => {
    const key = itemField(index, errorField);
    return {
      id: fieldId(key),
      value: item[field] as string,
      error: errors[key],
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ [field]: e.currentTarget.value }),
    };
  };
}

function DateField({ label, props }: { label: string; props: ReturnType<ReturnType<typeof useField>> }) {
  const { t } = useTranslation();
  return <TextInput label={label} description={t('eclaimform.date_help')} required autoComplete="off" inputMode="numeric" {...props} />;
}

function ReceiptFields(props: ItemFieldsProps) {
  const { t } = useTranslation();
  const { item, index, errors, onChange, onFieldError } = props;
  const field = useField(props);
  const upload = useUploadReceipt();
  const receiptKey = itemField(index, 'receipt_id');

  const pick = async (file: File | undefined) => {
    if (!file) return;
    // Not sent at all when it is over the limit anyway.
    if (file.size > EXPENSE_RECEIPT_MAX_BYTES) {
      onFieldError(receiptKey, fieldMessageText('expense_receipt_too_large'));
      return;
    }
    onFieldError(receiptKey, null);
    try {
      const reply = await upload.mutateAsync(file);
      onChange({ receipt: { id: reply.id, url: reply.url, mime: reply.mime, filename: reply.filename } });
    } catch (error) {
      // The file's own problem, or what else went wrong (too many uploads, no connection), under the field.
      const params = isApiError(error) ? error.params : undefined;
      const fileKey = fieldErrorKeys(error, ['file']).file;
      onFieldError(receiptKey, fileKey ? fieldMessageText(fileKey, params) : messageText(bannerKeys(error)[0] ?? 'server_error', params));
    }
  };

  const receipt = item.receipt;
  const receiptHref = useReceiptHref(receipt?.url ?? null);
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <DateField label={t('eclaimform.date')} props={field('date')} />
        <TextInput label={t('eclaimform.amount')} description={t('eclaimform.amount_help')} required inputMode="decimal" autoComplete="off" {...field('amount')} />
      </SimpleGrid>
      <TextInput label={t('eclaimform.item_description')} required {...field('description')} />
      <Input.Wrapper
        label={t('eclaimform.receipt_file')}
        description={t('eclaimform.receipt_help')}
        error={errors[receiptKey]}
        required
        id={fieldId(receiptKey)}
      >
        <input
          id={fieldId(receiptKey)}
          type="file"
          accept={EXPENSE_RECEIPT_TYPES.join(',')}
          aria-invalid={errors[receiptKey] ? true : undefined}
          aria-describedby={errors[receiptKey] ? `${fieldId(receiptKey)}-error ${fieldId(receiptKey)}-description` : `${fieldId(receiptKey)}-description`}
          disabled={upload.isPending}
          onChange={(e) => void pick(e.currentTarget.files?.[0])}
          style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
        />
      </Input.Wrapper>
      {upload.isPending ? (
        <Text size="sm" role="status">
          {t('eclaimform.receipt_uploading')}
        </Text>
      ) : null}
      {receipt ? (
        <Group gap="sm" align="center" data-testid={`eclaim-receipt-${String(index)}`}>
          {receipt.mime.startsWith('image/') ? (
            <Anchor href={receiptHref ?? undefined} target="_blank" rel="noopener">
              <Image src={receiptHref ?? undefined} alt={t('eclaimform.receipt_thumb_alt', { number: index + 1 })} h={80} w="auto" fit="contain" radius="sm" />
            </Anchor>
          ) : null}
          <Text size="sm">{receipt.filename ? t('eclaimform.receipt_attached', { name: receipt.filename }) : t('eclaimform.receipt_saved')}</Text>
          <Anchor href={receiptHref ?? undefined} target="_blank" rel="noopener" size="sm">
            {t('eclaimform.receipt_open')}
          </Anchor>
        </Group>
      ) : null}
    </>
  );
}

function KmFields(props: ItemFieldsProps) {
  const { t } = useTranslation();
  const { item, index, kmHelp } = props;
  const field = useField(props);
  const preview = kmPreview(item);
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <DateField label={t('eclaimform.date')} props={field('date')} />
        <TextInput label={t('eclaimform.km')} description={t('eclaimform.km_help')} required inputMode="decimal" autoComplete="off" {...field('km')} />
      </SimpleGrid>
      <TextInput label={t('eclaimform.location_km')} description={t('eclaimform.location_km_help')} required {...field('location')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label={t('eclaimform.vehicle')} description={t('eclaimform.vehicle_help')} {...field('vehicle')} />
        <TextInput label={t('eclaimform.item_description')} {...field('description')} />
      </SimpleGrid>
      <div aria-live="polite" data-testid={`eclaim-km-amount-${String(index)}`}>
        {preview ? (
          <>
            <Text fw={600}>
              {t('eclaimform.km_amount', { km: (parseKm(item.km) ?? '').replace('.', ','), rate: formatAmount(preview.unitCents), amount: formatAmount(preview.cents) })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('eclaimform.km_rate', { rate: formatAmount(preview.unitCents), source: preview.source })}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('eclaimform.km_pending')}
          </Text>
        )}
      </div>
      {kmHelp.trim() !== '' ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {kmHelp}
        </Text>
      ) : null}
    </>
  );
}

function PerDiemFields(props: ItemFieldsProps) {
  const { t } = useTranslation();
  const { item, index, perDiemHelp } = props;
  const field = useField(props);
  const preview = perDiemPreview(item);
  const firstDay = preview?.days[0];
  // Each travel day is paid at its own year's rate; the sources of every year in the trip are named.
  const sources = preview ? [...new Set(preview.days.map((d) => allowanceSourceOn(d.start.slice(0, 10))))] : [];
  return (
    <>
      <SimpleGrid cols={{ base: 2 }}>
        <DateField label={t('eclaimform.start_date')} props={field('start_date', 'started_at')} />
        <TextInput label={t('eclaimform.start_time')} description={t('eclaimform.time_help')} required inputMode="decimal" autoComplete="off" {...field('start_time', 'started_at_time')} />
        <DateField label={t('eclaimform.return_date')} props={field('return_date', 'returned_at')} />
        <TextInput label={t('eclaimform.return_time')} description={t('eclaimform.time_help')} required inputMode="decimal" autoComplete="off" {...field('return_time', 'returned_at_time')} />
      </SimpleGrid>
      <TextInput label={t('eclaimform.location_per_diem')} required {...field('location')} />
      <TextInput label={t('eclaimform.item_description')} {...field('description')} />
      <div aria-live="polite" data-testid={`eclaim-per-diem-amount-${String(index)}`}>
        <Text fw={preview ? 600 : undefined} size={preview ? undefined : 'sm'} c={preview ? undefined : 'dimmed'}>
          {preview ? perDiemText(t, preview) : t('eclaimform.per_diem_pending')}
        </Text>
        {firstDay ? (
          <Text size="sm" c="dimmed">
            {t('eclaimform.per_diem_source', { source: sources.join('; ') })}
          </Text>
        ) : null}
      </div>
      {perDiemHelp.trim() !== '' ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {perDiemHelp}
        </Text>
      ) : null}
    </>
  );
}
