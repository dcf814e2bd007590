import { Alert, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { organisationSettings } from '../../../shared/schemas/settings';
import { DisabledReason } from '../../components/DisabledReason';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { SubmitButton } from '../../components/SubmitButton';
import { SettingsLoading } from './SettingsLoading';
import { SettingsNav } from './SettingsNav';
import { TierPanel } from './TierPanel';
import { useSettingsForm } from './useSettingsForm';

/** Form inputs in screen order: the first invalid one gets focus. */
const FIELDS = ['name_', 'reply_to_email', 'bank_account', 'business_id', 'vat_obliged', 'porg_enabled', 'invoice_rf_reference'] as const;

interface OrganisationValues extends Record<string, unknown> {
  name_: string;
  reply_to_email: string;
  bank_account: string;
  business_id: string;
  vat_obliged: boolean;
  porg_enabled: boolean;
  invoice_rf_reference: boolean;
}

const EMPTY: OrganisationValues = { name_: '', reply_to_email: '', bank_account: '', business_id: '', vat_obliged: false, porg_enabled: false, invoice_rf_reference: false };

/**
 * `/config/settings`: the association's own details. The bank account is checked and
 * grouped in fours by the server; the BIC and VAT id shown are derived from what is saved.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const { settings, form, error, pending, guard, onSubmit } = useSettingsForm({ scope: 'organisation', schema: organisationSettings, fields: FIELDS, empty: EMPTY });
  const data = settings.data;
  if (!data) return <SettingsLoading title={t('settings.page')} settings={settings} />;

  const disabled = data.disable_;
  const textInput = (name: 'name_' | 'reply_to_email' | 'bank_account' | 'business_id', label: string, extra: Record<string, unknown>) => (
    <DisabledReason reason={disabled[name]} label={label}>
      <TextInput label={label} disabled={name in disabled} {...extra} {...form.getInputProps(name)} />
    </DisabledReason>
  );

  return (
    <>
      <PageHeader title={t('settings.page')} />
      {guard.prompt}
      <SettingsNav />
      <Stack gap="md" maw={640}>
        {data.email_missing_ || data.vat_id_missing_ ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title={t('settings.missing_title')}
            // Mantine's yellow title is below AA contrast on the light yellow background.
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            <Stack gap={4}>
              {data.email_missing_ ? <Text size="sm">{t('settings.email_missing')}</Text> : null}
              {data.vat_id_missing_ ? <Text size="sm">{t('settings.vat_id_missing')}</Text> : null}
            </Stack>
          </Alert>
        ) : null}
        <ErrorBanner error={error} fields={FIELDS} />
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {textInput('name_', t('settings.name'), { required: true, maxLength: 255, autoComplete: 'organization' })}
            {textInput('reply_to_email', t('settings.reply_to_email'), {
              type: 'email',
              maxLength: 255,
              description: t('settings.reply_to_email_help'),
            })}
            {textInput('bank_account', t('settings.bank_account'), {
              maxLength: 50,
              autoComplete: 'off',
              spellCheck: false,
              description: data.bic_ ? t('settings.bic', { bic: data.bic_ }) : t('settings.bank_account_help'),
            })}
            {textInput('business_id', t('settings.business_id'), {
              maxLength: 20,
              autoComplete: 'off',
              description: data.vat_id_ ? t('settings.vat_id', { vat_id: data.vat_id_ }) : t('settings.business_id_help'),
            })}
            <DisabledReason reason={disabled.vat_obliged} label={t('settings.vat_obliged')}>
              <Checkbox
                label={t('settings.vat_obliged')}
                description={t('settings.vat_obliged_help')}
                disabled={'vat_obliged' in disabled}
                {...form.getInputProps('vat_obliged', { type: 'checkbox' })}
              />
            </DisabledReason>
            <DisabledReason reason={disabled.porg_enabled} label={t('settings.porg_enabled')}>
              <Checkbox
                label={t('settings.porg_enabled')}
                description={t('settings.porg_enabled_help')}
                disabled={'porg_enabled' in disabled}
                {...form.getInputProps('porg_enabled', { type: 'checkbox' })}
              />
            </DisabledReason>
            {/* The whole scope is saved at once: without this field a save would reset the choice. */}
            <DisabledReason reason={disabled.invoice_rf_reference} label={t('settings.invoice_rf_reference')}>
              <Checkbox
                label={t('settings.invoice_rf_reference')}
                description={t('settings.invoice_rf_reference_help')}
                disabled={'invoice_rf_reference' in disabled}
                {...form.getInputProps('invoice_rf_reference', { type: 'checkbox' })}
              />
            </DisabledReason>
            <Group mt="sm">
              <SubmitButton pending={pending}>{t('common.save')}</SubmitButton>
            </Group>
          </Stack>
        </form>
        <TierPanel data={data} />
      </Stack>
    </>
  );
}
