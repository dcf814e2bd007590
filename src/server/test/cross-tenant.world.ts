import { expect } from 'vitest';
import type { Client, Reply, TestApp } from './harness';
import type { CreatedTenant } from '../modules/tenants/service';
import type { Member } from '../db/schema';

// What every cross-tenant case gets (tenant A's admin aiming at tenant B's data) and the two
// expectations they share.

export interface World {
  t: TestApp;
  a: CreatedTenant;
  b: CreatedTenant;
  /** Logged in as A's site admin, on A's host. */
  asA: Client;
  /** B's members (besides its admin). */
  bMembers: Member[];
  aMemberCount: number;
  /** A custom field and a custom group of B's. */
  bFieldId: number;
  bGroupId: number;
}

export interface CrossTenantCase {
  method: string;
  /** The route pattern as registered. */
  url: string;
  run(w: World): Promise<void>;
}

/** Reply must not mention any of B's identifying strings. */
export function expectNoLeak(r: Reply, w: World): void {
  const text = JSON.stringify(r.body);
  for (const s of [w.b.tenant.name, w.b.admin.email!, ...w.bMembers.map((m) => m.email!)]) expect(text).not.toContain(s);
}

/** For id-based endpoints: another tenant's id is "not found", never "forbidden". */
export function expectNotFound(r: Reply): void {
  expect(r.status).toBe(404);
  expect(r.body).toEqual({ error: 'not_found' });
}
