import { Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RETENTION_INACTIVE_YEARS, RETENTION_REMOVED_MONTHS, retentionSettings } from '../../../shared/schemas/settings';
import { ErrorBanner } from '../../components/ErrorBanner';
import { SubmitButton } from '../../components/SubmitButton';
import { useSettingsForm } from './useSettingsForm';
import { PageLoader } from '../../components/PageLoader';

const FIELDS = ['retention_removed_months', 'retention_inactive_years'] as const;

interface RetentionValues extends Record<string, unknown> {
  retention_removed_months: number;
  retention_inactive_years: number;
}

const EMPTY: RetentionValues = { retention_removed_months: 0, retention_inactive_years: 0 };

/** The retention scope: how long removed members are kept, after how long inactive ones are listed. */
export function RetentionForm() {
  const { t } = useTranslation();
  const { settings, form, error, pending, guard, onSubmit } = useSettingsForm({ scope: 'retention', schema: retentionSettings, fields: FIELDS, empty: EMPTY });
  if (!settings.data) return settings.isError ? <ErrorBanner error={settings.error} onRetry={() => void settings.refetch()} /> : <PageLoader />;
  const select = (field: (typeof FIELDS)[number]) => {
    const props = form.getInputProps(field);
    return {
      ...props,
      value: String(form.getValues()[field]),
      onChange: (e: React.ChangeEvent<HTMLSelectElement>) => form.setFieldValue(field, Number(e.currentTarget.value)),
    };
  };
  const choice = (n: number, unit: 'months' | 'years') => ({ value: String(n), label: n === 0 ? t('retention.never') : t(`retention.after_${unit}`, { count: n }) });
  return (
    <>
      {guard.prompt}
      <ErrorBanner error={error} fields={FIELDS} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <NativeSelect
            label={t('retention.removed_months')}
            description={t('retention.removed_months_help')}
            data={RETENTION_REMOVED_MONTHS.map((n) => choice(n, 'months'))}
            {...select('retention_removed_months')}
          />
          <NativeSelect
            label={t('retention.inactive_years')}
            description={t('retention.inactive_years_help')}
            data={RETENTION_INACTIVE_YEARS.map((n) => choice(n, 'years'))}
            {...select('retention_inactive_years')}
          />
          <Text size="sm" c="dimmed">
            {t('retention.daily_note')}
          </Text>
          <Group>
            <SubmitButton pending={pending}>{t('common.save')}</SubmitButton>
          </Group>
        </Stack>
      </form>
    </>
  );
}
