import { Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { eclaimSettings } from '../../../shared/schemas/settings';
import { DisabledReason } from '../../components/DisabledReason';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { SubmitButton } from '../../components/SubmitButton';
import { SettingsLoading } from './SettingsLoading';
import { SettingsNav } from './SettingsNav';
import { useSettingsForm } from './useSettingsForm';

const FIELDS = ['eclaim_enabled', 'eclaim_notify', 'eclaim_km_help', 'eclaim_per_diem_help'] as const;

interface EclaimValues extends Record<string, unknown> {
  eclaim_enabled: boolean;
  eclaim_notify: boolean;
  eclaim_km_help: string;
  eclaim_per_diem_help: string;
}

const EMPTY: EclaimValues = { eclaim_enabled: false, eclaim_notify: false, eclaim_km_help: '', eclaim_per_diem_help: '' };

/** `/config/settings_eclaim`: expense claims on or off, the notification, and the help texts claimants see. */
export function EclaimSettingsPage() {
  const { t } = useTranslation();
  const { settings, form, error, pending, guard, onSubmit } = useSettingsForm({ scope: 'eclaim', schema: eclaimSettings, fields: FIELDS, empty: EMPTY });
  const data = settings.data;
  if (!data) return <SettingsLoading title={t('settings.eclaim_page')} settings={settings} />;

  const disabled = data.disable_;
  const enabled = form.getValues().eclaim_enabled;

  return (
    <>
      <PageHeader title={t('settings.eclaim_page')} />
      {guard.prompt}
      <SettingsNav />
      <Stack gap="md" maw={640}>
        <Text>{t('settings.eclaim_intro')}</Text>
        <ErrorBanner error={error} fields={FIELDS} />
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <DisabledReason reason={disabled.eclaim_enabled} label={t('settings.eclaim_enabled')}>
              <Checkbox
                label={t('settings.eclaim_enabled')}
                description={t('settings.eclaim_enabled_help')}
                disabled={'eclaim_enabled' in disabled}
                {...form.getInputProps('eclaim_enabled', { type: 'checkbox' })}
              />
            </DisabledReason>
            <DisabledReason reason={disabled.eclaim_notify} label={t('settings.eclaim_notify')}>
              <Checkbox
                label={t('settings.eclaim_notify')}
                description={t('settings.eclaim_notify_help')}
                disabled={'eclaim_notify' in disabled || !enabled}
                {...form.getInputProps('eclaim_notify', { type: 'checkbox' })}
              />
            </DisabledReason>
            <DisabledReason reason={disabled.eclaim_km_help} label={t('settings.eclaim_km_help')}>
              <Textarea
                label={t('settings.eclaim_km_help')}
                description={t('settings.eclaim_km_help_help')}
                disabled={'eclaim_km_help' in disabled}
                autosize
                minRows={3}
                maxLength={5000}
                {...form.getInputProps('eclaim_km_help')}
              />
            </DisabledReason>
            <DisabledReason reason={disabled.eclaim_per_diem_help} label={t('settings.eclaim_per_diem_help')}>
              <Textarea
                label={t('settings.eclaim_per_diem_help')}
                description={t('settings.eclaim_per_diem_help_help')}
                disabled={'eclaim_per_diem_help' in disabled}
                autosize
                minRows={3}
                maxLength={5000}
                {...form.getInputProps('eclaim_per_diem_help')}
              />
            </DisabledReason>
            <Group mt="sm">
              <SubmitButton pending={pending}>{t('common.save')}</SubmitButton>
            </Group>
          </Stack>
        </form>
      </Stack>
    </>
  );
}
