import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './client';

/**
 * Saves a new order of a list (fields, groups) optimistically: the cached list takes
 * the new order at once, a failure puts the previous order back. Moves of one list
 * run one after another (mutation scope), so the last order the user made wins, and
 * the list is refetched once the last move has been saved (with `refreshKey`, whatever else
 * shows the same order).
 */
export function useReorderMutation<T extends { id: number }>(listKey: QueryKey, path: string, reply: z.ZodType<T[]>, refreshKey: QueryKey = listKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [path],
    scope: { id: path },
    // The reply is the list in its new order; the refetch below is what the page shows.
    mutationFn: (items: T[]) => api.post(path, { order: items.map((item) => item.id) }, reply),
    onMutate: async (items) => {
      // Set at once (onMutate starts synchronously inside mutate), so a quick next move
      // starts from this order; then stop an older refetch from overwriting it (a cancelled
      // fetch reverts to the last data set by hand, which is this).
      const previous = queryClient.getQueryData<T[]>(listKey);
      queryClient.setQueryData<T[]>(listKey, items);
      await queryClient.cancelQueries({ queryKey: listKey });
      return { previous };
    },
    onError: (_error, _items, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
    },
    onSettled: () => {
      // Only the last pending move refetches; earlier ones would briefly show an older order.
      if (queryClient.isMutating({ mutationKey: [path] }) === 1) {
        return queryClient.invalidateQueries({ queryKey: refreshKey });
      }
      return undefined;
    },
  });
}
