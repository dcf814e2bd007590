import { Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eclaimSettings, type SettingsReply } from '../../../shared/schemas/settings';
import { useSaveSettings } from '../../api/settings';
import { DisabledReason } from '../../components/DisabledReason';
import { ErrorBanner } from '../../components/ErrorBanner';
import { applyServerErrors, focusFirstInvalid, translateFieldErrors } from '../../components/formErrors';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { SubmitButton } from '../../components/SubmitButton';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
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

const toValues = (s: SettingsReply): EclaimValues => ({
  eclaim_enabled: s.eclaim_enabled,
  eclaim_notify: s.eclaim_notify,
  eclaim_km_help: s.eclaim_km_help,
  eclaim_per_diem_help: s.eclaim_per_diem_help,
});

function validate(values: EclaimValues): FormErrors {
  const parsed = eclaimSettings.safeParse({ scope_: 'eclaim', ...values });
  if (parsed.success) return {};
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return translateFieldErrors(errors);
}

/** `/config/settings_eclaim`: expense claims on or off, the notification, and the help texts claimants see. */
export function EclaimSettingsPage() {
  const { t } = useTranslation();
  const { settings, form, reset } = useSettingsForm(toValues, EMPTY, validate);
  const save = useSaveSettings();
  const [error, setError] = useState<unknown>(null);
  const guard = useUnsavedChangesGuard(form.isDirty());
  const data = settings.data;

  const submit = useGuardedSubmit(async (values: EclaimValues) => {
    setError(null);
    let reply: SettingsReply;
    try {
      reply = await save.mutateAsync({ scope_: 'eclaim', ...values });
    } catch (failure) {
      setError(failure);
      applyServerErrors(form, failure, FIELDS);
      return;
    }
    reset(reply);
    notifySuccess(t('settings.saved'));
  });

  const onInvalid = (errors: FormErrors) => {
    setError(null);
    focusFirstInvalid(form, errors, FIELDS);
  };

  if (!data) {
    return (
      <>
        <PageHeader title={t('settings.eclaim_page')} />
        <SettingsNav />
        {settings.isError ? <ErrorBanner error={settings.error} onRetry={() => void settings.refetch()} /> : <PageLoader />}
      </>
    );
  }

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
        <form onSubmit={form.onSubmit(submit.run, onInvalid)} noValidate>
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
              <SubmitButton pending={submit.pending}>{t('common.save')}</SubmitButton>
            </Group>
          </Stack>
        </form>
      </Stack>
    </>
  );
}
