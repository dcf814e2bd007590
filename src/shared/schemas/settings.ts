import { z } from 'zod';
import { TIERS, TRUST_STATUSES } from '../constants';

// GET /api/1/settings. Organisation/e-claim fields are added by the settings issue;
// the shell needs the name, tier and trust status.
export const settingsReply = z
  .object({
    name_: z.string(),
    tier: z.enum(TIERS),
    trust_status: z.enum(TRUST_STATUSES),
    features: z.array(z.string()),
  })
  .catchall(z.unknown());
export type SettingsReply = z.infer<typeof settingsReply>;
