import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type Field, FIELD_TYPES, VISIBILITIES } from '../../shared/fields/types';
import type { FieldSaveBody } from '../../shared/schemas/fields';
import { okReply } from '../../shared/schemas/session';
import { api } from './client';
import { queryKeys } from './keys';
import { useReorderMutation } from './reorder';

// Fields API (spec §7 "Fields"): the list in form order, one field with its value
// count, save, delete (confirmed when members have values) and reorder.

const visibility = z.union(VISIBILITIES.map((v) => z.literal(v)));

export const fieldReply: z.ZodType<Field> = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  visibility,
  visibility_options: z.array(visibility).optional(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  params: z.object({ min: z.number().optional(), max: z.number().optional(), decimals: z.number().optional() }),
  group: z.string().nullable(),
  help_text: z.string(),
  maxlength: z.number().int(),
  fixed: z.boolean(),
  position: z.number(),
  on_apply_form: z.boolean().optional(),
});

export type FieldDetails = Field & { value_count_: number };
const fieldDetailsReply: z.ZodType<FieldDetails> = z.intersection(fieldReply, z.object({ value_count_: z.number().int() }));

/** Every field in form order, empty headings included (the editor and the member form both need them). */
export function useFields() {
  return useQuery({
    queryKey: queryKeys.fields(),
    queryFn: () => api.get('fields/all?all_headings=1', z.array(fieldReply)),
  });
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
  return useReorderMutation<Field>(queryKeys.fields(), 'fields/reorder');
}
