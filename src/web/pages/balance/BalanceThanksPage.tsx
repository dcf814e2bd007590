import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconMail, IconReceipt } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import { useBalance, useInvalidateMoney, useMoneyLog } from '../../api/payments';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { PATHS, receiptPath } from '../../paths';
import { useMoneyTime } from '../log/moneyFormat';
import { BalanceSummary } from './BalanceSummary';

/** `/balance/thanks`: where a paid purchase lands; the new balance and the purchase's receipt. */
export function BalanceThanksPage() {
  const { t } = useTranslation();
  const invalidate = useInvalidateMoney();
  // The payment was completed outside the app: whatever was read before is old.
  useEffect(() => invalidate(), []); // eslint-disable-line react-hooks/exhaustive-deps
  const balance = useBalance();
  const money = useMoneyLog(0);
  const time = useMoneyTime();
  const receipt = money.data?.receipt_results[0];

  return (
    <>
      <PageHeader title={t('balance.thanks_page')} />
      <Stack gap="lg" maw={640}>
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} data-testid="balance-thanks">
          {t('balance.thanks_text')}
        </Alert>
        <ErrorBanner error={balance.error ?? money.error} />
        {balance.data ? (
          <Paper withBorder p="md" component="section" aria-labelledby="thanks-balance">
            <Title order={2} size="h3" id="thanks-balance" mb="sm">
              {t('balance.now_title')}
            </Title>
            <BalanceSummary balance={balance.data} />
          </Paper>
        ) : (
          <PageLoader minHeight={100} />
        )}
        {receipt ? (
          <Paper withBorder p="md" component="section" aria-labelledby="thanks-receipt">
            <Title order={2} size="h3" id="thanks-receipt" mb="sm">
              {t('balance.receipt_title')}
            </Title>
            <Text mb="sm">{t('balance.receipt_line', { number: receipt.number, time: time(receipt.at), amount: formatAmount(receipt.amount_cents) })}</Text>
            <Group>
              <Button component={Link} to={receiptPath(receipt.id)} leftSection={<IconReceipt size={18} aria-hidden />} data-testid="thanks-receipt-link">
                {t('balance.show_receipt')}
              </Button>
              <Button component={Link} to={`${PATHS.balanceSendEmail}?kuitti=${String(receipt.id)}`} variant="default" leftSection={<IconMail size={18} aria-hidden />} data-testid="thanks-send-email">
                {t('balance.send_email')}
              </Button>
            </Group>
          </Paper>
        ) : null}
        <Group>
          <Anchor component={Link} to={PATHS.logTransactions}>
            {t('balance.to_transactions')}
          </Anchor>
        </Group>
      </Stack>
    </>
  );
}
