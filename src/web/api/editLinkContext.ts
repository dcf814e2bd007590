import { createContext, useContext } from 'react';
import { EDIT_LINK_HEADER } from '../../shared/constants';
import { api, apiWith } from './client';

// The member's personal link on pages opened by it (/edit_me_h/:hash/expenseclaim…): the
// token the typed client sends in x-edit-link (never in a URL, which would land in logs),
// and where the pages' own links go. Outside those pages the value is null: session calls.

export interface ClaimPaths {
  list: string;
  new: string;
  claim: (id: number) => string;
}

export interface EditLinkValue {
  token: string;
  paths: ClaimPaths;
}

export const EditLinkContext = createContext<EditLinkValue | null>(null);

export const useEditLink = (): EditLinkValue | null => useContext(EditLinkContext);

/** The client for the member's self-service calls: with the link's header when on a link page. */
export function useSelfApi() {
  const link = useEditLink();
  return link ? apiWith({ [EDIT_LINK_HEADER]: link.token }) : api;
}
