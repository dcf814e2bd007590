import { Button, Checkbox, Grid, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PREVIEW_DEBOUNCE_MS } from '../../../shared/constants';
import { formatAmount } from '../../../shared/finnish/amount';
import { formatFinnishDate, parseFinnishDate } from '../../../shared/finnish/date';
import { INVOICE_MEDIA, type InvoiceInstanceReply, type InvoiceMedia, type InvoiceReply } from '../../../shared/schemas/invoices';
import { MESSAGE_SUBJECT_MAX } from '../../../shared/schemas/messages';
import { fieldErrorKeys } from '../../api/errorKeys';
import { isApiError } from '../../api/errors';
import { type ReminderInput, useInvoice, useReminderPreview, useSendReminder } from '../../api/invoices';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { PriceRowsTable } from '../../components/PriceRowsTable';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { fieldMessageText } from '../../i18n/messages';
import { invoicePath, paymentMethodPath, PATHS } from '../../paths';
import { NotFoundContent } from '../errors/NotFoundContent';
import { addDays, helsinkiToday } from './invoiceModel';
import { BackToInvoices } from './InvoiceNewPage';
import { invoiceMediaLabel, statusLabel } from './labels';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { RichTextEditor } from '../../components/lazyRichTextEditor';
import { ChunkSuspense } from '../../components/ChunkSuspense';

const FIELDS = ['reminder_to_', 'msg_media', 'subject', 'date_due', 'description'] as const;
const inputId = (f: string) => `reminder-${f}`;

/** `/invoices/reminder/{id}`: a payment reminder to the chosen open instances, with a new due date. */
export function InvoiceReminderPage() {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const id = /^\d+$/.test(param ?? '') ? Number(param) : null;
  const invoice = useInvoice(id);
  // Overdue and underpaid ones are reminded by default; each list's first page is shown to pick from.
  const overdue = useInvoice(id, 0, 'overdue');
  const underpaid = useInvoice(id, 0, 'underpaid');
  const inv = invoice.data;
  const notFound = <NotFoundContent title={t('invoices.not_found')} backTo={PATHS.invoices} backLabel={t('invoices.back')} />;
  if (id === null) return notFound;
  if (invoice.isError && !inv) {
    if (isApiError(invoice.error) && invoice.error.status === 404) return notFound;
    return (
      <>
        <PageHeader title={t('invoices.reminder_page')} />
        <ErrorBanner error={invoice.error} onRetry={() => void invoice.refetch()} />
      </>
    );
  }
  if (!inv || !overdue.data || !underpaid.data) {
    return (
      <>
        <PageHeader title={t('invoices.reminder_page')} />
        <PageLoader minHeight={240} />
      </>
    );
  }
  const candidates = [...overdue.data.instances, ...underpaid.data.instances];
  const more = overdue.data.instances_count + underpaid.data.instances_count - candidates.length;
  return (
    <>
      <PageHeader title={t('invoices.reminder_page_of', { subject: inv.subject })}>
        <BackToInvoices to={invoicePath(inv.id)} label={t('invoices.back_to_invoice')} />
      </PageHeader>
      <ReminderForm key={inv.id} invoice={inv} candidates={candidates} more={more} />
    </>
  );
}

function ReminderForm({ invoice: inv, candidates, more }: { invoice: InvoiceReply; candidates: InvoiceInstanceReply[]; more: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [today] = useState(() => helsinkiToday());
  const [chosen, setChosen] = useState<number[]>(() => candidates.map((c) => c.id));
  const [media, setMedia] = useState<InvoiceMedia>(inv.msg_media);
  const [subject, setSubject] = useState<string>(() => t('invoices.reminder_subject_default', { subject: inv.subject }));
  const [description, setDescription] = useState('');
  const [due, setDue] = useState(() => formatFinnishDate(addDays(today, 14)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState(false);
  const send = useSendReminder();
  const allChosen = chosen.length === candidates.length;
  const dueIso = parseFinnishDate(due);

  const body = (sendIt: boolean): ReminderInput | null =>
    dueIso
      ? {
          id: inv.id,
          // Everything chosen with more than the shown ones: the server's default, every overdue or underpaid one.
          reminder_to_: allChosen && more > 0 ? [] : chosen,
          msg_media: media,
          subject,
          description,
          date_due: dueIso,
          send: sendIt,
        }
      : null;
  const key = JSON.stringify(body(false));
  const [debounced] = useDebouncedValue(key, PREVIEW_DEBOUNCE_MS);
  const previewBody = useMemo(() => JSON.parse(debounced) as ReminderInput | null, [debounced]);
  const nothing = chosen.length === 0;
  const preview = useReminderPreview(nothing ? null : previewBody);
  const p = preview.data;
  const settled = debounced === key && !preview.isFetching && !preview.isPlaceholderData;
  const whyId = useId();
  const listId = useId();

  const showErrors = (failure: unknown): boolean => {
    const keys = fieldErrorKeys(failure, FIELDS);
    const found = Object.fromEntries(Object.entries(keys).map(([f, k]) => [f, fieldMessageText(k)]));
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) window.setTimeout(() => document.getElementById(inputId(first))?.focus(), 0);
    return first !== undefined;
  };

  const run = useGuardedSubmit(async () => {
    const b = body(true);
    if (!b) return;
    send.reset();
    try {
      const reply = await send.mutateAsync(b);
      setAsking(false);
      const page = invoicePath(inv.id);
      if (reply.mooney_id) void navigate(paymentMethodPath(reply.mooney_id, page));
      else {
        notifySuccess(t('invoices.reminder_sent'));
        void navigate(page);
      }
    } catch (failure) {
      if (showErrors(failure)) setAsking(false);
    }
  });

  const onSend = () => {
    const local: Record<string, string> = {};
    if (subject.trim() === '') local.subject = t('_validation_field_required');
    if (!dueIso) local.date_due = t('_validation_invalid_date');
    else if (dueIso < today) local.date_due = t('invoice_due_in_past');
    setErrors(local);
    const first = FIELDS.find((f) => local[f]);
    if (first) {
      document.getElementById(inputId(first))?.focus();
      return;
    }
    send.reset();
    setAsking(true);
  };

  const why = nothing ? t('invoices.reminder_why_none') : preview.isError ? t('announcements.why_preview_error') : !p || !settled ? t('announcements.why_preview') : p.recipient_count === 0 ? t('announcements.why_no_recipients') : null;

  return (
    <>
      <ErrorBanner error={asking ? null : send.error} fields={FIELDS} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <Paper withBorder p="md" component="section" aria-labelledby={listId}>
              <Title order={2} size="h3" id={listId} mb="xs">
                {t('invoices.reminder_to')}
              </Title>
              {candidates.length === 0 ? (
                <Text c="dimmed" data-testid="reminder-none">
                  {t('invoices.reminder_none')}
                </Text>
              ) : (
                <Stack gap={6} id={inputId('reminder_to_')} tabIndex={-1}>
                  <Checkbox
                    label={t('invoices.select_all', { count: candidates.length + more })}
                    checked={allChosen}
                    indeterminate={!allChosen && chosen.length > 0}
                    onChange={() => setChosen(allChosen ? [] : candidates.map((c) => c.id))}
                    data-testid="reminder-all"
                  />
                  {candidates.map((c) => (
                    <Checkbox
                      key={c.id}
                      ml="lg"
                      label={t('invoices.reminder_candidate', { name: c.name, number: c.invoice_number, open: formatAmount(c.amount_open_c), status: statusLabel(t, c.status_c) })}
                      checked={chosen.includes(c.id)}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setChosen((list) => (on ? [...list, c.id] : list.filter((x) => x !== c.id)));
                      }}
                    />
                  ))}
                  {more > 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('invoices.reminder_more', { count: more })}
                    </Text>
                  ) : null}
                  {errors.reminder_to_ ? (
                    <Text c="red.8" size="sm" role="alert">
                      {errors.reminder_to_}
                    </Text>
                  ) : null}
                </Stack>
              )}
            </Paper>
            <Paper withBorder p="md" component="section" aria-label={t('invoices.reminder_message')}>
              <Stack gap="md">
                <Radio.Group label={t('invoices.media')} value={media} onChange={(v) => setMedia(v as InvoiceMedia)} id={inputId('msg_media')} error={errors.msg_media}>
                  <Group gap="lg" mt="xs">
                    {INVOICE_MEDIA.map((m) => (
                      <Radio key={m} value={m} label={invoiceMediaLabel(t, m)} />
                    ))}
                  </Group>
                </Radio.Group>
                <TextInput id={inputId('subject')} label={t('invoices.subject')} value={subject} maxLength={MESSAGE_SUBJECT_MAX} required onChange={(e) => setSubject(e.currentTarget.value)} error={errors.subject} />
                <TextInput
                  id={inputId('date_due')}
                  label={t('invoices.reminder_date_due')}
                  description={t('invoices.date_due_help')}
                  value={due}
                  inputMode="numeric"
                  maxLength={12}
                  autoComplete="off"
                  required
                  onChange={(e) => setDue(e.currentTarget.value)}
                  onBlur={() => {
                    if (dueIso && formatFinnishDate(dueIso) !== due) setDue(formatFinnishDate(dueIso));
                  }}
                  error={errors.date_due ?? (due.trim() !== '' && !dueIso ? t('_validation_invalid_date') : undefined)}
                />
                <ChunkSuspense chunks={RichTextEditor} fallback={<LoadingSkeleton height={200} />}>
                  <RichTextEditor id={inputId('description')} label={t('invoices.reminder_text')} description={t('invoices.reminder_text_help')} value={description} onChange={setDescription} error={errors.description} />
                </ChunkSuspense>
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="md" component="section" aria-label={t('announcements.preview')} aria-busy={!settled || undefined} data-testid="reminder-preview">
            <Title order={2} size="h3" mb="sm">
              {t('announcements.preview')}
            </Title>
            <ErrorBanner error={preview.error} onRetry={() => void preview.refetch()} />
            {p ? (
              <Stack gap="sm">
                <Text fw={700} data-testid="reminder-count">
                  {t('invoices.reminder_count', { count: p.instance_count, reachable: p.recipient_count })}
                </Text>
                <Text data-testid="reminder-open">{t('invoices.reminder_open', { amount: formatAmount(p.amount_open_c) })}</Text>
                {p.unreachable_count > 0 ? <Text size="sm">{t('announcements.send_unreachable', { count: p.unreachable_count })}</Text> : null}
                <PriceRowsTable rows={p.price.rows} discountCents={p.price.discount_cents} totalLabel={t('announcements.total')} totalCents={p.price.total_cents} label={t('announcements.price')} testId="price-table" totalTestId="price-total" />
              </Stack>
            ) : !nothing && !preview.isError ? (
              <LoadingSkeleton height={120} />
            ) : null}
          </Paper>
        </Grid.Col>
      </Grid>
      <Stack gap="xs" mt="lg">
        <Group>
          <Button onClick={onSend} leftSection={<IconSend size={18} aria-hidden />} disabled={why !== null} aria-describedby={why ? whyId : undefined} data-testid="reminder-send">
            {t('invoices.reminder_send')}
          </Button>
        </Group>
        {why ? (
          <Text size="sm" c="dimmed" id={whyId}>
            {why}
          </Text>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={asking}
        title={t('invoices.reminder_send')}
        confirmLabel={p && p.price.total_cents > 0 ? t('announcements.send_and_pay') : t('invoices.reminder_send')}
        onCancel={() => setAsking(false)}
        onConfirm={() => void run.run()}
        pending={run.pending}
        error={send.error}
      >
        <Text>{t('invoices.reminder_confirm', { count: p?.instance_count ?? 0 })}</Text>
        {p ? <Text fw={700}>{t('announcements.send_price', { price: formatAmount(p.price.total_cents) })}</Text> : null}
      </ConfirmModal>
    </>
  );
}
