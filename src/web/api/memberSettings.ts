import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { memberSettingsReply } from '../../shared/schemas/memberSettings';
import { api } from './client';

/**
 * The part of the settings every member gets, fetched anew for each navigation (`navigation`
 * is the router location's key) so that a tier or trust change made elsewhere shows on the
 * next click. Also asked for before the first render (App.tsx).
 */
export const memberSettingsQuery = (navigation: string) =>
  queryOptions({
    queryKey: ['settings', 'member', { navigation }] as const,
    queryFn: () => api.get('settings', memberSettingsReply),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 60 * 1000,
  });

/** The part of the settings every member gets, for what every page shows. */
export function useMemberSettings() {
  return useQuery(memberSettingsQuery(useLocation().key));
}
