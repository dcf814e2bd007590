import { z } from 'zod';
import { tierLimitsSchema } from '../tiers';
import { MEMBERCARD_ASPECTS, MFA_POLICIES } from '../constants';
import { plainText, requiredText } from './common';
import { messagePricesSchema } from '../messages/prices';
import { MEMBERCARD_SETTING_KEYS, membercardSettings } from './membercard';
import { memberSettingsFields, memberSettingsReply } from './memberSettings';

export { MEMBER_SETTINGS_KEYS, memberSettingsReply, type MemberSettingsReply } from './memberSettings';

// Settings API. GET returns everything the UI needs;
// POST save takes one scope at a time.

const email = plainText(255)
  .transform((s) => s.toLowerCase())
  .refine((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), '_validation_invalid_email');

export const organisationSettings = z.object({
  scope_: z.literal('organisation'),
  name_: requiredText(255),
  reply_to_email: email.default(''),
  bank_account: plainText(50).default(''),
  business_id: plainText(20).default(''),
  vat_obliged: z.boolean().default(false),
  porg_enabled: z.boolean().default(false),
  /** Invoices carry RF (international) references instead of Finnish ones. */
  invoice_rf_reference: z.boolean().default(false),
});

export const eclaimSettings = z.object({
  scope_: z.literal('eclaim'),
  eclaim_enabled: z.boolean().default(false),
  eclaim_notify: z.boolean().default(false),
  eclaim_km_help: plainText(5000).default(''),
  eclaim_per_diem_help: plainText(5000).default(''),
});

/** Changing this ends every admin session and emails every admin. */
export const securitySettings = z.object({
  scope_: z.literal('security'),
  mfa_enabled_for: z.enum(MFA_POLICIES, '_validation_invalid_choice'),
});

/** Retention (site admins): 0 is "never" in both. */
export const RETENTION_REMOVED_MONTHS = [0, 1, 3, 6, 12, 24, 36] as const;
export const RETENTION_INACTIVE_YEARS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const choice = <T extends readonly number[]>(values: T) =>
  z.number('_validation_invalid_choice').refine((n) => (values as readonly number[]).includes(n), '_validation_invalid_choice');
export const retentionSettings = z.object({
  scope_: z.literal('retention'),
  /** Removed members are permanently deleted this many months after removal. */
  retention_removed_months: choice(RETENTION_REMOVED_MONTHS),
  /** Members inactive this many years are listed for review. */
  retention_inactive_years: choice(RETENTION_INACTIVE_YEARS),
});

export const settingsSaveBody = z.discriminatedUnion('scope_', [organisationSettings, eclaimSettings, securitySettings, membercardSettings, retentionSettings], '_validation_invalid_choice');
export type SettingsSaveBody = z.infer<typeof settingsSaveBody>;

/** Names of stored settings per scope (what save may change). */
export const SETTINGS_SCOPES = {
  organisation: ['name_', 'reply_to_email', 'bank_account', 'business_id', 'vat_obliged', 'porg_enabled', 'invoice_rf_reference'],
  eclaim: ['eclaim_enabled', 'eclaim_notify', 'eclaim_km_help', 'eclaim_per_diem_help'],
  security: ['mfa_enabled_for'],
  membercard: MEMBERCARD_SETTING_KEYS,
  retention: ['retention_removed_months', 'retention_inactive_years'],
} as const;

export const settingsReply = z
  .object({
    ...memberSettingsFields,
    reply_to_email: z.string(),
    bank_account: z.string(),
    /** BIC of a Finnish bank account, derived. */
    bic_: z.string().nullable(),
    business_id: z.string(),
    /** FI + business id digits, derived. */
    vat_id_: z.string().nullable(),
    vat_obliged: z.boolean(),
    invoice_rf_reference: z.boolean(),
    vat_id_missing_: z.boolean(),
    email_missing_: z.boolean(),
    eclaim_notify: z.boolean(),
    mfa_enabled_for: z.enum(MFA_POLICIES),
    /** The association's balance in cents (the ledger's sum); site admins only. */
    balance_: z.number().int(),
    /** The deployment's message prices in cents (and the online-payment minimum). */
    prices_: messagePricesSchema,
    /** What the tier allows (src/shared/tiers.ts), shown on the settings page; site admins only. */
    tier_limits_: tierLimitsSchema,
    /** SMS limits: parts a message may take, characters of one part. */
    sms_: z.object({ max_number_of_messages: z.number().int(), max_chars_per_message: z.number().int() }),
    // Member card design (scope 'membercard'; designOf's defaults when unset); site admins only.
    membercard_groups: z.array(z.number().int()),
    membercard_fields: z.array(z.string()),
    membercard_labels: z.boolean(),
    membercard_aspect: z.enum(MEMBERCARD_ASPECTS),
    membercard_extra_text: z.string(),
    membercard_logo: z.number().int().nullable(),
    membercard_bgimage: z.number().int().nullable(),
    membercard_season_end: z.string(),
    // Retention (scope 'retention'; 0 = never, the default); site admins only.
    retention_removed_months: z.number().int(),
    retention_inactive_years: z.number().int(),
  })
  .catchall(z.unknown());
export type SettingsReply = z.infer<typeof settingsReply>;

/** GET settings: everything for a site admin; for anyone else the member view and nothing more. */
export const settingsGetReply = z.union([settingsReply, memberSettingsReply.strict()]);

/** POST settings/save: the new settings; `sessions_ended_` when the 2FA switch ended every admin session. */
export const settingsSaveReply = settingsReply.extend({ sessions_ended_: z.literal(true).optional() });
