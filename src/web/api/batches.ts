import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { batchesReply } from '../../shared/schemas/batches';
import { api } from './client';

// "Viimeisimmät muutokset": the undoable batches, 20 a page. Undo
// invalidates ['batches'] (components/undo.tsx), so the list shows the new state.

export function useBatches(page: number) {
  return useQuery({
    queryKey: ['batches', { page }],
    queryFn: () => api.post('members/batches', { page }, batchesReply),
    placeholderData: keepPreviousData,
  });
}
