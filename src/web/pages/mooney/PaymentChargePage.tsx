import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import type { z } from 'zod';
import type { paymentProvider } from '../../../shared/schemas/payments';
import { isApiError } from '../../api/errors';
import { useCharge } from '../../api/payments';
import { notifySuccess } from '../../components/notify';
import { messageText } from '../../i18n/messages';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { paymentMethodPath } from '../../paths';
import { NotFoundContent } from '../errors/NotFoundContent';
import { safeGoto } from './PaymentMethodPage';
import classes from './PaymentChargePage.module.css';

type Provider = z.infer<typeof paymentProvider>;

/** Known provider groups in the order people look for them; others follow as they come. */
const GROUP_ORDER = ['bank', 'mobile', 'creditcard', 'credit'];

export function groupProviders(providers: readonly Provider[]): { group: string; providers: Provider[] }[] {
  const groups = new Map<string, Provider[]>();
  for (const p of providers) groups.set(p.group, [...(groups.get(p.group) ?? []), p]);
  const rank = (g: string) => (GROUP_ORDER.includes(g) ? GROUP_ORDER.indexOf(g) : GROUP_ORDER.length);
  return [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b)).map(([group, list]) => ({ group, providers: list }));
}

/**
 * `/m/{id}/charge`: creates the online payment and shows the provider buttons. Each button is
 * a real form posting the provider's parameters to its address, so it works with the keyboard
 * and a screen reader like any button, and the browser leaves the app for the bank.
 */
export function PaymentChargePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const charge = useCharge(id ?? null);
  const goto = safeGoto(params.get('goto'));
  const navigate = useNavigate();
  // Nothing left to pay (paid meanwhile, e.g. in another tab): straight on to goto, saying so.
  const done = isApiError(charge.error) ? charge.error.errors.general?.find((k) => k === 'mooney_already_paid' || k === 'mooney_nothing_to_pay') : undefined;
  useEffect(() => {
    if (!done) return;
    notifySuccess(messageText(done));
    void navigate(goto, { replace: true });
  }, [done, goto, navigate]);
  const header = <PageHeader title={t('charge.page')} />;

  if (done) return header;
  if (charge.isError) {
    if (isApiError(charge.error) && charge.error.status === 404) {
      return <NotFoundContent title={t('mooney.not_found')} backTo={goto} backLabel={t('mooney.back')} />;
    }
    return (
      <>
        {header}
        <ErrorBanner error={charge.error} onRetry={() => void charge.refetch()} />
        <Anchor component={Link} to={paymentMethodPath(id ?? '', goto)}>
          {t('charge.back_to_method')}
        </Anchor>
      </>
    );
  }
  const data = charge.data;
  if (!data) {
    return (
      <>
        {header}
        <PageLoader minHeight={200} />
      </>
    );
  }

  return (
    <>
      {header}
      <Stack gap="lg" maw={760}>
        {data.test ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            data-testid="test-bank-notice"
            title={t('charge.test_title')}
            // Mantine's yellow title is below AA contrast on the light yellow background.
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            {t('charge.test_help')}
          </Alert>
        ) : null}
        <Paper withBorder p="md" component="section" aria-labelledby="charge-amount">
          <Title order={2} size="h3" id="charge-amount" mb="xs">
            {t('charge.amount_title')}
          </Title>
          <Text size="xl" fw={700} data-testid="charge-amount">
            {formatAmount(data.amount)}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {t('charge.minimum_help')}
          </Text>
        </Paper>

        <Paper withBorder p="md" component="section" aria-labelledby="charge-providers">
          <Title order={2} size="h3" id="charge-providers" mb="xs">
            {t('charge.providers_title')}
          </Title>
          <Text mb="md">{t('charge.providers_help')}</Text>
          {data.providers.length === 0 ? (
            <Text data-testid="charge-no-providers">{t('charge.no_providers')}</Text>
          ) : (
            <Stack gap="lg">
              {groupProviders(data.providers).map(({ group, providers }) => {
                const groupLabel = t(`charge.group.${group}`, { defaultValue: group });
                return (
                  <section key={group} aria-label={groupLabel}>
                    <Title order={3} size="h5" mb="xs">
                      {groupLabel}
                    </Title>
                    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="ul" className={classes.list}>
                      {providers.map((p) => (
                        <li key={`${p.id}-${p.url}`}>
                          <form method="POST" action={p.url} data-testid="provider-form">
                            {p.parameters.map((param) => (
                              <input key={param.name} type="hidden" name={param.name} value={param.value} />
                            ))}
                            <UnstyledButton type="submit" className={classes.provider} data-testid={`provider-${p.id}`} aria-label={t('charge.pay_with', { name: p.name })}>
                              {p.icon ? <img src={p.icon} alt="" className={classes.icon} /> : null}
                              <span>{p.name}</span>
                            </UnstyledButton>
                          </form>
                        </li>
                      ))}
                    </SimpleGrid>
                  </section>
                );
              })}
            </Stack>
          )}
        </Paper>
        <Group>
          <Button variant="default" component={Link} to={paymentMethodPath(id ?? '', goto)}>
            {t('charge.back_to_method')}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
