import { Alert, Anchor, Button, Checkbox, Grid, Group, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import { formatFinnishDate, parseFinnishDate } from '../../../shared/finnish/date';
import { vatRatesOn } from '../../../shared/finnish/vat';
import { INVOICE_MEDIA, type InvoiceMedia } from '../../../shared/schemas/invoices';
import { MESSAGE_SUBJECT_MAX } from '../../../shared/schemas/messages';
import { fieldErrorKeys } from '../../api/errorKeys';
import { isApiError } from '../../api/errors';
import { useSaveInvoice } from '../../api/invoices';
import { useSettings } from '../../api/settings';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { PageLoader } from '../../components/PageLoader';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { fieldMessageText } from '../../i18n/messages';
import { invoicePath, paymentMethodPath, PATHS } from '../../paths';
import { PreviewPanel } from '../announcements/PreviewPanel';
import { RecipientPicker } from '../announcements/RecipientPicker';
import { useListModel } from '../members/useListModel';
import { draftKey, fieldOrder, helsinkiToday, type InvoiceDraft, localErrors, saveBody } from './invoiceModel';
import { InvoiceTotals } from './InvoiceTotals';
import { invoiceMediaLabel } from './labels';
import { rowInputId, RowsEditor } from './RowsEditor';
import { useDebouncedInvoicePreview } from './useInvoicePreview';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { RichTextEditor } from '../../components/lazyRichTextEditor';
import { ChunkSuspense } from '../../components/ChunkSuspense';

// The editor (tiptap and ProseMirror, about half a megabyte) loads only when a composer opens.

/** The element a field key's error focuses. */
function inputId(field: string): string {
  const row = /^invoice_rows_\.(\d+)\.(title|amount_with_vat|vat_percent)$/.exec(field);
  if (row) return rowInputId(Number(row[1]), row[2] as 'title');
  return `invoice-${field}`;
}

interface InvoiceComposerProps {
  /** The saved draft's id; null on /invoices/new. */
  id: number | null;
  initial: InvoiceDraft;
  /** Adding recipients to this sent invoice: everything but the recipients is shown read-only. */
  addTo?: number;
}

/** Writing an invoice: rows, due date, media, description and recipients, with a live preview and the price. */
export function InvoiceComposer({ id, initial, addTo }: InvoiceComposerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const adding = addTo !== undefined;
  const { model, error: modelError, retry } = useListModel();
  const settings = useSettings();
  const s = settings.data;
  const vatObliged = s?.vat_obliged ?? false;
  const [today] = useState(() => helsinkiToday());
  const vatRates = vatObliged ? vatRatesOn(today) : null;
  const [draft, setDraft] = useState<InvoiceDraft>(initial);
  const [savedKey, setSavedKey] = useState(() => draftKey(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [askSend, setAskSend] = useState(false);
  const save = useSaveInvoice();
  const { query: preview, settled, recipientCount, counting } = useDebouncedInvoicePreview(draft, vatObliged, today, addTo);
  const dirty = draftKey(draft) !== savedKey;
  const guard = useUnsavedChangesGuard(dirty);
  const fields = fieldOrder(draft);

  const change = (patch: Partial<InvoiceDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) {
        if (k === 'rows') {
          for (const f of Object.keys(next)) if (f.startsWith('invoice_rows_')) delete next[f];
        } else delete next[k];
      }
      return next;
    });
  };

  const focusFirst = (found: Record<string, string>): boolean => {
    const first = fieldOrder(draft).find((f) => found[f]);
    if (first) window.setTimeout(() => document.getElementById(inputId(first))?.focus(), 0);
    return first !== undefined;
  };

  const showErrors = (failure: unknown): boolean => {
    const keys = fieldErrorKeys(failure, fields);
    const found = Object.fromEntries(Object.entries(keys).map(([f, key]) => [f, fieldMessageText(key)]));
    setErrors(found);
    return focusFirst(found);
  };

  const body = (send: boolean, confirmed = false) =>
    adding ? { ...saveBody(draft, vatObliged, { id: null, send, confirmed }), add_to: addTo } : saveBody(draft, vatObliged, { id, send, confirmed });

  const saveDraft = useGuardedSubmit(async () => {
    save.reset();
    try {
      const reply = await save.mutateAsync(body(false));
      setSavedKey(draftKey(draft));
      notifySuccess(t('invoices.draft_saved'));
      if (id === null) {
        guard.allowNextNavigation();
        void navigate(invoicePath(reply.id), { replace: true });
      }
    } catch (failure) {
      showErrors(failure);
    }
  });

  const p = preview.data;
  const needsConfirmation = p?.needs_confirmation ?? false;

  const send = useGuardedSubmit(async () => {
    save.reset();
    try {
      const reply = await save.mutateAsync(body(true, needsConfirmation));
      setAskSend(false);
      guard.allowNextNavigation();
      const page = invoicePath(reply.id);
      if (reply.mooney_id) {
        void navigate(paymentMethodPath(reply.mooney_id, page));
      } else {
        notifySuccess(adding ? t('invoices.recipients_added') : t('invoices.sent_notice'));
        void navigate(page);
      }
    } catch (failure) {
      if (showErrors(failure)) setAskSend(false);
    }
  });

  // Not a <form>: Enter in the filter's or the member search's fields must not start a send.
  const onSend = () => {
    const local = adding ? {} : Object.fromEntries(Object.entries(localErrors(draft, today)).map(([f, key]) => [f, fieldMessageText(key)]));
    setErrors(local);
    if (focusFirst(local)) return;
    save.reset();
    setAskSend(true);
  };

  const missing = s
    ? [
        ...(s.bank_account.trim() === '' ? [t('invoices.missing_iban')] : []),
        ...(s.reply_to_email.trim() === '' ? [t('invoices.missing_reply_to')] : []),
        ...(draft.msg_media === 'letter' && s.business_id.trim() === '' ? [t('invoices.missing_business_id')] : []),
      ]
    : [];
  // A draft the server cannot preview yet (an amount it cannot read, a past due date): the
  // reasons show under their fields as they are typed, and sending checks them again.
  const previewKeys = isApiError(preview.error) && preview.error.status === 400 ? fieldErrorKeys(preview.error, fields) : {};
  const previewProblems = Object.keys(previewKeys).length > 0;
  const shownErrors: Record<string, string> = {
    ...Object.fromEntries(Object.entries(previewKeys).filter(([, k]) => k !== '_validation_field_required').map(([f, k]) => [f, fieldMessageText(k)])),
    ...errors,
  };
  const reachable = p?.recipient_count ?? 0;
  const letterProblems = (draft.msg_media === 'letter' || draft.msg_media === 'pdf') && ((p?.letter?.problems.length ?? 0) > 0 || (p?.letter?.unsupported_chars.length ?? 0) > 0);
  const why =
    missing.length > 0
      ? t('invoices.why_settings')
      : previewProblems
        ? null
        : preview.isError
        ? t('announcements.why_preview_error')
        : !p || !settled
          ? t('announcements.why_preview')
          : p.fraudulent_content
            ? t('announcements.why_fraud')
            : reachable === 0
              ? t('announcements.why_no_recipients')
              : letterProblems
                ? t('announcements.why_letter')
                : null;
  const whyId = useId();

  if (modelError) return <ErrorBanner error={modelError} onRetry={retry} />;
  if (!model || !s) return <PageLoader minHeight={240} />;

  const dueIso = parseFinnishDate(draft.date_due);
  // The announcement preview panel draws the email or letter; the invoice's text is its description.
  const panelDraft = { subject: draft.subject, msg_media: draft.msg_media, content: draft.description, filter: draft.filter, addrecips: draft.addrecips };

  return (
    <>
      {guard.prompt}
      {missing.length > 0 ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} mb="md" data-testid="settings-missing">
          <Text fw={700}>{t('invoices.missing_title')}</Text>
          {missing.map((m) => (
            <Text size="sm" key={m}>
              {m}
            </Text>
          ))}
          <Anchor component={Link} to={PATHS.settings} size="sm">
            {t('invoices.missing_link')}
          </Anchor>
        </Alert>
      ) : null}
      <ErrorBanner error={askSend ? null : save.error} fields={fields} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <Paper withBorder p="md" component="section" aria-label={t('invoices.invoice_section')}>
              <Stack gap="md">
                <Radio.Group
                  label={t('invoices.media')}
                  value={draft.msg_media}
                  onChange={(v) => change({ msg_media: v as InvoiceMedia })}
                  error={shownErrors.msg_media}
                  id={inputId('msg_media')}
                >
                  <Group gap="lg" mt="xs">
                    {INVOICE_MEDIA.map((m) => (
                      <Radio key={m} value={m} label={invoiceMediaLabel(t, m)} disabled={adding} />
                    ))}
                  </Group>
                </Radio.Group>
                <Checkbox
                  id={inputId('sms_notify')}
                  label={t('invoices.sms_notify')}
                  description={t('invoices.sms_notify_help')}
                  checked={draft.sms_notify}
                  disabled={adding}
                  onChange={(e) => change({ sms_notify: e.currentTarget.checked })}
                />
                <TextInput
                  id={inputId('subject')}
                  label={t('invoices.subject')}
                  value={draft.subject}
                  maxLength={MESSAGE_SUBJECT_MAX}
                  readOnly={adding}
                  onChange={(e) => change({ subject: e.currentTarget.value })}
                  error={shownErrors.subject}
                  required
                />
                <TextInput
                  id={inputId('date_due')}
                  label={t('invoices.date_due')}
                  description={t('invoices.date_due_help')}
                  placeholder={t('members.date_placeholder')}
                  value={draft.date_due}
                  inputMode="numeric"
                  maxLength={12}
                  autoComplete="off"
                  readOnly={adding}
                  onChange={(e) => change({ date_due: e.currentTarget.value })}
                  // 24122026 and 24 12 2026 are read too; on leaving the field they show as 24.12.2026.
                  onBlur={() => {
                    if (dueIso && formatFinnishDate(dueIso) !== draft.date_due) change({ date_due: formatFinnishDate(dueIso) });
                  }}
                  error={shownErrors.date_due ?? (draft.date_due.trim() !== '' && !dueIso ? t('_validation_invalid_date') : undefined)}
                  required
                />
              </Stack>
            </Paper>
            <RowsEditor rows={draft.rows} onChange={(rows) => change({ rows })} vatRates={vatRates} errors={shownErrors} readOnly={adding} />
            {!adding ? (
              <Paper withBorder p="md" component="section" aria-label={t('invoices.description')}>
                <ChunkSuspense chunks={RichTextEditor} fallback={<LoadingSkeleton height={260} />}>
                  <RichTextEditor
                    id={inputId('description')}
                    label={t('invoices.description')}
                    description={t('invoices.description_help')}
                    value={draft.description}
                    onChange={(description) => change({ description })}
                    error={shownErrors.description}
                    pageBreaks
                  />
                </ChunkSuspense>
              </Paper>
            ) : null}
            <RecipientPicker
              model={model}
              filter={draft.filter}
              addrecips={draft.addrecips}
              onFilter={(filter) => change({ filter })}
              onAddrecips={(addrecips) => change({ addrecips })}
              count={recipientCount}
              counting={counting}
              error={shownErrors.filter ?? shownErrors.addrecips}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <InvoiceTotals preview={p} vatObliged={vatObliged} smsNotify={draft.sms_notify} />
            <PreviewPanel
              draft={panelDraft}
              preview={p}
              error={previewProblems ? null : preview.error}
              loading={preview.isFetching || !settled}
              onRetry={() => void preview.refetch()}
              letterSource={p?.preview_id ? { id: p.preview_id, version: 0 } : null}
              onSaveForLetter={() => void saveDraft.run()}
              saving={saveDraft.pending}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <Stack gap="xs" mt="lg">
        <Group gap="sm">
          <Button onClick={onSend} leftSection={<IconSend size={18} aria-hidden />} disabled={why !== null} aria-describedby={why ? whyId : undefined} data-testid="send">
            {adding ? t('invoices.add_and_send') : t('invoices.send')}
          </Button>
          {!adding ? (
            <Button variant="default" leftSection={<IconDeviceFloppy size={18} aria-hidden />} onClick={() => void saveDraft.run()} loading={saveDraft.pending} data-testid="save-draft">
              {t('invoices.save_draft')}
            </Button>
          ) : null}
        </Group>
        {why ? (
          <Text size="sm" c="dimmed" id={whyId} data-testid="send-why">
            {why}
          </Text>
        ) : previewProblems ? (
          <Text size="sm" c="dimmed" data-testid="send-why">
            {t('invoices.why_fields')}
          </Text>
        ) : null}
      </Stack>

      <ConfirmModal
        opened={askSend}
        title={needsConfirmation ? t('invoices.big_title') : t('invoices.send_title')}
        confirmLabel={p && p.price.total_cents > 0 ? t('announcements.send_and_pay') : t('invoices.send')}
        onCancel={() => setAskSend(false)}
        onConfirm={() => void send.run()}
        pending={send.pending}
        error={save.error}
      >
        {needsConfirmation ? (
          <Text fw={700} data-testid="big-amount">
            {t('invoices.big_text')}
          </Text>
        ) : null}
        <Text>{t('invoices.send_text', { count: reachable, amount: formatAmount(p?.amount_total_c ?? 0), media: invoiceMediaLabel(t, draft.msg_media).toLowerCase() })}</Text>
        {p ? <Text fw={700}>{t('announcements.send_price', { price: formatAmount(p.price.total_cents) })}</Text> : null}
        {p && p.unreachable_count > 0 ? <Text size="sm">{t('announcements.send_unreachable', { count: p.unreachable_count })}</Text> : null}
      </ConfirmModal>
    </>
  );
}
