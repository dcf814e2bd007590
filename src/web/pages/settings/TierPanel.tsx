import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TIER_DISCOUNT_PERCENT } from '../../../shared/constants';
import { formatAmount } from '../../../shared/finnish/amount';
import type { SettingsReply } from '../../../shared/schemas/settings';
import { PATHS } from '../../paths';

/** A limit's value as the settings reply carries it: a number, yes/no, or null for "no limit". */
type LimitValue = number | boolean | null | string;

/** The tier's limits from the reply (`tier_limits_`), in the reply's order; anything else is left out. */
export function tierLimits(reply: Record<string, unknown>): [string, LimitValue][] {
  const raw = reply.tier_limits_;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return [];
  return Object.entries(raw as Record<string, unknown>).filter(
    (e): e is [string, LimitValue] => e[1] === null || ['number', 'boolean', 'string'].includes(typeof e[1]),
  );
}

/**
 * The association's tier and its limits (read-only: an operator changes the tier), and its
 * balance with the way to buy more: the place site admins look for money matters.
 */
export function TierPanel({ data }: { data: SettingsReply }) {
  const { t, i18n } = useTranslation();
  const limits = tierLimits(data);
  const label = (key: string) => {
    const k = `tier.limit.${key}`;
    return i18n.exists(k) ? (i18n.t as unknown as (k: string) => string)(k) : key;
  };
  const value = (v: LimitValue) =>
    v === null ? t('tier.no_limit') : v === true ? t('tier.yes') : v === false ? t('tier.no') : String(v);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="settings-tier" data-testid="tier-panel">
      <Stack gap="sm">
        <Title order={2} size="h3" id="settings-tier">
          {t('tier.title')}
        </Title>
        <Text>
          {t('tier.current')} <Text span fw={700} data-testid="tier-name">{data.tier}</Text>
        </Text>
        <Table w="auto" aria-label={t('tier.limits')} data-testid="tier-limits">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" fw={400}>
                {t('tier.discount')}
              </Table.Th>
              <Table.Td data-testid="tier-discount">{`${String(TIER_DISCOUNT_PERCENT[data.tier])} %`}</Table.Td>
            </Table.Tr>
            {limits
              .filter(([key]) => key !== 'discount_percent' && key !== 'tier')
              .map(([key, v]) => (
                <Table.Tr key={key}>
                  <Table.Th scope="row" fw={400}>
                    {label(key)}
                  </Table.Th>
                  <Table.Td>{value(v)}</Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
        <Text size="sm">{t('tier.change_help')}</Text>
        <Text>
          {t('tier.balance')} <Text span fw={700} data-testid="settings-balance">{formatAmount(data.balance_)}</Text>
        </Text>
        <Anchor component={Link} to={PATHS.balanceBuy} data-testid="settings-buy-balance">
          {t('tier.buy_balance')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
