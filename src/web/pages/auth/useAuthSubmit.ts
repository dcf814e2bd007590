import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { applyServerErrors, focusFirstInvalid } from '../../components/formErrors';
import { type LEAVING, useGuardedSubmit } from '../../components/useGuardedSubmit';

type AuthFormLike = Pick<UseFormReturnType<never>, 'setErrors' | 'getInputNode'>;

/**
 * The submit of a session-page form: sent once (useGuardedSubmit), a failure's field
 * errors go under `fields` and the rest to the banner (`error`); client-side invalid input
 * clears the banner and focuses the first invalid field. `onFailure` hears whether the
 * failure named a field.
 */
export function useAuthSubmit<Values>(
  form: AuthFormLike,
  fields: readonly string[],
  action: (values: Values) => Promise<void | typeof LEAVING>,
  onFailure?: (namedField: boolean) => void,
) {
  const [error, setError] = useState<unknown>(null);

  const submit = useGuardedSubmit(async (values: Values) => {
    setError(null);
    try {
      return await action(values);
    } catch (failure) {
      setError(failure);
      const named = applyServerErrors(form, failure, fields);
      onFailure?.(named);
    }
  });

  const onInvalid = (errors: FormErrors) => {
    setError(null);
    focusFirstInvalid(form, errors, fields);
  };

  return { error, setError, run: submit.run, pending: submit.pending, onInvalid };
}
