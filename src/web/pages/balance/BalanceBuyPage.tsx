import { Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import { useBalance, useBalanceBuy } from '../../api/payments';
import { ErrorBanner } from '../../components/ErrorBanner';
import { applyServerErrors, focusFirstInvalid } from '../../components/formErrors';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { SubmitButton } from '../../components/SubmitButton';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { fieldMessageText } from '../../i18n/messages';
import { chargePath, PATHS } from '../../paths';
import { amountInputText, balanceAmountError } from './balanceAmount';
import { BalanceSummary } from './BalanceSummary';
import { ReferralForm } from './ReferralForm';

const FIELDS = ['amount'] as const;

/** `/balance/buy`: buying balance by online payment (50 € offered), and sharing the service. */
export function BalanceBuyPage() {
  const { t } = useTranslation();
  const balance = useBalance();
  const header = <PageHeader title={t('balance.buy_page')} />;
  if (!balance.data) {
    return (
      <>
        {header}
        {balance.isError ? <ErrorBanner error={balance.error} onRetry={() => void balance.refetch()} /> : <PageLoader minHeight={200} />}
      </>
    );
  }
  const b = balance.data;
  return (
    <>
      {header}
      <Stack gap="lg" maw={640}>
        <Paper withBorder p="md" component="section" aria-labelledby="balance-now">
          <Title order={2} size="h3" id="balance-now" mb="sm">
            {t('balance.now_title')}
          </Title>
          <BalanceSummary balance={b} />
          <Text size="sm" mt="xs">
            {t('balance.free_help')}
          </Text>
        </Paper>
        <BuyForm defaultCents={b.default_buy_cents} minCents={b.min_buy_cents} />
        <ReferralForm />
      </Stack>
    </>
  );
}

function BuyForm({ defaultCents, minCents }: { defaultCents: number; minCents: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const buy = useBalanceBuy();
  const [error, setError] = useState<unknown>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { amount: amountInputText(defaultCents) },
    validate: {
      amount: (value) => {
        const key = balanceAmountError(value, minCents);
        return key ? fieldMessageText(key, { min: formatAmount(minCents) }) : null;
      },
    },
  });

  const submit = useGuardedSubmit(async (values: { amount: string }) => {
    setError(null);
    try {
      const { mooney_id } = await buy.mutateAsync(values.amount.trim());
      // A purchase is always paid online: the charge page shows the banks.
      void navigate(chargePath(mooney_id, PATHS.balanceThanks));
    } catch (failure) {
      setError(failure);
      applyServerErrors(form, failure, FIELDS);
    }
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="balance-buy">
      <Title order={2} size="h3" id="balance-buy" mb="sm">
        {t('balance.buy_title')}
      </Title>
      <form onSubmit={form.onSubmit(submit.run, (errors) => focusFirstInvalid(form, errors, FIELDS))} noValidate>
        <Stack gap="md">
          <ErrorBanner error={error} fields={FIELDS} />
          <TextInput
            label={t('balance.amount')}
            description={t('balance.amount_help', { min: formatAmount(minCents) })}
            rightSection={<span aria-hidden>€</span>}
            inputMode="decimal"
            autoComplete="off"
            maxLength={14}
            required
            w={240}
            data-testid="balance-amount"
            key={form.key('amount')}
            {...form.getInputProps('amount')}
          />
          <Group>
            <SubmitButton pending={submit.pending}>{t('balance.buy_submit')}</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
