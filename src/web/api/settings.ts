import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { memberSettingsReply, type SettingsReply, settingsReply, type SettingsSaveBody, settingsSaveReply } from '../../shared/schemas/settings';
import { api } from './client';
import { queryKeys } from './keys';

/**
 * Tenant settings, fetched anew on every route change so a tier or trust
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

/** The part of the settings every member gets, for what every page shows. */
export function useMemberSettings() {
  const location = useLocation();
  return useQuery({
    queryKey: ['settings', 'member', { navigation: location.key }] as const,
    queryFn: () => api.get('settings', memberSettingsReply),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 60 * 1000,
  });
}

/**
 * Saves one scope of settings (`organisation` or `eclaim`). The reply is the whole
 * new settings: every cached copy takes it, and the session is refetched because
 * the association's name shown in the top bar may have changed.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsSaveBody) => api.post('settings/save', body, settingsSaveReply),
    onSuccess: (reply: SettingsReply) => {
      queryClient.setQueriesData<SettingsReply>({ queryKey: ['settings', 'get'] }, reply);
      return queryClient.invalidateQueries({ queryKey: queryKeys.session() });
    },
  });
}
