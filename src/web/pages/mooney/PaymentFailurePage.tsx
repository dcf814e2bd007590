import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { chargePath, PATHS } from '../../paths';
import { paymentIdOfReference } from '../../../shared/schemas/payments';

/**
 * `/m/failure?checkout-reference=…`: where the provider sends the browser after a failed or
 * cancelled payment. The reference names the payment item, so the charge page can be tried again.
 */
export function PaymentFailurePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mid = paymentIdOfReference(params.get('checkout-reference')?.trim() ?? '');
  const goto = params.get('goto') ?? undefined;

  return (
    <>
      <PageHeader title={t('failure.page')} />
      <Stack gap="lg" maw={640}>
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="payment-failure">
          {t('failure.text')}
        </Alert>
        <Group>
          {mid ? (
            <Button component={Link} to={chargePath(mid, goto)} leftSection={<IconRefresh size={18} aria-hidden />} data-testid="retry-payment">
              {t('failure.retry')}
            </Button>
          ) : null}
          <Button component={Link} to={PATHS.dashboard} variant="default">
            {t('failure.home')}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
