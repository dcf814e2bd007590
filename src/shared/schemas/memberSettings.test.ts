import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MEMBER_SETTINGS_KEYS, memberSettingsReply } from './memberSettings';
import { settingsReply } from './settings';

describe('memberSettingsReply', () => {
  it('is the member part of the whole settings reply, field for field', () => {
    const picked = settingsReply.pick(Object.fromEntries(MEMBER_SETTINGS_KEYS.map((k) => [k, true] as const)) as Record<(typeof MEMBER_SETTINGS_KEYS)[number], true>);
    expect(z.toJSONSchema(memberSettingsReply)).toEqual(z.toJSONSchema(picked));
  });

  it('names the fields a member who is not a site admin gets', () => {
    expect(MEMBER_SETTINGS_KEYS).toEqual(['name_', 'tier', 'trust_status', 'features', 'porg_enabled', 'eclaim_enabled', 'eclaim_km_help', 'eclaim_per_diem_help', 'disable_']);
  });
});
