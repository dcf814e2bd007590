// TanStack Query keys, `[area, verb, params]` (architecture guide). Invalidate by
// prefix: `['members']` refreshes everything about members.
export const queryKeys = {
  session: () => ['session', 'get', {}] as const,
  settings: (navigation: string) => ['settings', 'get', { navigation }] as const,
  memberStats: () => ['members', 'get_stats', {}] as const,
};
