import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { TIERS, TRUST_STATUSES, type Tier, type TrustStatus } from '../../../shared/constants';
import { MEMBER_SETTINGS_KEYS, SETTINGS_SCOPES, type MemberSettingsReply, type SettingsReply, type SettingsSaveBody } from '../../../shared/schemas/settings';
import type { ValidationErrors } from '../../../shared/schemas/errors';
import { businessIdToVatId, finnishBic, isValidBusinessId, normalizeBusinessId, normalizeIban, validateIban } from '../../../shared/finnish';
import { ValidationError } from '../../lib/errors';
import { append } from '../log/repo';
import { act } from '../log/act';
import { currentBalance } from '../payments/balance';
import { DEFAULT_MESSAGE_PRICES } from '../../../shared/messages/prices';
import { tierLimits } from '../../../shared/tiers';
import { SINGLE_PART_UNITS, SMS_MAX_PARTS } from '../../../shared/finnish/sms';
import * as security from '../security/service';
import * as tenants from '../tenants/repo';
import * as repo from './repo';
import { checkMembercard, membercardReply } from './membercard';
import { retentionReply } from '../retention/settings';

/** Feature areas that exist in this build; the web shows navigation only for these. */
export const FEATURES: string[] = ['fields', 'groups', 'settings'];

const asTier = (t: string): Tier => ((TIERS as readonly string[]).includes(t) ? (t as Tier) : 'Free');
const asTrust = (t: string): TrustStatus => ((TRUST_STATUSES as readonly string[]).includes(t) ? (t as TrustStatus) : 'OK');
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const bool = (v: unknown): boolean => v === true;

export async function getSettings(deps: Deps, tenant: Tenant): Promise<SettingsReply> {
  const s = await repo.getAll(deps.db, tenant.id);
  const bank = str(s.bank_account);
  const businessId = str(s.business_id);
  return {
    // The association's name lives on the tenant row, so the name shown everywhere has one source.
    name_: tenant.name,
    tier: asTier(tenant.tier),
    trust_status: asTrust(tenant.trust_status),
    features: FEATURES,
    reply_to_email: str(s.reply_to_email),
    bank_account: bank,
    bic_: bank ? finnishBic(bank) : null,
    business_id: businessId,
    vat_id_: businessId ? businessIdToVatId(businessId) : null,
    vat_obliged: bool(s.vat_obliged),
    porg_enabled: bool(s.porg_enabled),
    invoice_rf_reference: bool(s.invoice_rf_reference),
    vat_id_missing_: businessId === '',
    email_missing_: str(s.reply_to_email) === '',
    eclaim_enabled: bool(s.eclaim_enabled),
    eclaim_notify: bool(s.eclaim_notify),
    eclaim_km_help: str(s.eclaim_km_help),
    eclaim_per_diem_help: str(s.eclaim_per_diem_help),
    mfa_enabled_for: s.mfa_enabled_for === 'admins' ? 'admins' : 'disabled',
    disable_: (s.disable_ && typeof s.disable_ === 'object' ? s.disable_ : {}) as Record<string, string>,
    balance_: await currentBalance(deps.db, tenant.id),
    prices_: deps.config.messagePrices ?? DEFAULT_MESSAGE_PRICES,
    tier_limits_: tierLimits(asTier(tenant.tier), deps.config.messagePrices ?? DEFAULT_MESSAGE_PRICES),
    sms_: { max_number_of_messages: SMS_MAX_PARTS, max_chars_per_message: SINGLE_PART_UNITS },
    ...(await membercardReply(deps.db, tenant.id, s)),
    ...retentionReply(s),
  };
}

/** Only what member-facing pages use; see MEMBER_SETTINGS_KEYS. */
export function forMember(all: SettingsReply): MemberSettingsReply {
  return Object.fromEntries(MEMBER_SETTINGS_KEYS.map((k) => [k, all[k]])) as MemberSettingsReply;
}

const IBAN_ERRORS = {
  wrong_length: 'settings_iban_wrong_length',
  unknown_country: 'settings_iban_unknown_country',
  invalid_checksum: 'settings_iban_invalid_checksum',
} as const;

/** Validates and normalises the values of one scope: IBAN grouped in fours, business id as NNNNNNN-N. */
async function normalise(deps: Deps, tenant: Tenant, body: SettingsSaveBody): Promise<Record<string, unknown>> {
  const errors: ValidationErrors = {};
  const values: Record<string, unknown> = { ...body };
  delete values.scope_;
  if (body.scope_ === 'organisation') {
    if (body.bank_account !== '') {
      const problem = validateIban(body.bank_account);
      if (problem) errors.bank_account = [IBAN_ERRORS[problem]];
      else {
        values.bank_account = normalizeIban(body.bank_account);
        if (await repo.usedByOtherTenant(deps.db, 'bank_account', values.bank_account, tenant.id)) errors.bank_account = ['settings_iban_in_use'];
      }
    }
    if (body.business_id !== '') {
      if (!isValidBusinessId(body.business_id)) errors.business_id = ['settings_business_id_invalid'];
      else values.business_id = normalizeBusinessId(body.business_id);
    }
  }
  if (body.scope_ === 'membercard') Object.assign(values, await checkMembercard(deps.db, tenant.id, body, errors));
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return values;
}

export async function saveSettings(deps: Deps, tenant: Tenant, me: Member, body: SettingsSaveBody): Promise<SettingsReply> {
  const before = await getSettings(deps, tenant);
  const values = await normalise(deps, tenant, body);
  const keys = SETTINGS_SCOPES[body.scope_];
  const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(values[k]));
  const disabled = changed.filter((k) => k in before.disable_);
  if (disabled.length > 0) throw new ValidationError(Object.fromEntries(disabled.map((k) => [k, ['settings_field_disabled']])));
  if (changed.length === 0) return before;
  const mfaSwitched = body.scope_ === 'security' && changed.includes('mfa_enabled_for');
  await act(deps, tenant, me, 'settings_changed', async (trx, line, at) => {
    for (const k of changed) {
      if (k === 'name_') await tenants.rename(trx, tenant.id, String(values[k]));
      else await repo.set(trx, tenant.id, k, values[k]);
    }
    line.context = body.scope_;
    line.data = changed.map((k) => ({ field: k, old: before[k], new: values[k] }));
    if (mfaSwitched) {
      // Switching 2FA site-wide ends every admin session, the switcher's included. The switch
      // gets a line of its own (the security log filter shows it) beside the settings line.
      const closed = await security.endAdminSessions(trx, tenant.id);
      await append(trx, tenant.id, {
        event: 'mfa_policy_changed',
        context: 'security',
        data: [...line.data, { field: 'sessions_closed', new: closed }],
        authorId: me.id,
        at,
      });
    }
  });
  if (mfaSwitched && body.scope_ === 'security') await security.notifyPolicyChange(deps, tenant, me, body.mfa_enabled_for);
  const fresh = (await tenants.findById(deps.db, tenant.id))!;
  return mfaSwitched ? { ...(await getSettings(deps, fresh)), sessions_ended_: true } : getSettings(deps, fresh);
}
