// Members imported from a federation's register (members.federation_ref set): the federation
// keeps these fields, so the member's own form shows them read-only and refuses changes
// ('members_field_owned_by_federation'); an admin can still correct them.

export const FEDERATION_OWNED_FIELDS = ['firstname', 'lastname'] as const;
export type FederationOwnedField = (typeof FEDERATION_OWNED_FIELDS)[number];

/** The owned fields of this member that the form shows (none unless imported from a federation). */
export function lockedFields(member: { federation_ref: string | null }, shownFieldNames: readonly string[]): string[] {
  if (!member.federation_ref) return [];
  return FEDERATION_OWNED_FIELDS.filter((f) => shownFieldNames.includes(f));
}
