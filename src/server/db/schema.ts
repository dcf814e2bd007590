import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

// Table types. Booleans are 0/1 integers and timestamps ISO-8601 UTC text on both
// SQLite and PostgreSQL, so one data layer serves both without dialect branches.
export type Bool = 0 | 1;

export interface TenantsTable {
  id: Generated<number>;
  name: string;
  hostname: string | null;
  is_default: Bool;
  tier: string;
  trust_status: string;
  created_at: string;
}

export interface MembersTable {
  id: Generated<number>;
  tenant_id: number;
  firstname: string;
  lastname: string;
  email: string | null;
  /** E.164 */
  phone: string | null;
  address_street: string | null;
  address_zip: string | null;
  address_city: string | null;
  password_hash: string | null;
  active: Bool;
  site_admin: Bool;
  board: Bool;
  /** A membership application not yet approved (spec §4). */
  pending: Generated<Bool>;
  /** Soft delete (restorable); null for live members. */
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** sha256 of the cookie token; the token itself is never stored. */
  id: string;
  tenant_id: number;
  member_id: number;
  created_at: string;
  last_seen_at: string;
  ip: string;
  user_agent: string;
}

export interface UserDataTable {
  tenant_id: number;
  member_id: number;
  key: string;
  value: string;
}

export interface SettingsTable {
  tenant_id: number;
  key: string;
  value: string;
}

export interface ActivityLogTable {
  id: Generated<number>;
  tenant_id: number;
  at: string;
  event: string;
  context: string;
  data: string;
  author_id: number | null;
  batch_id: string | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  tenant_id: number;
  kind: string;
  key: string;
  at: string;
}

export interface Database {
  tenants: TenantsTable;
  members: MembersTable;
  sessions: SessionsTable;
  user_data: UserDataTable;
  settings: SettingsTable;
  activity_log: ActivityLogTable;
  login_failures: LoginFailuresTable;
}

export type Tenant = Selectable<TenantsTable>;
export type NewTenant = Insertable<TenantsTable>;
export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;
export type Session = Selectable<SessionsTable>;
