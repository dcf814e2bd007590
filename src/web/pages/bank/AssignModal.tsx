import { Button, Group, Loader, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/finnish/amount';
import { formatAnyReference } from '../../../shared/invoices/sms-notice';
import { type BankReviewRow, useAssignPayment, useInvoiceSearch } from '../../api/bank';
import { fieldErrorKeys } from '../../api/errorKeys';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { fieldMessageText } from '../../i18n/messages';

// "Kohdista…": find the invoice a payment belongs to by its number, reference or the
// recipient's name (the invoices' supersearch; only hits naming one recipient's invoice can
// take a payment), choose it and book the payment to it as a manual payment.

const FIELDS = ['instance_id'] as const;

export function AssignModal({ payment, onClose }: { payment: BankReviewRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(term, 300);
  const search = useInvoiceSearch(payment ? debounced : '');
  const assign = useAssignPayment();
  const searchRef = useRef<HTMLInputElement>(null);
  const hits = (search.data?.results ?? []).filter((h) => h.instance_id !== null);
  const serverKey = fieldErrorKeys(assign.error, FIELDS).instance_id;
  const choiceError = localError ?? (serverKey ? fieldMessageText(serverKey) : null);

  const close = () => {
    if (assign.isPending) return;
    setTerm('');
    setChosen(null);
    setLocalError(null);
    assign.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!payment || assign.isPending) return;
    const hit = hits.find((h) => String(h.instance_id) === chosen);
    if (!hit || hit.instance_id === null) {
      setLocalError(t('bank.assign_choose'));
      searchRef.current?.focus();
      return;
    }
    setLocalError(null);
    assign.mutate(
      { payment_id: payment.payment_id, instance_id: hit.instance_id },
      {
        onSuccess: () => {
          notifySuccess(t('bank.assigned', { number: hit.invoice_number ?? '' }));
          close();
        },
      },
    );
  };

  const tooShort = debounced.trim().length < 3;

  return (
    <Modal opened={payment !== null} onClose={close} title={t('bank.assign_title')} closeButtonProps={{ 'aria-label': t('common.close') }} centered size="lg">
      {payment ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" data-testid="bank-assign-payment">
              {t('bank.assign_payment', { payer: payment.payer_name || '–', amount: formatAmount(payment.amount_c) })}
            </Text>
            <ErrorBanner error={assign.error} fields={FIELDS} />
            <TextInput
              ref={searchRef}
              label={t('bank.assign_search')}
              description={t('bank.assign_search_help')}
              value={term}
              onChange={(e) => {
                setTerm(e.currentTarget.value);
                setChosen(null);
              }}
              error={choiceError}
              autoComplete="off"
              data-autofocus
              data-testid="bank-assign-search"
            />
            {tooShort ? null : search.isFetching && hits.length === 0 ? (
              <Group gap="xs" role="status">
                <Loader size="xs" aria-hidden />
                <Text size="sm">{t('bank.assign_searching')}</Text>
              </Group>
            ) : hits.length === 0 ? (
              <Text size="sm" role="status">
                {t('bank.assign_no_hits')}
              </Text>
            ) : (
              <Radio.Group label={t('bank.assign_hits')} value={chosen} onChange={setChosen}>
                <Stack gap="xs" mt="xs">
                  {hits.map((h) => (
                    <Radio
                      key={h.instance_id}
                      value={String(h.instance_id)}
                      label={t('bank.assign_hit', { number: h.invoice_number ?? '', name: h.name ?? '', subject: h.subject })}
                      description={h.reference ? formatAnyReference(h.reference) : undefined}
                      data-testid="bank-assign-hit"
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={assign.isPending} data-testid="bank-assign-submit">
                {t('bank.assign_submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
