import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard, IconWallet } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import { useBalancePay, useMooney } from '../../api/mooney';
import { isApiError } from '../../api/errors';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PriceRowsTable } from '../../components/PriceRowsTable';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { chargePath, PATHS } from '../../paths';
import { NotFoundContent } from '../errors/NotFoundContent';

/** Where to go after paying: only a path inside this app (an open redirect would be a phishing aid). */
export function safeGoto(goto: string | null | undefined, fallback: string = PATHS.dashboard): string {
  if (!goto || !goto.startsWith('/') || goto.startsWith('//') || goto.startsWith('/\\')) return fallback;
  return goto;
}

/** `/m/{id}/method?goto=…`: what an action costs, paid from the association's balance or online. */
export function PaymentMethodPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const [params] = useSearchParams();
  const mooney = useMooney(id ?? null);
  const pay = useBalancePay();
  const m = mooney.data;
  const goto = safeGoto(params.get('goto') ?? m?.goto);
  const left = useRef(false);

  // Nothing to pay (already paid, or free): straight on, saying so.
  useEffect(() => {
    if (!m || left.current || (!m.paid && m.amount > 0)) return;
    left.current = true;
    notifySuccess(m.paid ? t('mooney.already_paid') : t('mooney.nothing_to_pay'));
    void navigate(safeGoto(params.get('goto') ?? m.goto), { replace: true });
  }, [m, navigate, params, t]);

  const payBalance = useGuardedSubmit(async () => {
    if (!m) return;
    try {
      const reply = await pay.mutateAsync(m.id);
      left.current = true;
      notifySuccess(t('mooney.paid_notice'));
      void navigate(safeGoto(params.get('goto') ?? reply.goto), { replace: true });
    } catch {
      // Shown in the banner; the balance is read again.
      void mooney.refetch();
    }
  });

  const header = <PageHeader title={t('mooney.page')} />;
  if (mooney.isError && !m) {
    if (isApiError(mooney.error) && mooney.error.status === 404) {
      return <NotFoundContent title={t('mooney.not_found')} backTo={goto} backLabel={t('mooney.back')} />;
    }
    return (
      <>
        {header}
        <ErrorBanner error={mooney.error} onRetry={() => void mooney.refetch()} />
      </>
    );
  }
  if (!m || m.paid || m.amount === 0) {
    return (
      <>
        {header}
        <PageLoader minHeight={200} />
      </>
    );
  }

  const covers = m.balance_covers;
  return (
    <>
      {header}
      <Stack gap="lg" maw={640}>
        <Paper withBorder p="md" component="section" aria-labelledby="mooney-amount">
          <Title order={2} size="h3" id="mooney-amount" mb="sm">
            {t('mooney.amount_title')}
          </Title>
          <PriceRowsTable rows={m.price_rows} discountCents={m.discount_cents} totalLabel={t('mooney.to_pay')} totalCents={m.amount} label={t('mooney.rows')} testId="mooney-rows" totalTestId="mooney-amount" />
        </Paper>

        <Paper withBorder p="md" component="section" aria-labelledby="mooney-balance">
          <Title order={2} size="h3" id="mooney-balance" mb="sm">
            {t('mooney.balance_title')}
          </Title>
          <Stack gap="sm" align="flex-start">
            <Text>
              {t('mooney.balance_now')} <Text span fw={700} data-testid="mooney-balance">{formatAmount(m.balance_cents)}</Text>
            </Text>
            <ErrorBanner error={pay.error} />
            {covers ? (
              <Group>
                <Button leftSection={<IconWallet size={18} aria-hidden />} onClick={() => void payBalance.run()} loading={payBalance.pending} aria-busy={payBalance.pending || undefined} data-testid="pay-balance">
                  {t('mooney.pay_balance', { amount: formatAmount(m.amount) })}
                </Button>
              </Group>
            ) : (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="balance-short">
                <Text>{t('insufficient_balance')}</Text>
                <Text size="sm" mt={4}>
                  {t('mooney.balance_short_online')}
                </Text>
              </Alert>
            )}
          </Stack>
        </Paper>

        <Paper withBorder p="md" component="section" aria-labelledby="mooney-online">
          <Title order={2} size="h3" id="mooney-online" mb="sm">
            {t('mooney.online_title')}
          </Title>
          <Stack gap="sm" align="flex-start">
            <Text>{t('mooney.online_help')}</Text>
            {/* The charge page creates the online payment; paying it records the method. */}
            <Button component={Link} to={chargePath(m.id, goto)} variant={covers ? 'default' : 'filled'} leftSection={<IconCreditCard size={18} aria-hidden />} data-testid="pay-online">
              {t('mooney.pay_online')}
            </Button>
          </Stack>
        </Paper>
        <Group>
          <Button variant="default" onClick={() => void navigate(goto)}>
            {t('mooney.later')}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
