import { useQuery } from '@tanstack/react-query';
import { memberStatsReply } from '../../shared/schemas/members';
import { api } from './client';
import { queryKeys } from './keys';

export function useMemberStats() {
  return useQuery({
    queryKey: queryKeys.memberStats(),
    queryFn: () => api.post('members/get_stats', {}, memberStatsReply),
    select: (reply) => reply.stats,
  });
}
