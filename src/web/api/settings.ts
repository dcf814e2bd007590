import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { settingsReply } from '../../shared/schemas/settings';
import { api } from './client';
import { queryKeys } from './keys';

/**
 * Tenant settings, fetched anew on every route change (spec §7) so a tier or trust
 * change made elsewhere shows up on the next click. The location key in the query
 * key makes each navigation its own fetch; the previous reply stays on screen meanwhile.
 */
export function useSettings() {
  const location = useLocation();
  return useQuery({
    queryKey: queryKeys.settings(location.key),
    queryFn: () => api.get('settings', settingsReply),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 60 * 1000,
  });
}
