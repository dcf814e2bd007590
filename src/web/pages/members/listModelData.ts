import type { QueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { fieldsQuery } from '../../api/fields';
import { groupsQuery } from '../../api/groups';
import { prefetchResults } from '../../api/membersList';
import { sessionQuery } from '../../api/session';
import { filterOf, pageOf, pageParams, storedPrefs } from './listState';
import { buildListModel } from './useListModel';

// A member list's page of members is asked for only once its fields and groups have come
// (useListModel.ts: they decide the columns). On a first load these go out with the session
// and the settings (routes.tsx, App.tsx); this module, loaded before the page's chunks, reads
// them and asks for the page of members.

/**
 * What a first load of a member list shows first: its fields and groups, and once they and the
 * session have come, the page of members the list will ask for (the same parameters, listState.ts
 * `pageParams`), while the page's own chunks are still on their way. It had been asked for only
 * once the page had rendered. `deleted`: the bin's list. The "everyone" list loads in parts of its
 * own and is not asked for here.
 */
export function prefetchFirstResults(deleted: boolean) {
  return async (queryClient: QueryClient): Promise<void> => {
    // Each takes the reply already on its way (client.ts getEarly, App.tsx) or asks for it.
    const [session, fields, groups] = await Promise.all([
      queryClient.ensureQueryData(sessionQuery),
      queryClient.ensureQueryData(fieldsQuery),
      queryClient.ensureQueryData(groupsQuery),
    ]);
    const prefs = storedPrefs(session.persistent_data, buildListModel(fields, groups, i18n.t).columns);
    if (prefs.everyone) return;
    const { search } = window.location;
    await prefetchResults(queryClient, pageParams(filterOf(search), pageOf(search), deleted, prefs));
  };
}
