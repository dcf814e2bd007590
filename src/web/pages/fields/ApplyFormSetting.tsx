import { Checkbox } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { APPLY_FORM_EXCLUDED_TYPES, APPLY_FORM_LOCKED } from '../../../shared/fields/types';
import type { FieldFormValues } from './fieldForm';

/**
 * "Näytetään jäsenhakemuslomakkeella": whether the public application
 * form asks for the field. Names and email are always on it; headings follow their
 * fields and passwords are never asked, so those have no setting.
 */
export function ApplyFormSetting({ form }: { form: UseFormReturnType<FieldFormValues> }) {
  const { t } = useTranslation();
  const values = form.getValues();
  if (APPLY_FORM_EXCLUDED_TYPES.includes(values.type)) return null;
  const locked = APPLY_FORM_LOCKED.has(values.name);
  return (
    <Checkbox
      label={t('fields.on_apply_form')}
      description={locked ? t('fields.on_apply_form_locked') : t('fields.on_apply_form_help')}
      disabled={locked}
      {...form.getInputProps('on_apply_form', { type: 'checkbox' })}
      checked={locked || values.on_apply_form}
      data-testid="field-on-apply-form"
    />
  );
}
