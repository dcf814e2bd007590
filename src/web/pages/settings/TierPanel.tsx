import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import type { SettingsReply } from '../../../shared/schemas/settings';
import { PATHS } from '../../paths';
import { useFormatNumber } from '../../i18n/useFormatNumber';

/**
 * The association's tier and its limits (read-only: an operator changes the tier), and its
 * balance with the way to buy more: the place site admins look for money matters.
 */
export function TierPanel({ data }: { data: SettingsReply }) {
  const { t } = useTranslation();
  const limits = data.tier_limits_;
  const number = useFormatNumber();
  const rows: { label: string; value: string; testId: string }[] = [
    { label: t('tier.discount'), value: `${String(limits.message_discount_percent)} %`, testId: 'tier-discount' },
    { label: t('tier.limit.updreq_email_free'), value: limits.updreq_email_free ? t('tier.yes') : t('tier.no'), testId: 'tier-updreq' },
    { label: t('tier.limit.group_mail_lists'), value: t('tier.members', { count: limits.group_mail_max_members, n: number(limits.group_mail_max_members) }), testId: 'tier-group-mail' },
    {
      label: t('tier.limit.expense_claims_per_year'),
      value: limits.expense_claims_per_year === null ? t('tier.no_limit') : number(limits.expense_claims_per_year),
      testId: 'tier-expense-claims',
    },
  ];

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="settings-tier" data-testid="tier-panel">
      <Stack gap="sm">
        <Title order={2} size="h3" id="settings-tier">
          {t('tier.title')}
        </Title>
        <Text>
          {t('tier.current')}{' '}
          <Text span fw={700} data-testid="tier-name">
            {data.tier}
          </Text>
        </Text>
        <Table w="auto" aria-label={t('tier.limits')} data-testid="tier-limits">
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.testId}>
                <Table.Th scope="row" fw={400}>
                  {row.label}
                </Table.Th>
                <Table.Td data-testid={row.testId}>{row.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm">{t('tier.change_help')}</Text>
        <Text>
          {t('tier.balance')}{' '}
          <Text span fw={700} data-testid="settings-balance">
            {formatAmount(data.balance_)}
          </Text>
        </Text>
        <Anchor component={Link} to={PATHS.balanceBuy} data-testid="settings-buy-balance">
          {t('tier.buy_balance')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
