import { z } from 'zod';

// POST /api/1/members/get_stats (minimal for the dashboard; the members issue extends it with filters).
export const memberStatsReply = z.object({
  stats: z.object({
    result_count: z.number().int(),
    active_count: z.number().int(),
    inactive_count: z.number().int(),
    result_application_count: z.number().int(),
  }),
});
export type MemberStatsReply = z.infer<typeof memberStatsReply>;
