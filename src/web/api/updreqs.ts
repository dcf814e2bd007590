import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberBody } from '../../shared/schemas/members';
import { editMeReply } from '../../shared/schemas/updreqs';
import { api } from './client';

// Member self-edit by session (/edit_me_s): the signed-in member's own values and the
// fields they may see, each with its visibility (1 read-only, 2 editable, 3 required);
// with `editFor`, those of a dependant (a child whose guardian email is the member's).

export type { EditMeReply } from '../../shared/schemas/updreqs';

const editMeKey = (editFor?: number) => ['updreqs', 'edit_me_s', editFor === undefined ? {} : { edit_for: editFor }] as const;
const editForBody = (editFor?: number) => (editFor === undefined ? {} : { edit_for: editFor });

export function useEditMe(editFor?: number) {
  return useQuery({
    queryKey: editMeKey(editFor),
    queryFn: () => api.post('updreqs/edit_me_s', editForBody(editFor), editMeReply),
    // The form copies the values once; refetching behind it would not change what is shown.
    refetchOnWindowFocus: false,
  });
}

export function useUpdateMe(editFor?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: MemberBody) => api.post('updreqs/update_me_s', { member, ...editForBody(editFor) }, editMeReply),
    onSuccess: (reply) => {
      queryClient.setQueryData(editMeKey(editFor), reply);
      // The name in the top bar comes from the session; admins' lists show the member too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['session'] }),
        queryClient.invalidateQueries({ queryKey: ['members'] }),
      ]);
    },
  });
}
