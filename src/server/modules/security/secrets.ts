import crypto from 'node:crypto';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { secretBox } from '../../lib/secretBox';

// How 2FA secrets, challenges and reset codes are kept: sealed, hashed or keyed-hashed,
// never in the clear.

export const box = (deps: Deps) => secretBox(deps.config.sessionSecret, 'mfa-totp');

/** Associated data of a sealed TOTP secret: it opens only on its own association's and admin's row. */
export const owner = (tenant: Tenant, member: Member): string => `tenant:${String(tenant.id)}:member:${String(member.id)}`;

/** The secret, or null when it cannot be opened (another row's, or SESSION_SECRET changed): no code then matches. */
export function openSecret(deps: Deps, tenant: Tenant, member: Member, sealed: string): string | null {
  try {
    return box(deps).open(sealed, owner(tenant, member));
  } catch {
    return null;
  }
}

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** Reset codes are keyed hashes: the database alone cannot be used to test guesses offline. */
export const resetHash = (deps: Deps, code: string) => crypto.createHmac('sha256', deps.config.sessionSecret).update(`mfa-reset:${code}`).digest('hex');
