import type { StoredValue } from '../../../shared/fields/types';
import { resolveConsent } from '../../../shared/fields/consent';
import type { MemberPatch } from './input';
import type { MemberModel } from './model';

// Dating consents given as "yes" (shared/fields/consent.ts): every writer of member values
// calls this before comparing or storing, so history, the import's dry run and the batch
// records all see the date that is stored.

/** Replaces each consent given "now" in the patch by its date: the earlier one, or `today`. */
export function resolvePatchConsents(model: MemberModel, patch: MemberPatch, before: ReadonlyMap<number, StoredValue>, today: string): void {
  for (const f of model.custom) {
    if (f.type !== 'consent') continue;
    const v = patch.values.get(f.id);
    if (v) patch.values.set(f.id, resolveConsent(v, before.get(f.id), today));
  }
}
