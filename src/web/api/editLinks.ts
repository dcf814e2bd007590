import { useMutation, useQuery } from '@tanstack/react-query';
import type { MemberBody } from '../../shared/schemas/members';
import { confirmHReply, editMeReply, sendEditLinksReply } from '../../shared/schemas/updreqs';
import { isApiError } from './errors';
import { api } from './client';

// The member's own form by personal link (/edit_me_h/{hash}) and ordering a fresh link
// (/updreqs/get_edit_links): no session on any of them, the link is the key.

/** The one answer for a link that no longer opens anything (expired, superseded, unknown). */
export const isLinkInvalid = (error: unknown): boolean => isApiError(error) && (error.errors.general ?? []).includes('edit_link_invalid');

export function useEditMeH(hash: string) {
  return useQuery({
    queryKey: ['updreqs', 'edit_me_h', hash],
    queryFn: () => api.post('updreqs/edit_me_h', { hash }, editMeReply),
    meta: { allowAnonymous: true },
    // A refused link stays refused; each opening counts against the IP's limit.
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useUpdateMeH(hash: string) {
  return useMutation({
    mutationFn: (member: MemberBody) => api.post('updreqs/update_me_h', { hash, member }, editMeReply),
    meta: { allowAnonymous: true },
  });
}

export function useConfirmH(hash: string) {
  return useMutation({
    mutationFn: () => api.post('updreqs/confirm_h', { hash }, confirmHReply),
    meta: { allowAnonymous: true },
  });
}

export function useSendEditLinks() {
  return useMutation({
    mutationFn: (body: { email: string }) => api.post('updreqs/send_edit_links', body, sendEditLinksReply),
    meta: { allowAnonymous: true },
  });
}
