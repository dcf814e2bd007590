import { useMutation, useQuery } from '@tanstack/react-query';
import { cleanAccountingReply, retentionDueReply, retentionReviewReply, type CleanAccountingBody } from '../../shared/schemas/retention';
import { api } from './client';

// Retention and accounting data (site admins).

export const retentionKeys = {
  due: () => ['settings', 'retention_due'] as const,
  review: () => ['settings', 'retention_review'] as const,
};

/** What is due: removed members to erase, inactive members to review, the last daily run. */
export function useRetentionDue() {
  return useQuery({ queryKey: retentionKeys.due(), queryFn: () => api.get('settings/retention_due', retentionDueReply) });
}

export function useRetentionReview() {
  return useQuery({ queryKey: retentionKeys.review(), queryFn: () => api.get('settings/retention_review', retentionReviewReply) });
}

/** The clean-up of whole accounting years; `dry_run` answers what would go. */
export function useCleanAccountingData() {
  return useMutation({ mutationFn: (body: CleanAccountingBody) => api.post('settings/clean_accounting_data', body, cleanAccountingReply) });
}
