import { Alert, Button, Grid, Group, Paper, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconBan, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import type { MessageMedia } from '../../../shared/messages/media';
import { MESSAGE_SUBJECT_MAX } from '../../../shared/schemas/messages';
import { fieldErrorKeys } from '../../api/errorKeys';
import { useMemberSettings } from '../../api/memberSettings';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { PageLoader } from '../../components/PageLoader';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { fieldMessageText } from '../../i18n/messages';
import { paymentMethodPath } from '../../paths';
import { ANNOUNCEMENT_KIND, type ComposerKind } from './composerKind';
import { useListModel } from '../members/useListModel';
import { type ComposerDraft, draftKey, htmlToSmsText, isRich, saveBody, textToHtml } from './composerModel';
import { mediaLabel } from './labels';
import { PreviewPanel } from './PreviewPanel';
import { RecipientPicker } from './RecipientPicker';
import { usePreview } from './usePreview';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { RichTextEditor } from '../../components/lazyRichTextEditor';
import { ChunkSuspense } from '../../components/ChunkSuspense';

// The editor (tiptap and ProseMirror, about half a megabyte) loads only when a composer opens.

const FIELDS = ['subject', 'content', 'msg_media', 'filter', 'addrecips'] as const;
const inputId = (field: string) => `announcement-${field}`;

interface ComposerProps {
  /** The saved draft's id; null on /announcements/new. */
  id: number | null;
  initial: ComposerDraft;
  /** Which kind of message (announcements by default). */
  kind?: ComposerKind;
}

/** Writing an announcement: medium, subject, text and recipients, with a live preview and the price. */
export function Composer({ id, initial, kind = ANNOUNCEMENT_KIND }: ComposerProps) {
  const { t } = useTranslation();
  const texts = kind.texts(t);
  const navigate = useNavigate();
  const { model, error: modelError, retry } = useListModel();
  const settings = useMemberSettings();
  const blocked = settings.data?.trust_status === 'BLOCKED';
  const [draft, setDraft] = useState<ComposerDraft>(initial);
  const [savedKey, setSavedKey] = useState(() => draftKey(initial));
  // Letter page images are drawn from the saved draft; the version makes the browser fetch them anew after a save.
  const [version, setVersion] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [askSms, setAskSms] = useState(false);
  const [askSend, setAskSend] = useState(false);
  const save = kind.useSave();
  const { query: preview, settled } = usePreview(draft, kind.usePreviewQuery);
  const dirty = draftKey(draft) !== savedKey;
  const guard = useUnsavedChangesGuard(dirty);

  const change = (patch: Partial<ComposerDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof typeof next];
      return next;
    });
  };

  const setMedia = (media: MessageMedia) => {
    if (media === draft.msg_media) return;
    if (media === 'sms' && isRich(draft.msg_media) && draft.content.trim() !== '') {
      setAskSms(true);
      return;
    }
    const content = media === 'sms' ? htmlToSmsText(draft.content) : draft.msg_media === 'sms' ? textToHtml(draft.content) : draft.content;
    change({ msg_media: media, content });
  };

  const showErrors = (failure: unknown): boolean => {
    const keys = fieldErrorKeys(failure, FIELDS);
    const found = Object.fromEntries(Object.entries(keys).map(([f, key]) => [f, fieldMessageText(key)]));
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) window.setTimeout(() => document.getElementById(inputId(first))?.focus(), 0);
    return first !== undefined;
  };

  const saveDraft = useGuardedSubmit(async () => {
    save.reset();
    try {
      const reply = await save.mutateAsync(saveBody(draft, id, false));
      setSavedKey(draftKey(draft));
      setVersion((v) => v + 1);
      notifySuccess(t('announcements.draft_saved'));
      if (id === null) {
        guard.allowNextNavigation();
        void navigate(kind.pathOf(reply.id), { replace: true });
      }
    } catch (failure) {
      showErrors(failure);
    }
  });

  const send = useGuardedSubmit(async () => {
    save.reset();
    try {
      const reply = await save.mutateAsync(saveBody(draft, id, true));
      setAskSend(false);
      guard.allowNextNavigation();
      const page = kind.pathOf(reply.id);
      if (reply.mooney_id) {
        void navigate(paymentMethodPath(reply.mooney_id, page));
      } else {
        notifySuccess(texts.sentNotice);
        void navigate(page);
      }
    } catch (failure) {
      if (showErrors(failure)) setAskSend(false);
    }
  });

  // Not a <form>: Enter in the filter's or the member search's fields must not start a send.
  const onSend = () => {
    const local: typeof errors = {};
    // An SMS carries no subject; it only names the message in the list.
    if (draft.msg_media !== 'sms' && draft.subject.trim() === '') local.subject = t('_validation_field_required');
    if (draft.content.trim() === '') local.content = t('_validation_field_required');
    setErrors(local);
    const first = FIELDS.find((f) => local[f]);
    if (first) {
      document.getElementById(inputId(first))?.focus();
      return;
    }
    save.reset();
    setAskSend(true);
  };

  const p = preview.data;
  const recipients = p?.recipient_count ?? null;
  // recipient_count counts those the medium reaches; the unreachable are counted apart.
  const reachable = p?.recipient_count ?? 0;
  const smsTooLong = draft.msg_media === 'sms' && p?.sms?.kind === 'too_long';
  const smsUnsupported = draft.msg_media === 'sms' && (p?.sms?.unsupported_chars.length ?? 0) > 0;
  const letterProblems = (draft.msg_media === 'letter' || draft.msg_media === 'pdf') && ((p?.letter?.problems.length ?? 0) > 0 || (p?.letter?.unsupported_chars.length ?? 0) > 0);
  const cannotSend = blocked || preview.isError || !p || !settled || p.fraudulent_content || reachable === 0 || smsTooLong || smsUnsupported || letterProblems;
  const why = blocked
    ? t('announcements.why_blocked')
    : preview.isError
      ? t('announcements.why_preview_error')
      : !p || !settled
      ? t('announcements.why_preview')
      : p.fraudulent_content
        ? t('announcements.why_fraud')
        : reachable === 0
          ? texts.whyNoRecipients
          : smsUnsupported
            ? t('announcements.why_sms_chars')
            : smsTooLong
              ? t('announcements.why_sms_long')
              : letterProblems
                ? t('announcements.why_letter')
                : null;
  const whyId = useId();

  if (modelError) return <ErrorBanner error={modelError} onRetry={retry} />;
  if (!model) return <PageLoader minHeight={240} />;

  return (
    <>
      {guard.prompt}
      {blocked ? (
        <Alert color="red" variant="light" role="alert" icon={<IconBan aria-hidden />} mb="md" data-testid="blocked-notice">
          <Text fw={700}>{t('announcements.blocked_title')}</Text>
          <Text size="sm">{t('announcements.blocked_text')}</Text>
        </Alert>
      ) : null}
      <ErrorBanner error={askSend ? null : save.error} fields={FIELDS} />
      <div>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="lg">
              <Paper withBorder p="md" component="section" aria-label={t('announcements.message')}>
                <Stack gap="md">
                  <Radio.Group
                    label={t('announcements.media')}
                    value={draft.msg_media}
                    onChange={(v) => setMedia(v as MessageMedia)}
                    error={errors.msg_media}
                    id={inputId('msg_media')}
                  >
                    <Group gap="lg" mt="xs">
                      {kind.media.map((m) => (
                        <Radio key={m} value={m} label={mediaLabel(t, m)} />
                      ))}
                    </Group>
                  </Radio.Group>
                  <TextInput
                    id={inputId('subject')}
                    label={t('announcements.subject')}
                    description={draft.msg_media === 'sms' ? texts.subjectSmsHelp : undefined}
                    value={draft.subject}
                    maxLength={MESSAGE_SUBJECT_MAX}
                    onChange={(e) => change({ subject: e.currentTarget.value })}
                    error={errors.subject}
                    required={draft.msg_media !== 'sms'}
                  />
                  {isRich(draft.msg_media) ? (
                    <ChunkSuspense chunks={RichTextEditor} fallback={<LoadingSkeleton height={260} />}>
                      <RichTextEditor
                      id={inputId('content')}
                      label={t('announcements.content')}
                      description={draft.msg_media === 'email' ? undefined : t('announcements.content_letter_help')}
                      value={draft.content}
                      onChange={(content) => change({ content })}
                      error={errors.content}
                      />
                    </ChunkSuspense>
                  ) : (
                    <Textarea
                      id={inputId('content')}
                      label={t('announcements.content')}
                      description={t('announcements.content_sms_help')}
                      value={draft.content}
                      onChange={(e) => change({ content: e.currentTarget.value })}
                      error={errors.content}
                      autosize
                      minRows={5}
                      required
                    />
                  )}
                </Stack>
              </Paper>
              <RecipientPicker
                model={model}
                filter={draft.filter}
                addrecips={draft.addrecips}
                onFilter={(filter) => change({ filter })}
                onAddrecips={(addrecips) => change({ addrecips })}
                count={recipients}
                counting={preview.isFetching}
                error={errors.filter ?? errors.addrecips}
                emptyText={texts.filterEmpty}
                pickedHelp={texts.pickedHelp}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <PreviewPanel
              draft={draft}
              preview={p}
              error={preview.error}
              loading={preview.isFetching || !settled}
              onRetry={() => void preview.refetch()}
              letterSource={id !== null && !dirty ? { id, version } : null}
              onSaveForLetter={() => void saveDraft.run()}
              saving={saveDraft.pending}
              smsSuffix={kind.smsSuffix?.()}
            />
          </Grid.Col>
        </Grid>
        <Stack gap="xs" mt="lg">
          <Group gap="sm">
            <Button onClick={onSend} leftSection={<IconSend size={18} aria-hidden />} disabled={cannotSend} aria-describedby={why ? whyId : undefined} data-testid="send">
              {t('announcements.send')}
            </Button>
            <Button variant="default" leftSection={<IconDeviceFloppy size={18} aria-hidden />} onClick={() => void saveDraft.run()} loading={saveDraft.pending} data-testid="save-draft">
              {t('announcements.save_draft')}
            </Button>
          </Group>
          {why ? (
            <Text size="sm" c="dimmed" id={whyId} data-testid="send-why">
              {why}
            </Text>
          ) : null}
        </Stack>
      </div>

      <ConfirmModal
        opened={askSms}
        title={t('announcements.to_sms_title')}
        confirmLabel={t('announcements.to_sms_confirm')}
        onCancel={() => setAskSms(false)}
        onConfirm={() => {
          setAskSms(false);
          change({ msg_media: 'sms', content: htmlToSmsText(draft.content) });
        }}
      >
        <Text>{t('announcements.to_sms_text')}</Text>
      </ConfirmModal>

      <ConfirmModal
        opened={askSend}
        title={texts.sendTitle}
        confirmLabel={p && p.price.total_cents > 0 ? t('announcements.send_and_pay') : t('announcements.send')}
        onCancel={() => setAskSend(false)}
        onConfirm={() => void send.run()}
        pending={send.pending}
        error={save.error}
      >
        <Text>{texts.sendText(reachable, mediaLabel(t, draft.msg_media).toLowerCase())}</Text>
        {p ? <Text fw={700}>{t('announcements.send_price', { price: formatAmount(p.price.total_cents) })}</Text> : null}
        {p && p.unreachable_count > 0 ? <Text size="sm">{t('announcements.send_unreachable', { count: p.unreachable_count })}</Text> : null}
      </ConfirmModal>
    </>
  );
}
