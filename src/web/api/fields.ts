import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Field } from '../../shared/fields/types';
import { fieldDetailsReply, fieldReply, type FieldSaveBody, fieldsReply } from '../../shared/schemas/fields';
import { okReply } from '../../shared/schemas/session';
import { api } from './client';
import { FIELDS_ALL } from './firstPaths';
import { queryKeys } from './keys';
import { useReorderMutation } from './reorder';

// Fields API: the list in form order, one field with its value
// count, save, delete (confirmed when members have values) and reorder.

export { fieldReply, type FieldDetails } from '../../shared/schemas/fields';

/** Every field in form order, empty headings included (the editor and the member form both need them). */
export const fieldsQuery = queryOptions({
  queryKey: queryKeys.fields(),
  queryFn: () => api.get(FIELDS_ALL, fieldsReply),
});

export function useFields() {
  return useQuery(fieldsQuery);
}

export function useField(id: number | null) {
  return useQuery({
    queryKey: queryKeys.field(id ?? 0),
    queryFn: () => api.get(`fields/${String(id)}`, fieldDetailsReply),
    enabled: id !== null,
  });
}

/** Creates (id null) or saves a field; the list and the member form see the change. */
export function useSaveField(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FieldSaveBody) => api.post(id === null ? 'fields/new' : `fields/${String(id)}`, body, fieldReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fields'] }),
  });
}

export function useDeleteField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmed }: { id: number; confirmed: boolean }) =>
      api.delete(`fields/${String(id)}${confirmed ? '?confirmed=1' : ''}`, okReply),
    onSuccess: (_reply, { id }) => {
      queryClient.removeQueries({ queryKey: queryKeys.field(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.fields() });
    },
  });
}

export function useReorderFields() {
  return useReorderMutation<Field>(queryKeys.fields(), 'fields/reorder', fieldsReply);
}
