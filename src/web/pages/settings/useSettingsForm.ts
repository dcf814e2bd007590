import { type FormErrors, useForm, type UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';
import type { SettingsReply } from '../../../shared/schemas/settings';
import { useSettings } from '../../api/settings';

/**
 * A settings form fed by the settings query. The form takes the settings once, when
 * they first arrive: the query is refetched on every navigation (spec §7) and must
 * not overwrite what the user is typing. After a save, `reset` puts the saved (and
 * server-normalised) values back into the form.
 */
export function useSettingsForm<V extends Record<string, unknown>>(
  toValues: (settings: SettingsReply) => V,
  empty: V,
  validate: (values: V) => FormErrors,
) {
  const settings = useSettings();
  const form = useForm<V>({ mode: 'controlled', initialValues: empty, validate });
  const { data } = settings;
  const { initialized, initialize } = form;

  useEffect(() => {
    if (data && !initialized) initialize(toValues(data));
  }, [data, initialized, initialize, toValues]);

  const reset = (reply: SettingsReply) => {
    const values = toValues(reply);
    form.setValues(values);
    form.resetDirty(values);
  };

  return { settings, form: form as UseFormReturnType<V>, reset };
}
