import { Anchor, Badge, Button, Grid, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import type { Filter } from '../../../shared/filter/types';
import { MEMBERCARD_MEDIA } from '../../../shared/schemas/membercard';
import { fieldErrorKeys } from '../../api/errorKeys';
import { useMembercardPreview, useSaveMembercard, type MembercardPreviewBody } from '../../api/membercards';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { fieldMessageText } from '../../i18n/messages';
import { membercardPath, paymentMethodPath, PATHS } from '../../paths';
import { mediaLabel } from '../announcements/labels';
import { PriceTable, Unreachable } from '../announcements/PreviewPanel';
import { RecipientPicker } from '../announcements/RecipientPicker';
import { useListModel } from '../members/useListModel';

// Sending member cards: the medium (SMS by default), optionally narrowed recipients, the preview
// with who cannot be reached and the price, then the announcements' payment flow. The text is
// written by the server (it names the association and the validity).

const FIELDS = ['msg_media', 'filter', 'addrecips'] as const;
type Media = (typeof MEMBERCARD_MEDIA)[number];

export function BackToCards() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={PATHS.membercards} variant="light" leftSection={<IconArrowLeft size={18} aria-hidden />}>
      {t('membercards.back')}
    </Button>
  );
}

/** `/membercard/new` */
export function MembercardNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { model, error: modelError, retry } = useListModel();
  const [media, setMedia] = useState<Media>('sms');
  const [filter, setFilter] = useState<Filter>([]);
  const [addrecips, setAddrecips] = useState<number[]>([]);
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [ask, setAsk] = useState(false);
  const body = useMemo((): MembercardPreviewBody => ({ msg_media: media, ...(filter.length > 0 ? { filter } : {}), addrecips }), [media, filter, addrecips]);
  const preview = useMembercardPreview(body);
  const save = useSaveMembercard();
  const p = preview.data;
  const whyId = useId();
  const previewTitle = useId();

  const send = useGuardedSubmit(async () => {
    save.reset();
    try {
      const reply = await save.mutateAsync({ ...body, send: true });
      setAsk(false);
      const page = membercardPath(reply.id);
      if (reply.mooney_id) void navigate(paymentMethodPath(reply.mooney_id, page));
      else {
        notifySuccess(t('membercards.sent_notice'));
        void navigate(page);
      }
    } catch (failure) {
      const keys = fieldErrorKeys(failure, FIELDS);
      const found = Object.fromEntries(Object.entries(keys).map(([f, key]) => [f, fieldMessageText(key)]));
      setErrors(found);
      if (Object.keys(found).length > 0) {
        setAsk(false);
        // The member search of the picker: where the refused member can be taken off.
        window.setTimeout(() => document.querySelector<HTMLInputElement>('[data-testid="picked-search"]')?.focus(), 0);
      }
    }
  });

  const cannotSend = !p || preview.isFetching || preview.isError || p.recipient_count === 0;
  const why = preview.isError ? t('announcements.why_preview_error') : !p || preview.isFetching ? t('announcements.why_preview') : p.recipient_count === 0 ? t('announcements.why_no_recipients') : null;

  let content;
  if (modelError) content = <ErrorBanner error={modelError} onRetry={retry} />;
  else if (!model) content = <PageLoader minHeight={240} />;
  else
    content = (
      <>
        <ErrorBanner error={ask ? null : save.error} fields={FIELDS} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="lg">
              <Paper withBorder p="md" component="section" aria-label={t('membercards.message')}>
                <Radio.Group label={t('announcements.media')} value={media} onChange={(v) => setMedia(v as Media)} error={errors.msg_media}>
                  <Group gap="lg" mt="xs">
                    {MEMBERCARD_MEDIA.map((m) => (
                      <Radio key={m} value={m} label={mediaLabel(t, m)} />
                    ))}
                  </Group>
                </Radio.Group>
                <Text size="sm" mt="sm">
                  {t('membercards.text_help')}{' '}
                  <Anchor component={Link} to={PATHS.settingsMembercard}>
                    {t('membercards.design_link')}
                  </Anchor>
                </Text>
              </Paper>
              <Text size="sm">{t('membercards.recipients_help')}</Text>
              <RecipientPicker
                model={model}
                filter={filter}
                addrecips={addrecips}
                onFilter={(f) => {
                  setFilter(f);
                  setErrors({});
                }}
                onAddrecips={(ids) => {
                  setAddrecips(ids);
                  setErrors({});
                }}
                count={p?.recipient_count ?? null}
                counting={preview.isFetching}
                error={errors.filter ?? errors.addrecips}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Paper component="section" withBorder p="md" aria-labelledby={previewTitle} aria-busy={preview.isFetching || undefined} data-testid="preview-panel">
              <Title order={2} size="h3" id={previewTitle} mb="sm">
                {t('announcements.preview')}
              </Title>
              <ErrorBanner error={preview.error} onRetry={() => void preview.refetch()} />
              {!p ? (
                preview.isError ? null : <LoadingSkeleton height={200} />
              ) : (
                <Stack gap="lg">
                  {p.email ? <iframe sandbox="" srcDoc={p.email.html} title={t('announcements.email_frame')} style={{ width: '100%', height: 260, border: '1px solid var(--mantine-color-gray-4)' }} data-testid="email-preview" /> : null}
                  {p.sms ? (
                    <Badge variant="dot" tt="none" data-testid="sms-parts">
                      {p.sms.kind === 'single' ? t('announcements.sms_single') : t('announcements.sms_multi', { count: p.sms.parts })}
                    </Badge>
                  ) : null}
                  <Unreachable preview={p} />
                  <PriceTable price={p.price} />
                </Stack>
              )}
            </Paper>
          </Grid.Col>
        </Grid>
        <Stack gap="xs" mt="lg">
          <Group>
            <Button
              onClick={() => {
                save.reset();
                setAsk(true);
              }}
              leftSection={<IconSend size={18} aria-hidden />}
              disabled={cannotSend}
              aria-describedby={why ? whyId : undefined}
              data-testid="send"
            >
              {t('membercards.send')}
            </Button>
          </Group>
          {why ? (
            <Text size="sm" c="dimmed" id={whyId}>
              {why}
            </Text>
          ) : null}
        </Stack>
        <ConfirmModal
          opened={ask}
          title={t('membercards.send_title')}
          confirmLabel={p && p.price.total_cents > 0 ? t('announcements.send_and_pay') : t('membercards.send')}
          onCancel={() => setAsk(false)}
          onConfirm={() => void send.run()}
          pending={send.pending}
          error={save.error}
        >
          <Text>{t('membercards.send_text', { count: p?.recipient_count ?? 0, media: mediaLabel(t, media).toLowerCase() })}</Text>
          {p ? <Text fw={700}>{t('announcements.send_price', { price: formatAmount(p.price.total_cents) })}</Text> : null}
        </ConfirmModal>
      </>
    );

  return (
    <>
      <PageHeader title={t('membercards.new_page')}>
        <BackToCards />
      </PageHeader>
      {content}
    </>
  );
}
