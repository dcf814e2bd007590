// TanStack Query keys, `[area, verb, params]`. Invalidate by
// prefix: `['members']` refreshes everything about members.
export const queryKeys = {
  session: () => ['session', 'get', {}] as const,
  settings: (navigation: string) => ['settings', 'get', { navigation }] as const,
  memberStats: () => ['members', 'get_stats', {}] as const,
  member: (id: number) => ['members', 'get', { id }] as const,
  fields: () => ['fields', 'all', { all_headings: true }] as const,
  field: (id: number) => ['fields', 'get', { id }] as const,
  /** Every group, without member counts (columns, filters, the member form). */
  groups: () => ['groups', 'all', { get_everyone_group: true }] as const,
  /** Every group with its member count (the groups page). */
  groupsCounted: () => ['groups', 'all', { get_details: true, get_everyone_group: true }] as const,
  group: (id: number) => ['groups', 'get', { id }] as const,
  siteAdmins: () => ['settings', 'get_site_admins', {}] as const,
};
