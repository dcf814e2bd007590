import type { Db } from '../../db/kysely';
import type { Member } from '../../db/schema';
import type { MemberModel } from '../members/model';
import { MEMBER_NUMBER } from './mapping';
import * as repo from './repo';
import { keysPerLookup } from '../members/repo';

// Finding the members an import's rows are about, and the emails and phones that other
// members already hold.

/** Existing members (live, not applications) by the lower-cased key: email, member number or a custom field (keysPerLookup a statement). */
export async function membersByKey(db: Db, tenantId: number, model: MemberModel, keyField: string, keys: string[]): Promise<Map<string, Member>> {
  const out = new Map<string, Member>();
  const field = model.byName.get(keyField);
  const size = keysPerLookup(db);
  for (let i = 0; i < keys.length; i += size) {
    const chunk = keys.slice(i, i + size);
    if (keyField === 'email') {
      for (const r of await repo.liveByEmails(db, tenantId, chunk)) out.set(String(r.email).toLowerCase(), r);
    } else if (keyField === MEMBER_NUMBER) {
      const ids = chunk.filter((k) => /^\d{1,9}$/.test(k)).map(Number);
      if (ids.length > 0) for (const r of await repo.liveByIds(db, tenantId, ids)) out.set(String(r.id), r);
    } else if (field?.type === 'integer') {
      // Integers live in value_num; "0012" in a file is member 12's key too.
      const nums = chunk.filter((k) => /^-?\d{1,10}$/.test(k)).map(Number);
      if (nums.length === 0) continue;
      const rows = await repo.liveByNumberValue(db, tenantId, field.id, nums);
      const byNum = new Map(rows.map((r) => [Number(r.key_value), r]));
      for (const k of chunk) {
        const m = byNum.get(Number(k));
        if (m) out.set(k, m);
      }
    } else if (field) {
      // Keys are compared without case (the file's keys are lower-cased by the caller).
      for (const r of await repo.liveByTextValue(db, tenantId, field.id, chunk)) out.set(String(r.key_value).toLowerCase(), r);
    }
  }
  return out;
}

