import { type FormErrors, useForm, type UseFormReturnType } from '@mantine/form';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { SettingsReply, SettingsSaveBody } from '../../../shared/schemas/settings';
import { useSaveSettings, useSettings } from '../../api/settings';
import { applyServerErrors, focusFirstInvalid, translateFieldErrors } from '../../components/formErrors';
import { notifySuccess } from '../../components/notify';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';

export interface SettingsFormSpec<V extends Record<string, unknown>> {
  scope: SettingsSaveBody['scope_'];
  /** The scope's save schema (shared with the server): validates the form as the API will. */
  schema: z.ZodType;
  /** The scope's settings in screen order (the first invalid one gets focus); the form's values. */
  fields: readonly (keyof V & string)[];
  /** Values until the settings arrive. */
  empty: V;
}

/**
 * One settings scope as a form, fed by the settings query and saved with `scope_`.
 * The form takes the settings once, when they first arrive: the query is refetched on
 * every navigation and must not overwrite what the user is typing. After a
 * save the saved (server-normalised) values go back into the form; errors land under
 * their fields, or in `error` for the banner.
 */
export function useSettingsForm<V extends Record<string, unknown>>({ scope, schema, fields, empty }: SettingsFormSpec<V>) {
  const { t } = useTranslation();
  const settings = useSettings();
  const save = useSaveSettings();
  const [error, setError] = useState<unknown>(null);

  const validate = (values: V): FormErrors => {
    const parsed = schema.safeParse({ scope_: scope, ...values });
    if (parsed.success) return {};
    const errors: FormErrors = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return translateFieldErrors(errors);
  };
  const form = useForm<V>({ mode: 'controlled', initialValues: empty, validate });
  const guard = useUnsavedChangesGuard(form.isDirty());
  const { data } = settings;
  const { initialized, initialize } = form;
  const toValues = (s: SettingsReply) => Object.fromEntries(fields.map((f) => [f, s[f]])) as V;

  useEffect(() => {
    if (data && !initialized) initialize(Object.fromEntries(fields.map((f) => [f, data[f]])) as V);
  }, [data, initialized, initialize, fields]);

  const submit = useGuardedSubmit(async (values: V) => {
    setError(null);
    let reply: SettingsReply;
    try {
      // The values passed `schema` (the scope's own member of SettingsSaveBody) just above.
      reply = await save.mutateAsync({ scope_: scope, ...values } as unknown as SettingsSaveBody);
    } catch (failure) {
      setError(failure);
      applyServerErrors(form, failure, fields);
      return;
    }
    const saved = toValues(reply);
    form.setValues(saved);
    form.resetDirty(saved);
    notifySuccess(t('settings.saved'));
  });

  const onInvalid = (errors: FormErrors) => {
    setError(null);
    focusFirstInvalid(form, errors, fields);
  };

  return {
    settings,
    form: form as UseFormReturnType<V>,
    error,
    pending: submit.pending,
    guard,
    onSubmit: form.onSubmit(submit.run, onInvalid) as (event?: FormEvent<HTMLFormElement>) => void,
  };
}
