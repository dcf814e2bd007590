import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/finnish/amount';
import { type BankReviewRow, useDismissPayment } from '../../api/bank';
import { fieldErrorKeys } from '../../api/errorKeys';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { fieldMessageText } from '../../i18n/messages';

// "Ohita…": a payment that belongs to no invoice (a donation, a wrong account) leaves the
// review list only with a comment saying why; the comment is kept in the log.

const FIELDS = ['comment'] as const;

export function DismissModal({ payment, onClose }: { payment: BankReviewRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const dismiss = useDismissPayment();
  const ref = useRef<HTMLTextAreaElement>(null);
  const serverKey = fieldErrorKeys(dismiss.error, FIELDS).comment;
  const error = localError ?? (serverKey ? fieldMessageText(serverKey) : null);

  const close = () => {
    if (dismiss.isPending) return;
    setComment('');
    setLocalError(null);
    dismiss.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!payment || dismiss.isPending) return;
    if (comment.trim() === '') {
      setLocalError(fieldMessageText('_validation_field_required'));
      ref.current?.focus();
      return;
    }
    setLocalError(null);
    dismiss.mutate(
      { payment_id: payment.payment_id, comment: comment.trim() },
      {
        onSuccess: () => {
          notifySuccess(t('bank.dismissed'));
          close();
        },
        onError: () => ref.current?.focus(),
      },
    );
  };

  return (
    <Modal opened={payment !== null} onClose={close} title={t('bank.dismiss_title')} closeButtonProps={{ 'aria-label': t('common.close') }} centered>
      {payment ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('bank.assign_payment', { payer: payment.payer_name || '–', amount: formatAmount(payment.amount_c) })}</Text>
            <ErrorBanner error={dismiss.error} fields={FIELDS} />
            <Textarea
              ref={ref}
              label={t('bank.dismiss_comment')}
              description={t('bank.dismiss_comment_help')}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              error={error}
              required
              maxLength={1000}
              autosize
              minRows={2}
              data-autofocus
              data-testid="bank-dismiss-comment"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="red" loading={dismiss.isPending} data-testid="bank-dismiss-submit">
                {t('bank.dismiss_submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
