import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SavedFilterCreateBody, savedFilterReply, savedFiltersReply } from '../../shared/schemas/savedFilters';
import { okReply } from '../../shared/schemas/session';
import { api } from './client';

// Saved filters: shared within the association; admins change them.

const KEY = ['saved_filters', 'all'] as const;

export function useSavedFilters() {
  return useQuery({ queryKey: KEY, queryFn: () => api.get('saved_filters/all', savedFiltersReply) });
}

export function useCreateSavedFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedFilterCreateBody) => api.post('saved_filters/new', body, savedFilterReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRenameSavedFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => api.post(`saved_filters/${String(id)}`, { name }, savedFilterReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteSavedFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`saved_filters/${String(id)}`, okReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
