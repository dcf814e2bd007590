import { z } from 'zod';
import { TIERS, TRUST_STATUSES } from '../constants';

// What every signed-in page reads of the association's settings (the layout, role checks,
// notices), apart from the whole settings contract in settings.ts: the web app's first load
// builds only these schemas, not the member card design, message prices and the filters they
// import (about 100 ms of schema construction in a cold browser on a slow machine).
// settings.ts builds settingsReply from these fields, so the two cannot drift apart.

/**
 * What a member who is not a site admin gets from GET settings: the association's
 * name, plan and status, the features and what member-facing forms use; none of the
 * organisation's bank, tax, mail or security configuration.
 */
export const memberSettingsFields = {
  name_: z.string(),
  tier: z.enum(TIERS),
  trust_status: z.enum(TRUST_STATUSES),
  features: z.array(z.string()),
  porg_enabled: z.boolean(),
  eclaim_enabled: z.boolean(),
  eclaim_km_help: z.string(),
  eclaim_per_diem_help: z.string(),
  /** Fields/actions switched off for this association, with the reason shown in a popover. */
  disable_: z.record(z.string(), z.string()),
};

export const MEMBER_SETTINGS_KEYS = Object.keys(memberSettingsFields) as (keyof typeof memberSettingsFields)[];

export const memberSettingsReply = z.object(memberSettingsFields).catchall(z.unknown());
export type MemberSettingsReply = z.infer<typeof memberSettingsReply>;
