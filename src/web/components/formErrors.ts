import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { fieldErrorKeys } from '../api/errorKeys';
import { isApiError } from '../api/errors';
import { fieldMessageText } from '../i18n/messages';

// Field-level errors: message keys go under their fields in Finnish and the
// first invalid field, in the order the form shows them, receives focus.

type AnyForm = Pick<UseFormReturnType<never>, 'setErrors' | 'getInputNode'>;

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/**
 * Focuses the first of `fields` that has an error; returns whether one did. A field
 * whose node is a wrapper (a radio group, a list of inputs) focuses its first control.
 */
export function focusFirstInvalid(form: AnyForm, errors: FormErrors, fields: readonly string[]): boolean {
  const first = fields.find((field) => errors[field]);
  if (!first) return false;
  // getInputNode is typed for the form's own paths; the names come from that form.
  const node = (form.getInputNode as (path: string) => HTMLElement | null)(first);
  const target = node && !node.matches(FOCUSABLE) ? (node.querySelector<HTMLElement>(FOCUSABLE) ?? node) : node;
  target?.focus();
  return target != null;
}

/** Translates keys produced by client-side validation (zod messages are keys). */
export function translateFieldErrors(errors: FormErrors): FormErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, key]) => [field, typeof key === 'string' ? fieldMessageText(key) : key]),
  );
}

/**
 * Puts a failed call's field errors on the form and focuses the first one. The reply's
 * `params` fill the texts ("… {{count}} jäsentä …").
 * Returns whether any field got an error (if not, the banner carries the message).
 */
export function applyServerErrors(form: AnyForm, error: unknown, fields: readonly string[]): boolean {
  const keys = fieldErrorKeys(error, fields);
  const params = isApiError(error) ? error.params : undefined;
  const errors: FormErrors = Object.fromEntries(
    Object.entries(keys).map(([f, key]) => [f, fieldMessageText(key, params)]),
  );
  form.setErrors(errors);
  return focusFirstInvalid(form, errors, fields);
}
