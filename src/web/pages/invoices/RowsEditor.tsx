import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { INVOICE_MAX_ROWS } from '../../../shared/constants';
import { formatAmount, parseAmountCents } from '../../../shared/finnish/amount';
import { type RowDraft, rowField } from './invoiceModel';
import { vatLabel } from './labels';
import classes from './invoices.module.css';

interface RowsEditorProps {
  rows: RowDraft[];
  onChange: (rows: RowDraft[]) => void;
  /** VAT rates valid on the invoice date; null when the association is not VAT-obliged (no VAT column). */
  vatRates: number[] | null;
  /** Messages per field key `invoice_rows_.{i}.{field}`, and `invoice_rows_` for the rows as a whole. */
  errors: Record<string, string>;
  /** Shown, not editable (adding recipients to a sent invoice). */
  readOnly?: boolean;
}

export const rowInputId = (index: number, field: keyof RowDraft): string => `invoice-${rowField(index, field).replace(/\./g, '-')}`;

/** The invoice rows (1–8): title, amount with VAT as typed, VAT rate. Adding focuses the new row, removing the row before. */
export function RowsEditor({ rows, onChange, vatRates, errors, readOnly = false }: RowsEditorProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const focusSoon = (id: string) => window.setTimeout(() => document.getElementById(id)?.focus(), 0);

  const update = (index: number, patch: Partial<RowDraft>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const add = () => {
    if (rows.length >= INVOICE_MAX_ROWS) return;
    onChange([...rows, { title: '', amount_with_vat: '', vat_percent: vatRates?.[0] ?? 0 }]);
    focusSoon(rowInputId(rows.length, 'title'));
  };
  const remove = (index: number) => {
    if (rows.length <= 1) return;
    onChange(rows.filter((_, i) => i !== index));
    focusSoon(rowInputId(Math.max(0, index - 1), 'title'));
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid="rows-editor">
      <Title order={2} size="h3" id={titleId} mb="xs">
        {t('invoices.rows_title')}
      </Title>
      {vatRates === null ? (
        <Text size="sm" c="dimmed" mb="sm" data-testid="no-vat-note">
          {t('invoices.no_vat_note')}
        </Text>
      ) : null}
      {errors.invoice_rows_ ? (
        <Text c="red.8" size="sm" mb="sm" role="alert" id="invoice-invoice_rows_" tabIndex={-1}>
          {errors.invoice_rows_}
        </Text>
      ) : null}
      <Stack gap="sm">
        {rows.map((row, i) => {
          const cents = parseAmountCents(row.amount_with_vat);
          return (
            <fieldset key={i} className={classes.row} data-testid="invoice-row-editor">
              <legend className={classes.rowLegend}>{t('invoices.row_n', { n: i + 1 })}</legend>
              <div className={classes.rowFields}>
                <TextInput
                  id={rowInputId(i, 'title')}
                  className={classes.rowTitle}
                  label={t('invoices.row_title')}
                  value={row.title}
                  maxLength={200}
                  readOnly={readOnly}
                  required
                  onChange={(e) => update(i, { title: e.currentTarget.value })}
                  error={errors[rowField(i, 'title')]}
                />
                <TextInput
                  id={rowInputId(i, 'amount_with_vat')}
                  className={classes.rowAmount}
                  label={vatRates === null ? t('invoices.row_amount') : t('invoices.row_amount_vat')}
                  description={cents !== null && row.amount_with_vat.trim() !== '' ? formatAmount(cents) : t('invoices.row_amount_help')}
                  value={row.amount_with_vat}
                  maxLength={20}
                  inputMode="decimal"
                  autoComplete="off"
                  readOnly={readOnly}
                  required
                  onChange={(e) => update(i, { amount_with_vat: e.currentTarget.value })}
                  error={errors[rowField(i, 'amount_with_vat')]}
                />
                {vatRates !== null ? (
                  <NativeSelect
                    id={rowInputId(i, 'vat_percent')}
                    className={classes.rowVat}
                    label={t('invoices.row_vat')}
                    value={String(row.vat_percent)}
                    disabled={readOnly}
                    data={(vatRates.includes(row.vat_percent) ? vatRates : [...vatRates, row.vat_percent]).map((r) => ({ value: String(r), label: vatLabel(r) }))}
                    onChange={(e) => update(i, { vat_percent: Number(e.currentTarget.value) })}
                    error={errors[rowField(i, 'vat_percent')]}
                  />
                ) : null}
                {!readOnly && rows.length > 1 ? (
                  <ActionIcon variant="subtle" color="red" size="lg" className={classes.rowRemove} aria-label={t('invoices.row_remove', { n: i + 1 })} onClick={() => remove(i)}>
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                ) : null}
              </div>
            </fieldset>
          );
        })}
      </Stack>
      {!readOnly ? (
        <Group mt="sm" gap="sm">
          <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={add} disabled={rows.length >= INVOICE_MAX_ROWS} data-testid="row-add">
            {t('invoices.row_add')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('invoices.rows_max', { max: INVOICE_MAX_ROWS })}
          </Text>
        </Group>
      ) : null}
    </Paper>
  );
}
