import { Alert, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import { useMoneyLog, useSendReceiptEmail } from '../../api/payments';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { SubmitButton } from '../../components/SubmitButton';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { useMoneyTime } from '../log/moneyFormat';

/**
 * `/balance/send_email?kuitti={id}`: mails a receipt (text and PDF) to the association's reply-to
 * address. The latest receipts are offered; the one asked for (or the newest) is chosen.
 */
export function BalanceSendEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const money = useMoneyLog(0);
  const send = useSendReceiptEmail();
  const time = useMoneyTime();
  const [chosen, setChosen] = useState<string | null>(params.get('kuitti'));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const receipts = money.data?.receipt_results ?? [];
  const value = chosen && receipts.some((r) => String(r.id) === chosen) ? chosen : receipts[0] ? String(receipts[0].id) : '';

  const submit = useGuardedSubmit(async () => {
    setSentTo(null);
    try {
      const reply = await send.mutateAsync(Number(value));
      setSentTo(reply.sent_to);
    } catch {
      // Shown in the banner (e.g. no reply-to address in the settings).
    }
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit.run();
  };

  return (
    <>
      <PageHeader title={t('balance.send_email_page')} />
      <Stack gap="lg" maw={640}>
        {money.isError ? <ErrorBanner error={money.error} onRetry={() => void money.refetch()} /> : null}
        {!money.data ? (
          money.isError ? null : <PageLoader minHeight={100} />
        ) : receipts.length === 0 ? (
          <Paper withBorder p="md" data-testid="send-email-none">
            <Text>{t('balance.no_receipts')}</Text>
          </Paper>
        ) : (
          <Paper component="form" withBorder p="md" onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <Text>{t('balance.send_email_help')}</Text>
              <ErrorBanner error={send.error} />
              {sentTo ? (
                <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status" data-testid="send-email-done">
                  {t('balance.sent_to', { email: sentTo })}
                </Alert>
              ) : null}
              <NativeSelect
                label={t('balance.receipt_choose')}
                value={value}
                onChange={(e) => {
                  setChosen(e.currentTarget.value);
                  setSentTo(null);
                }}
                data={receipts.map((r) => ({
                  value: String(r.id),
                  label: t('balance.receipt_line', { number: r.number, time: time(r.at), amount: formatAmount(r.amount_cents) }),
                }))}
                data-testid="send-email-receipt"
              />
              <Group>
                <SubmitButton pending={submit.pending} data-testid="send-email-submit">
                  {t('balance.send_email')}
                </SubmitButton>
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    </>
  );
}
