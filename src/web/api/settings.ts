import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { MfaPolicy } from '../../shared/constants';
import { type SettingsReply, settingsReply, type SettingsSaveBody, settingsSaveReply } from '../../shared/schemas/settings';
import { api } from './client';
import { queryKeys } from './keys';

// useMemberSettings, which every signed-in page reads, is in memberSettings.ts: this module's
// schemas are the whole settings contract, loaded only by the pages that show or save it.

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

/**
 * settings/save with scope 'security'. The server ends every admin session, the
 * caller's included, so nothing cached is refreshed here: the page goes to /@login.
 * Its reply (the new settings) is not used: the session it would describe is gone.
 */
export function useSaveMfaPolicy() {
  return useMutation({
    mutationFn: (mfa_enabled_for: MfaPolicy) => api.post('settings/save', { scope_: 'security', mfa_enabled_for }, settingsSaveReply),
  });
}
