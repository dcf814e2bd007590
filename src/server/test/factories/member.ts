import type { Member, NewMember } from '../../db/schema';
import type { Deps } from '../../deps';
import { hashPassword } from '../../lib/passwords';
import { insert } from '../../modules/members/repo';
import type { CreatedTenant } from '../../modules/tenants/service';

// A member row straight in the register, for tests that need someone to exist (to log in,
// to be found, to be counted) rather than to test adding one: adding goes through the API.

export interface MemberOverrides extends Partial<Omit<NewMember, 'tenant_id' | 'password_hash'>> {
  /** A login password, stored hashed (hashing is slow: only when the test logs in). */
  password?: string;
}

let seq = 0;

/** The row of a live, active ordinary member with a unique name and email unless told otherwise (for tests that add many in one statement). */
export function memberRow(over: Omit<MemberOverrides, 'password'> = {}): Omit<NewMember, 'tenant_id'> {
  seq += 1;
  const now = new Date().toISOString();
  return {
    firstname: 'Testi',
    lastname: `Jäsen${String(seq)}`,
    email: `jasen${String(seq)}@example.fi`,
    password_hash: null,
    active: 1,
    site_admin: 0,
    board: 0,
    deleted_at: null,
    created_at: now,
    updated_at: now,
    ...over,
  };
}

/** Such a member in the register. */
export async function makeMember(deps: Pick<Deps, 'db'>, tenant: CreatedTenant, over: MemberOverrides = {}): Promise<Member> {
  const { password, ...row } = over;
  return insert(deps.db, tenant.tenant.id, { ...memberRow(row), password_hash: password === undefined ? null : await hashPassword(password) });
}
