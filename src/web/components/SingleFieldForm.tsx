import { Group, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ErrorBanner } from './ErrorBanner';
import { applyServerErrors, focusFirstInvalid, translateFieldErrors } from './formErrors';
import { SubmitButton } from './SubmitButton';
import { useGuardedSubmit } from './useGuardedSubmit';

export interface SingleFieldFormProps {
  /** The API's name of the field, so its server errors land under the input. */
  field: string;
  /** Client-side check of the typed value: field → message key. */
  validate: (values: Record<string, string>) => FormErrors;
  /** What is sent (e.g. spaces removed). */
  normalize?: (typed: string) => string;
  /** Sends the value; resolves to the failure to show, or null when done. */
  onSubmit: (value: string) => Promise<unknown>;
  submitLabel: string;
  /** Label, help and input attributes. */
  input: Omit<TextInputProps, 'value' | 'onChange' | 'error' | 'ref'>;
  focusOnMount?: boolean;
  /** Buttons beside the submit button ("Peruuta"). */
  secondary?: ReactNode;
  /** The value to start from (renaming); empty by default. */
  initialValue?: string;
}

/**
 * A form of one text field (codes typed from an app or an email). A wrong value is
 * shown under the field and selected for the next try; general errors go to the banner.
 */
export function SingleFieldForm({ field, validate, normalize = (s) => s.trim(), onSubmit, submitLabel, input, focusOnMount = false, secondary, initialValue = '' }: SingleFieldFormProps) {
  const fields = [field];
  const [error, setError] = useState<unknown>(null);
  const ref = useRef<HTMLInputElement>(null);
  const form = useForm<Record<string, string>>({
    mode: 'uncontrolled',
    initialValues: { [field]: initialValue },
    validate: (values) => translateFieldErrors(validate(values)),
  });

  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);

  const submit = useGuardedSubmit(async (values: Record<string, string>) => {
    setError(null);
    const failure = await onSubmit(normalize(values[field] ?? ''));
    if (failure == null) return;
    setError(failure);
    applyServerErrors(form, failure, fields);
    ref.current?.focus();
    ref.current?.select();
  });

  const onInvalid = (errors: FormErrors) => {
    setError(null);
    focusFirstInvalid(form, errors, fields);
  };

  return (
    <form onSubmit={form.onSubmit(submit.run, onInvalid)} noValidate>
      <Stack gap="md">
        <ErrorBanner error={error} fields={fields} />
        <TextInput ref={ref} spellCheck={false} required {...input} key={form.key(field)} {...form.getInputProps(field)} />
        <Group gap="sm">
          <SubmitButton pending={submit.pending}>{submitLabel}</SubmitButton>
          {secondary}
        </Group>
      </Stack>
    </form>
  );
}
