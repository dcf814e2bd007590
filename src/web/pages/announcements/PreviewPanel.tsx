import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconFileTypePdf } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessagePreviewReply } from '../../../shared/schemas/messages';
import { useMemberAnyState } from '../../api/membersList';
import { ErrorBanner } from '../../components/ErrorBanner';
import { NewTabLink } from '../../components/NewTabLink';
import { PriceRowsTable } from '../../components/PriceRowsTable';
import { messageText } from '../../i18n/messages';
import { type ComposerDraft, smsSegments } from './composerModel';
import classes from './announcements.module.css';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';

interface PreviewPanelProps {
  draft: ComposerDraft;
  preview: MessagePreviewReply | undefined;
  error: unknown;
  loading: boolean;
  onRetry: () => void;
  /** The saved draft's id and version, when the letter pages can be drawn from it. */
  letterSource: { id: number; version: number } | null;
  onSaveForLetter: () => void;
  saving: boolean;
  /** What each SMS gets after the text (update requests: a sample of the personal link). */
  smsSuffix?: string | undefined;
}

/** What the recipients get and what it costs, refreshed a moment after each change. */
export function PreviewPanel({ draft, preview, error, loading, onRetry, letterSource, onSaveForLetter, saving, smsSuffix }: PreviewPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={titleId} aria-busy={loading || undefined} data-testid="preview-panel">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id={titleId}>
          {t('announcements.preview')}
        </Title>
        {loading ? (
          <Text size="sm" c="dimmed" role="status">
            {t('announcements.updating')}
          </Text>
        ) : null}
      </Group>
      <ErrorBanner error={error} onRetry={onRetry} />
      {!preview ? (
        error ? null : <LoadingSkeleton height={200} />
      ) : (
        <Stack gap="lg">
          {preview.fraudulent_content ? (
            <Alert color="red" variant="light" role="alert" icon={<IconBan aria-hidden />} data-testid="fraud-alert">
              {/* Titles as text inside: Mantine's coloured alert titles fall short of the contrast ratio. */}
              <Text fw={700}>{t('announcements.fraud_title')}</Text>
              <Text size="sm">{t('announcements.fraud_text')}</Text>
            </Alert>
          ) : null}
          {preview.warnings.length > 0 ? (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="preview-warnings">
              <Text fw={700}>{t('announcements.warnings_title')}</Text>
              <List size="sm">
                {preview.warnings.map((w) => (
                  <List.Item key={w}>{messageText(w, undefined, 'announcements.warning_generic')}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          {draft.msg_media === 'email' && preview.email ? <EmailPreview html={preview.email.html} subject={draft.subject} /> : null}
          {draft.msg_media === 'sms' && preview.sms ? <SmsPreview text={smsSuffix ? `${draft.content.trimEnd()}\n${smsSuffix}` : draft.content} sms={preview.sms} /> : null}
          {(draft.msg_media === 'letter' || draft.msg_media === 'pdf') && preview.letter ? (
            <LetterPreview letter={preview.letter} source={letterSource} onSave={onSaveForLetter} saving={saving} />
          ) : null}
          <Unreachable preview={preview} />
          <PriceTable price={preview.price} />
        </Stack>
      )}
    </Paper>
  );
}

function EmailPreview({ html, subject }: { html: string; subject: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text size="sm">
        <Text span fw={600}>
          {t('announcements.email_subject')}
        </Text>{' '}
        {subject.trim() || t('announcements.no_subject')}
      </Text>
      {/* sandbox without permissions: no scripts, no forms, no access to this page. */}
      <iframe sandbox="" srcDoc={html} title={t('announcements.email_frame')} className={classes.emailFrame} data-testid="email-preview" />
    </Stack>
  );
}

function SmsPreview({ text, sms }: { text: string; sms: NonNullable<MessagePreviewReply['sms']> }) {
  const { t } = useTranslation();
  const segments = smsSegments(text);
  return (
    <Stack gap="xs" data-testid="sms-preview">
      <Group gap="xs">
        <Badge variant="dot" color={sms.kind === 'too_long' ? 'red' : 'blue'} tt="none" data-testid="sms-parts">
          {sms.kind === 'single' ? t('announcements.sms_single') : sms.kind === 'multi' ? t('announcements.sms_multi', { count: sms.parts }) : t('announcements.sms_too_long', { count: sms.parts })}
        </Badge>
      </Group>
      {sms.kind === 'too_long' ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
          {t('announcements.sms_too_long_help')}
        </Alert>
      ) : null}
      {sms.unsupported_chars.length > 0 ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} data-testid="sms-unsupported">
          {t('announcements.sms_unsupported', { chars: sms.unsupported_chars.join(' ') })}
        </Alert>
      ) : null}
      {text !== '' ? (
        <pre className={classes.smsText} aria-label={t('announcements.sms_as_sent')}>
          {segments.map((s, i) =>
            s.unsupported ? (
              <mark key={i} className={classes.unsupported} title={t('announcements.sms_becomes_question')}>
                {s.text}
              </mark>
            ) : (
              <span key={i}>{s.text}</span>
            ),
          )}
        </pre>
      ) : null}
    </Stack>
  );
}

function LetterPreview({
  letter,
  source,
  onSave,
  saving,
}: {
  letter: NonNullable<MessagePreviewReply['letter']>;
  source: { id: number; version: number } | null;
  onSave: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const pages = Array.from({ length: Math.max(0, letter.pages) }, (_, i) => i + 1);
  return (
    <Stack gap="sm" data-testid="letter-preview">
      <Text size="sm">{t('announcements.letter_pages', { count: letter.pages })}</Text>
      {letter.problems.length > 0 ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} data-testid="letter-problems">
          <List size="sm">
            {letter.problems.map((p) => (
              <List.Item key={p}>{messageText(p, undefined, 'announcements.letter_problem')}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {letter.unsupported_chars.length > 0 ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} data-testid="letter-unsupported">
          {t('announcements.letter_unsupported', { chars: letter.unsupported_chars.join(' ') })}
        </Alert>
      ) : null}
      {source ? (
        <>
          <NewTabLink href={`/msg/letter-preview/${String(source.id)}.pdf?v=${String(source.version)}`} newTabText={t('announcements.new_tab')}>
            <IconFileTypePdf size={18} aria-hidden />
            {t('announcements.letter_pdf')}
          </NewTabLink>
          <Group align="flex-start" gap="md">
            {pages.map((p) => (
              <img
                key={`${String(source.version)}-${String(p)}`}
                src={`/msg/letter-preview/${String(source.id)}/${String(p)}.png?v=${String(source.version)}`}
                alt={t('announcements.letter_page_alt', { page: p, count: letter.pages })}
                className={classes.letterPage}
                loading="lazy"
                data-testid="letter-page"
              />
            ))}
          </Group>
        </>
      ) : (
        <Group gap="sm">
          <Text size="sm">{t('announcements.letter_save_first')}</Text>
          <Button variant="light" onClick={onSave} loading={saving} data-testid="letter-save">
            {t('announcements.save_draft')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const UNREACHABLE_SHOWN = 20;

export function Unreachable({ preview }: { preview: MessagePreviewReply }) {
  const { t } = useTranslation();
  if (preview.unreachable_count === 0) return null;
  const shown = preview.unreachable.slice(0, UNREACHABLE_SHOWN);
  return (
    <Stack gap="xs" data-testid="unreachable">
      <Title order={3} size="h5">
        {t('announcements.unreachable_title', { count: preview.unreachable_count })}
      </Title>
      <Text size="sm" c="dimmed">
        {t('announcements.unreachable_help')}
      </Text>
      <List size="sm" spacing={2}>
        {shown.map((u) => (
          <List.Item key={u.member_id}>
            <UnreachableRow memberId={u.member_id} reason={u.reason} chars={u.chars} />
          </List.Item>
        ))}
      </List>
      {preview.unreachable_count > shown.length ? (
        <Text size="sm" c="dimmed">
          {t('announcements.unreachable_more', { count: preview.unreachable_count - shown.length })}
        </Text>
      ) : null}
    </Stack>
  );
}

function UnreachableRow({ memberId, reason, chars }: { memberId: number; reason: string; chars?: string[] }) {
  const { t } = useTranslation();
  const member = useMemberAnyState(memberId);
  return (
    <>
      <Text span fw={600} inherit>
        {member.data?.fullname_ ?? t('announcements.member_n', { id: memberId })}
      </Text>
      {': '}
      {messageText(reason, { chars: (chars ?? []).join(' ') }, 'announcements.unreachable_generic')}
    </>
  );
}

export function PriceTable({ price }: { price: MessagePreviewReply['price'] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('announcements.price')}
      </Title>
      <PriceRowsTable rows={price.rows} discountCents={price.discount_cents} totalLabel={t('announcements.total')} totalCents={price.total_cents} label={t('announcements.price')} testId="price-table" totalTestId="price-total" />
    </Stack>
  );
}
