import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPENSE_COMMENT_MAX } from '../../../shared/constants';
import { useUpdateExpenseStatus } from '../../api/expenseclaimsAdmin';
import { fieldErrorKeys } from '../../api/errorKeys';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { fieldMessageText } from '../../i18n/messages';
import { statusLabel } from './claimsAdmin';

// "Hylkää": a rejection needs a reason, which the claimant sees. The server is the judge of
// an empty one (expense_comment_required under the field), so the message is the API's.

const FIELDS = ['comment'] as const;

export function RejectModal({ claimId, onClose }: { claimId: number | null; onClose(): void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const update = useUpdateExpenseStatus();
  const ref = useRef<HTMLTextAreaElement>(null);
  const key = fieldErrorKeys(update.error, FIELDS).comment;

  const close = () => {
    if (update.isPending) return;
    setComment('');
    update.reset();
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (claimId === null || update.isPending) return;
    update.mutate(
      { id: claimId, status: 'rejected', comment: comment.trim() },
      {
        onSuccess: () => {
          notifySuccess(t('eclaimadmin.status_done', { status: statusLabel(t, 'rejected') }));
          setComment('');
          update.reset();
          onClose();
        },
        onError: () => ref.current?.focus(),
      },
    );
  };

  return (
    <Modal opened={claimId !== null} onClose={close} title={t('eclaimadmin.reject_title')} closeButtonProps={{ 'aria-label': t('common.close') }} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorBanner error={update.error} fields={FIELDS} />
          <Textarea
            ref={ref}
            label={t('eclaimadmin.rejection_reason')}
            description={t('eclaimadmin.reject_reason_help')}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            error={key ? fieldMessageText(key) : null}
            required
            maxLength={EXPENSE_COMMENT_MAX}
            autosize
            minRows={3}
            data-autofocus
            data-testid="eclaim-reject-reason"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={update.isPending} data-testid="eclaim-reject-submit">
              {t('eclaimadmin.reject')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
