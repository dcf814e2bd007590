import type { QueryClient } from '@tanstack/react-query';
import { fieldsQuery } from '../../api/fields';
import { groupsQuery } from '../../api/groups';

// A member list's page of members is asked for only once its fields and groups have come
// (useListModel.ts: they decide the columns). On a first load these go out with the session
// and the settings (routes.tsx, App.tsx), a module of their own so that its chunk is small
// and comes before the page's.

/** Asks for what useListModel reads. */
export function prefetchListModel(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(fieldsQuery);
  void queryClient.prefetchQuery(groupsQuery);
}
