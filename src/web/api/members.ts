import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MemberBody, memberReply, memberStatsReply } from '../../shared/schemas/members';
import { api } from './client';
import { queryKeys } from './keys';

export function useMemberStats() {
  return useQuery({
    queryKey: queryKeys.memberStats(),
    queryFn: () => api.post('members/get_stats', {}, memberStatsReply),
    select: (reply) => reply.stats,
  });
}

export { memberReply, type MemberReply } from '../../shared/schemas/members';

export function useMember(id: number | null) {
  return useQuery({
    queryKey: queryKeys.member(id ?? 0),
    queryFn: () => api.get(`members/${String(id)}`, memberReply),
    enabled: id !== null,
    // The form copies the member once; refetching behind it would not change what is shown.
    refetchOnWindowFocus: false,
  });
}

/** Creates (id null) or saves a member; lists and counts are refreshed. */
export function useSaveMember(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberBody) => api.post(id === null ? 'members/new' : `members/${String(id)}`, body, memberReply),
    onSuccess: (member) => {
      queryClient.setQueryData(queryKeys.member(member.id), member);
      return queryClient.invalidateQueries({
        queryKey: ['members'],
        predicate: (query) => query.queryKey[1] !== 'get',
      });
    },
  });
}
