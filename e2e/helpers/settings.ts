import { SETTINGS_SCOPES } from '../../src/shared/schemas/settings';
import type { SignedInApi } from './adminApi';

/**
 * Saves the association's organisation settings as they are now with `patch` over them: a save
 * posts the whole scope, so a journey that needs one setting keeps the others, and a journey that
 * needs a setting in some state says so itself instead of relying on what earlier journeys did.
 */
export async function saveOrganisation(api: SignedInApi, patch: Record<string, unknown>): Promise<void> {
  const now = await api.get<Record<string, unknown>>('settings');
  const current = Object.fromEntries(SETTINGS_SCOPES.organisation.map((k) => [k, now[k]]));
  await api.post('settings/save', { ...current, ...patch, scope_: 'organisation' });
}

/** What sending an invoice needs (reply-to address, business id, bank account): kept when set, filled in when not. */
export async function ensureInvoicing(api: SignedInApi): Promise<void> {
  const now = await api.get<Record<string, unknown>>('settings');
  await saveOrganisation(api, {
    reply_to_email: now.reply_to_email || 'hallitus@demoyhdistys.fi',
    business_id: now.business_id || '0112038-9',
    bank_account: now.bank_account || 'FI2112345600000785',
  });
}

/** The same for the e-claim settings; answers the scope as it was, for putting it back. */
export async function saveEclaim(api: SignedInApi, patch: Record<string, unknown>): Promise<Record<string, unknown>> {
  const now = await api.get<Record<string, unknown>>('settings');
  const current = Object.fromEntries(SETTINGS_SCOPES.eclaim.map((k) => [k, now[k]]));
  await api.post('settings/save', { ...current, ...patch, scope_: 'eclaim' });
  return current;
}
