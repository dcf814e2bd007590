import type { MessageKey } from '../../shared/i18n';
import i18n from './setup';

// Server message keys arrive as plain strings; an unknown key (newer server, typo)
// must still show something sensible, never the raw key.

export function messageText(
  key: string,
  params?: Record<string, unknown>,
  fallback: MessageKey = 'server_error',
): string {
  const known: string = i18n.exists(key) ? key : fallback;
  // Runtime keys cannot satisfy the per-key parameter types; the catalogue test keeps params consistent.
  const translate = i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return translate(known, { ...params });
}

/** Texts under form fields: unknown keys fall back to a generic "invalid value". */
export const fieldMessageText = (key: string, params?: Record<string, unknown>): string =>
  messageText(key, params, '_validation_invalid');
