import type { z } from 'zod';
import fi from '../../shared/i18n/fi';
import { ValidationError } from '../lib/errors';
import type { ValidationErrors } from '../../shared/schemas/errors';

// Turns Zod issues into message keys under their field. Schemas name the key in the
// issue message (e.g. '_validation_field_required'); anything else maps by issue code.
// A message that looks like a key is one (every key is checked against the catalogue by messageKeys.test.ts).
const KEY_RE = /^_?[a-z][a-z0-9_]*$/;

function keyFor(issue: z.core.$ZodIssue): string {
  if (issue.message in fi || KEY_RE.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? '_validation_field_required' : '_validation_invalid';
    case 'too_big':
      return issue.origin === 'string' ? '_validation_too_long' : 'value_too_large';
    case 'too_small':
      return issue.origin === 'string' ? '_validation_too_short' : 'value_too_small';
    case 'invalid_value':
      return '_validation_invalid_choice';
    default:
      return '_validation_invalid';
  }
}

export function zodErrors(error: z.ZodError): ValidationErrors {
  const out: ValidationErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'general';
    const key = keyFor(issue);
    const list = (out[field] ??= []);
    if (!list.includes(key)) list.push(key);
  }
  return out;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data ?? {});
  if (!result.success) throw new ValidationError(zodErrors(result.error));
  return result.data;
}
