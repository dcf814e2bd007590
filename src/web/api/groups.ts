import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Group, groupReply, type GroupSaveBody, groupsReply } from '../../shared/schemas/groups';
import { okReply } from '../../shared/schemas/session';
import { api } from './client';
import { GROUPS_ALL } from './firstPaths';
import { queryKeys } from './keys';
import { useReorderMutation } from './reorder';

// Groups API: list with member counts, save, delete (confirmed
// when the group has members), reorder and the group-mail access request.

export { groupReply };

/** Both lists of groups, with and without counts. */
const GROUP_LISTS = ['groups', 'all'] as const;

/**
 * All groups in their order, the built-in 'everyone' included, without member counts: counting
 * every group's members had cost ~0.35 s a call at 100 000 members, for the member lists and
 * the member form, which show no counts.
 */
export const groupsQuery = queryOptions({
  queryKey: queryKeys.groups(),
  queryFn: () => api.get(GROUPS_ALL, groupsReply),
});

export function useGroups() {
  return useQuery(groupsQuery);
}

/** As groupsQuery, with each group's member count (the groups page). */
export function useGroupsWithCounts() {
  return useQuery({ queryKey: queryKeys.groupsCounted(), queryFn: () => api.get('groups/all?get_details=1&get_everyone_group=1', groupsReply) });
}

export function useGroup(id: number | null) {
  return useQuery({
    queryKey: queryKeys.group(id ?? 0),
    queryFn: () => api.get(`groups/${String(id)}`, groupReply),
    enabled: id !== null,
  });
}

export function useSaveGroup(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupSaveBody) => api.post(id === null ? 'groups/new' : `groups/${String(id)}`, body, groupReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmed }: { id: number; confirmed: boolean }) =>
      api.delete(`groups/${String(id)}${confirmed ? '?confirmed=1' : ''}`, okReply),
    onSuccess: (_reply, { id }) => {
      queryClient.removeQueries({ queryKey: queryKeys.group(id) });
      return queryClient.invalidateQueries({ queryKey: GROUP_LISTS });
    },
  });
}

/** The groups page's list (with counts) takes the new order at once; both lists are asked for again. */
export function useReorderGroups() {
  return useReorderMutation<Group>(queryKeys.groupsCounted(), 'groups/reorder', groupsReply, GROUP_LISTS);
}

/** Any member may ask the site admins for the right to send group mail from an address. */
export function useRequestGroupMailAccess() {
  return useMutation({
    mutationFn: (body: { email: string }) => api.post('groups/request_group_mail_access', body, okReply),
  });
}
