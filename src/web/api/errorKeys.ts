import { SESSION_ERROR } from '../../shared/schemas/errors';
import { isApiError } from './errors';

// Which message keys a failed call shows where: field keys under the form
// fields, everything else in the page's banner, and a generic text when the reply
// carries no key the user can act on.

const GENERAL = 'general';

/** First message key per form field, for fields the form actually shows. */
export function fieldErrorKeys(error: unknown, fields: readonly string[]): Record<string, string> {
  if (!isApiError(error)) return {};
  const result: Record<string, string> = {};
  for (const field of fields) {
    const key = error.errors[field]?.[0];
    if (key) result[field] = key;
  }
  return result;
}

/** Keys for the banner: `general` first, then errors of fields the form does not show. */
export function bannerKeys(error: unknown, fields: readonly string[] = []): string[] {
  if (error == null) return [];
  if (!isApiError(error)) return ['server_error'];

  const keys = [...(error.errors[GENERAL] ?? [])];
  for (const [field, fieldKeys] of Object.entries(error.errors)) {
    if (field !== GENERAL && !fields.includes(field)) keys.push(...fieldKeys);
  }
  if (keys.length > 0) return [...new Set(keys)];
  // A 400 whose keys all sit under visible fields needs no banner.
  if (Object.keys(error.errors).length > 0) return [];
  return [fallbackKey(error.status, error.code)];
}

function fallbackKey(status: number, code: string | undefined): string {
  if (status === 0) return 'network_error';
  if (status === 401 && code === SESSION_ERROR) return SESSION_ERROR;
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  return 'server_error';
}
