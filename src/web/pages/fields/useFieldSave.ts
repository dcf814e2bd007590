import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSaveBody } from '../../../shared/schemas/fields';
import { isApiError } from '../../api/errors';
import { type FieldDetails, useSaveField } from '../../api/fields';
import { applyServerErrors } from '../../components/formErrors';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { messageText } from '../../i18n/messages';
import { FIELD_FORM_FIELDS, type FieldFormValues, toSaveBody } from './fieldForm';
import type { OptionInUse, OptionRemoval } from './FieldModals';

/**
 * Saving a field: server errors go under their inputs (a refused type change with examples of
 * values that would not convert), and removing dropdown options that members use stops for a
 * question (`optionInUse`) before it is sent again with the choice.
 */
export function useFieldSave(form: UseFormReturnType<FieldFormValues>, field: FieldDetails | null, onSaved: () => void) {
  const { t } = useTranslation();
  const save = useSaveField(field?.id ?? null);
  const [error, setError] = useState<unknown>(null);
  const [optionInUse, setOptionInUse] = useState<OptionInUse | null>(null);

  const send = async (formValues: FieldFormValues, optionRemoval?: OptionRemoval) => {
    setError(null);
    const body: FieldSaveBody = { ...toSaveBody(formValues, field), ...(optionRemoval ? { option_removal: optionRemoval } : {}) };
    try {
      await save.mutateAsync(body);
    } catch (failure) {
      const inUse = isApiError(failure) && failure.errors.options?.includes('fields_option_in_use');
      if (inUse && !optionRemoval) {
        const params = failure.params ?? {};
        setOptionInUse({
          count: typeof params.count === 'number' ? params.count : 0,
          options: Array.isArray(params.options) ? params.options.map(String) : [],
          values: formValues,
        });
        return;
      }
      setError(failure);
      applyServerErrors(form, failure, FIELD_FORM_FIELDS);
      showConversionExamples(failure);
      return;
    }
    onSaved();
  };

  /** A refused type change names a few of the values that would not convert. */
  const showConversionExamples = (failure: unknown) => {
    if (!isApiError(failure) || !failure.errors.type?.includes('fields_type_change_not_convertible')) return;
    const examples = Array.isArray(failure.params?.examples) ? failure.params.examples.map(String) : [];
    if (examples.length === 0) return;
    const text = messageText('fields_type_change_not_convertible', failure.params);
    form.setFieldError('type', `${text} ${t('fields.type_change_examples', { examples: examples.map((e) => `”${e}”`).join(', ') })}`);
  };

  const submit = useGuardedSubmit(async (formValues: FieldFormValues) => send(formValues));
  const resolveOptions = useGuardedSubmit(async (choice: OptionRemoval) => {
    if (!optionInUse) return;
    const pending = optionInUse.values;
    setOptionInUse(null);
    await send(pending, choice);
  });

  return { error, setError, optionInUse, cancelOptionRemoval: () => setOptionInUse(null), submit, resolveOptions };
}
