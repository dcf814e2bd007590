import type { TFunction } from 'i18next';
import { Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/finnish/amount';
import { formatFinnishDate, parseFinnishDate } from '../../../shared/finnish/date';
import type { InvoiceActionRow, InvoiceInstanceReply, InvoiceRow } from '../../../shared/schemas/invoices';
import { fieldErrorKeys } from '../../api/errorKeys';
import { isApiError } from '../../api/errors';
import { useAddAction, useFakeBankRow } from '../../api/invoices';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { fieldMessageText } from '../../i18n/messages';
import { creditDefaults, MARK_ACTIONS, type MarkAction } from './creditModel';
import { helsinkiToday } from './invoiceModel';
import { vatLabel } from './labels';

// The hand actions on one invoice instance, each shown only when the server allows it now.
// Server errors land under their fields and the first one takes focus.

function useFieldErrors(prefix: string, fields: readonly string[]) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const show = (failure: unknown): boolean => {
    const keys = fieldErrorKeys(failure, fields);
    const params = isApiError(failure) ? failure.params : undefined;
    const found = Object.fromEntries(Object.entries(keys).map(([f, k]) => [f, fieldMessageText(k, params)]));
    setErrors(found);
    const first = fields.find((f) => found[f]);
    if (first) window.setTimeout(() => document.getElementById(`${prefix}-${first}`)?.focus(), 0);
    return first !== undefined;
  };
  const focusLocal = (found: Record<string, string>): boolean => {
    setErrors(found);
    const first = fields.find((f) => found[f]);
    if (first) document.getElementById(`${prefix}-${first}`)?.focus();
    return first !== undefined;
  };
  return { errors, setErrors, show, focusLocal, id: (f: string) => `${prefix}-${f}` };
}

interface Props {
  instance: InvoiceInstanceReply;
  rows: InvoiceRow[];
  actions: InvoiceActionRow[];
  allowed: string[];
}

export function InstanceActions({ instance, rows, actions, allowed }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const marks = MARK_ACTIONS.filter((a) => allowed.includes(a));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="sm">
        {t('invoices.actions_title')}
      </Title>
      <Stack gap="lg">
        {marks.length > 0 ? <Marks instance={instance} marks={marks} /> : null}
        {allowed.includes('manual_payment') ? <ManualPayment instance={instance} /> : null}
        {allowed.includes('credit') ? <CreditForm key={`${String(instance.amount_open_c)}-${String(actions.length)}`} instance={instance} rows={rows} actions={actions} /> : null}
        <FakeBankRow instance={instance} />
        {marks.length === 0 && !allowed.includes('manual_payment') && !allowed.includes('credit') ? (
          <Text size="sm" c="dimmed">
            {t('invoices.no_actions')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function markLabel(t: TFunction, action: MarkAction, status: InvoiceInstanceReply['status_c']): string {
  switch (action) {
    case 'mark_paid':
      return t('invoices.do_mark_paid');
    case 'mark_paid_cancel':
      return t('invoices.do_mark_paid_cancel');
    case 'mark_pending':
      // After a cancellation, "unpaid" is its undo.
      return status === 'cancelled' ? t('invoices.do_undo_cancel') : t('invoices.do_mark_pending');
    case 'mark_cancelled':
      return t('invoices.do_mark_cancelled');
  }
}

function Marks({ instance, marks }: { instance: InvoiceInstanceReply; marks: MarkAction[] }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<MarkAction | null>(null);
  const [comment, setComment] = useState('');
  const add = useAddAction();
  const run = async () => {
    if (!asking) return;
    try {
      await add.mutateAsync({ instance_id: instance.id, action_type: asking, comment });
      notifySuccess(t('invoices.action_done', { action: markLabel(t, asking, instance.status_c) }));
      setAsking(null);
      setComment('');
    } catch {
      // Shown in the modal.
    }
  };
  return (
    <>
      <Group gap="sm">
        {marks.map((m) => (
          <Button key={m} variant={m === 'mark_paid' ? 'filled' : 'default'} color={m === 'mark_cancelled' ? 'red' : undefined} onClick={() => setAsking(m)} data-testid={`action-${m}`}>
            {markLabel(t, m, instance.status_c)}
          </Button>
        ))}
      </Group>
      <ConfirmModal
        opened={asking !== null}
        title={asking ? markLabel(t, asking, instance.status_c) : ''}
        confirmLabel={asking ? markLabel(t, asking, instance.status_c) : ''}
        danger={asking === 'mark_cancelled' || asking === 'mark_paid_cancel'}
        onCancel={() => {
          add.reset();
          setAsking(null);
        }}
        onConfirm={() => void run()}
        pending={add.isPending}
        error={add.error}
      >
        <Text>{t('invoices.mark_confirm_text', { number: instance.invoice_number, name: instance.name })}</Text>
        <Textarea label={t('invoices.comment')} value={comment} maxLength={1000} autosize minRows={2} onChange={(e) => setComment(e.currentTarget.value)} />
      </ConfirmModal>
    </>
  );
}

function ManualPayment({ instance }: { instance: InvoiceInstanceReply }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [comment, setComment] = useState('');
  const add = useAddAction();
  const f = useFieldErrors(`manual-${String(instance.id)}`, ['amount', 'comment']);
  const titleId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    add.reset();
    if (amount.trim() === '') {
      f.focusLocal({ amount: t('_validation_field_required') });
      return;
    }
    try {
      await add.mutateAsync({ instance_id: instance.id, action_type: 'manual_payment', amount, comment });
      notifySuccess(t('invoices.manual_done'));
      setAmount('');
      setComment('');
      f.setErrors({});
    } catch (failure) {
      f.show(failure);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={titleId} data-testid="manual-payment">
      <Title order={3} size="h4" id={titleId} mb={4}>
        {t('invoices.manual_title')}
      </Title>
      <ErrorBanner error={add.error} fields={['amount', 'comment']} />
      <Group align="flex-start" gap="sm">
        <TextInput id={f.id('amount')} label={t('invoices.amount')} description={t('invoices.manual_help')} value={amount} inputMode="decimal" maxLength={20} required onChange={(e) => setAmount(e.currentTarget.value)} error={f.errors.amount} />
        <TextInput id={f.id('comment')} label={t('invoices.comment')} value={comment} maxLength={1000} onChange={(e) => setComment(e.currentTarget.value)} error={f.errors.comment} />
      </Group>
      <Button type="submit" mt="sm" variant="light" loading={add.isPending}>
        {t('invoices.manual_submit')}
      </Button>
    </form>
  );
}

function CreditForm({ instance, rows, actions }: { instance: InvoiceInstanceReply; rows: InvoiceRow[]; actions: InvoiceActionRow[] }) {
  const { t } = useTranslation();
  const [amounts, setAmounts] = useState(() => creditDefaults(rows, instance, actions));
  const [comment, setComment] = useState('');
  const [asking, setAsking] = useState(false);
  const add = useAddAction();
  const fields = ['rows', ...rows.map((_, i) => `rows.${String(i)}.amount`), 'comment'];
  const f = useFieldErrors(`credit-${String(instance.id)}`, fields);
  const titleId = useId();
  const run = async () => {
    add.reset();
    try {
      await add.mutateAsync({ instance_id: instance.id, action_type: 'credit', rows: amounts.map((amount) => ({ amount })), comment });
      setAsking(false);
      notifySuccess(t('invoices.credit_done'));
      f.setErrors({});
    } catch (failure) {
      if (f.show(failure)) setAsking(false);
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        add.reset();
        setAsking(true);
      }}
      noValidate
      aria-labelledby={titleId}
      data-testid="credit-form"
    >
      <Title order={3} size="h4" id={titleId} mb={4}>
        {t('invoices.credit_title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('invoices.credit_help')}
      </Text>
      {f.errors.rows ? (
        <Text c="red.8" size="sm" role="alert" id={f.id('rows')} tabIndex={-1}>
          {f.errors.rows}
        </Text>
      ) : null}
      <Stack gap="xs">
        {rows.map((r, i) => (
          <TextInput
            key={i}
            id={f.id(`rows.${String(i)}.amount`)}
            label={t('invoices.credit_row', { title: r.title, vat: vatLabel(r.vat_percent) })}
            description={t('invoices.credit_row_max', { amount: formatAmount(r.amount_c) })}
            value={amounts[i] ?? ''}
            inputMode="decimal"
            maxLength={20}
            maw={360}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setAmounts((a) => a.map((x, j) => (j === i ? v : x)));
            }}
            error={f.errors[`rows.${String(i)}.amount`]}
          />
        ))}
        <Textarea id={f.id('comment')} label={t('invoices.comment')} value={comment} maxLength={1000} autosize minRows={2} maw={480} onChange={(e) => setComment(e.currentTarget.value)} error={f.errors.comment} />
      </Stack>
      <Button type="submit" mt="sm" variant="light" color="red">
        {t('invoices.credit_submit')}
      </Button>
      <ConfirmModal opened={asking} title={t('invoices.credit_title')} confirmLabel={t('invoices.credit_submit')} danger onCancel={() => setAsking(false)} onConfirm={() => void run()} pending={add.isPending} error={add.error}>
        <Text>{t('invoices.credit_confirm', { number: instance.invoice_number, name: instance.name })}</Text>
      </ConfirmModal>
    </form>
  );
}

/** Site admins' test tool: a payment as if it came from the bank (add_fake_bank_row). */
function FakeBankRow({ instance }: { instance: InvoiceInstanceReply }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [payDate, setPayDate] = useState(() => formatFinnishDate(helsinkiToday()));
  const [payer, setPayer] = useState('');
  const fake = useFakeBankRow();
  const f = useFieldErrors(`fake-${String(instance.id)}`, ['amount', 'pay_date', 'payer_name']);
  const titleId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    fake.reset();
    const iso = parseFinnishDate(payDate);
    const local: Record<string, string> = {};
    if (amount.trim() === '') local.amount = t('_validation_field_required');
    if (!iso) local.pay_date = t('_validation_invalid_date');
    if (f.focusLocal(local) || !iso) return;
    try {
      await fake.mutateAsync({ instance_id: instance.id, amount: amount.trim(), pay_date: iso, payer_name: payer });
      notifySuccess(t('invoices.fake_done'));
      setAmount('');
    } catch (failure) {
      f.show(failure);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={titleId} data-testid="fake-bank-row">
      <Title order={3} size="h4" id={titleId} mb={4}>
        {t('invoices.fake_title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('invoices.fake_help')}
      </Text>
      <ErrorBanner error={fake.error} fields={['amount', 'pay_date', 'payer_name']} />
      <Group align="flex-start" gap="sm">
        <TextInput id={f.id('amount')} label={t('invoices.amount')} value={amount} inputMode="decimal" maxLength={13} required onChange={(e) => setAmount(e.currentTarget.value)} error={f.errors.amount} />
        <TextInput id={f.id('pay_date')} label={t('invoices.pay_date')} value={payDate} inputMode="numeric" maxLength={12} autoComplete="off" required onChange={(e) => setPayDate(e.currentTarget.value)} error={f.errors.pay_date} />
        <TextInput id={f.id('payer_name')} label={t('invoices.payer_name')} value={payer} maxLength={200} onChange={(e) => setPayer(e.currentTarget.value)} error={f.errors.payer_name} />
      </Group>
      <Button type="submit" mt="sm" variant="default" loading={fake.isPending}>
        {t('invoices.fake_submit')}
      </Button>
    </form>
  );
}
