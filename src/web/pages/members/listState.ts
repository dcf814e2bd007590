import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MEMBER_PAGE_SIZE_EVERYONE } from '../../../shared/constants';
import { filterFromParam, filterToParam } from '../../../shared/filter/normalize';
import type { Filter } from '../../../shared/filter/types';
import type { ResultsParams } from '../../api/membersList';
import { useSetPersistentData } from '../../api/session';
import { useCurrentSession } from '../../auth/SessionContext';
import { rawQueryParam } from './filterModel';
import {
  chosenColumns,
  type ColumnDef,
  PD_MEMBERS_COLUMNS,
  PD_MEMBERS_PAGE_SIZE,
  PD_MEMBERS_SORT,
  type Sort,
  storedPageSize,
  storedSort,
} from './memberColumns';

// Where a member list keeps its state: the filter and page in the URL (so a reload,
// a link and the back button keep them), the columns, page size and sort in the
// user's session persistent data (lists remember them).

/** `?filter=<JSON>&page=<n>` for a list path; the page is left out when it is the first. */
export function listSearch(filter: Filter, page = 1): string {
  const parts: string[] = [];
  if (filter.length > 0) parts.push(`filter=${filterToParam(filter)}`);
  if (page > 1) parts.push(`page=${String(page)}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** The list's filter in a query string. */
export const filterOf = (search: string): Filter => filterFromParam(rawQueryParam(search, 'filter'));

/** The list's page in a query string: the first when there is none or it is not a number. */
export function pageOf(search: string): number {
  const text = rawQueryParam(search, 'page');
  return text && /^\d{1,6}$/.test(text) ? Math.max(1, Number(text)) : 1;
}

export function useListUrl() {
  const location = useLocation();
  const navigate = useNavigate();
  const rawFilter = rawQueryParam(location.search, 'filter');
  const filter = useMemo(() => filterFromParam(rawFilter), [rawFilter]);
  const page = pageOf(location.search);
  const pathname = location.pathname;

  /** A new filter starts from the first page; the URL is replaced, not pushed, while typing, and the page stays where it is. */
  const setFilter = useCallback(
    (next: Filter) => void navigate({ pathname, search: listSearch(next) }, { replace: true, preventScrollReset: true }),
    [navigate, pathname],
  );
  const setPage = useCallback((next: number) => void navigate({ pathname, search: listSearch(filter, next) }), [navigate, pathname, filter]);
  return { filter, page, setFilter, setPage };
}

/** What a list shows: its columns, page size and sort. */
export interface StoredPrefs {
  columns: string[];
  pageSize: number;
  sort: Sort;
  everyone: boolean;
}

/** The user's remembered choices (persistent data), or the defaults, among the columns there are. */
export function storedPrefs(data: Record<string, unknown>, available: readonly ColumnDef[]): StoredPrefs {
  const columns = chosenColumns(data[PD_MEMBERS_COLUMNS], available);
  const pageSize = storedPageSize(data[PD_MEMBERS_PAGE_SIZE]);
  return { columns, pageSize, sort: storedSort(data[PD_MEMBERS_SORT], columns), everyone: pageSize === MEMBER_PAGE_SIZE_EVERYONE };
}

/**
 * The page of members a list asks for (MemberListView). A first load of the member list asks
 * for the same ahead of the page's chunk (listModelData.ts), so both must come from here.
 */
export function pageParams(filter: Filter, page: number, deleted: boolean, prefs: StoredPrefs): Omit<ResultsParams, 'offset' | 'limit'> {
  return { filter, deleted, sort: prefs.sort, columns: prefs.columns, page: prefs.everyone ? 0 : page - 1, page_size: prefs.pageSize };
}

export interface ListPrefs extends StoredPrefs {
  setColumns: (columns: string[]) => void;
  setPageSize: (size: number) => void;
  setSort: (sort: Sort) => void;
}

export function useListPrefs(available: readonly ColumnDef[]): ListPrefs {
  const { persistent_data: stored } = useCurrentSession();
  const { mutate } = useSetPersistentData();
  // The choice shows at once; the session catches up when the save has been sent.
  const [chosen, setChosen] = useState<Record<string, unknown>>({});
  const prefs = useMemo(() => storedPrefs({ ...stored, ...chosen }, available), [stored, chosen, available]);
  const save = (key: string, val: unknown) => {
    setChosen((c) => ({ ...c, [key]: val }));
    mutate(
      { key, val },
      {
        onError: () =>
          setChosen((c) => {
            const { [key]: _failed, ...rest } = c;
            return rest;
          }),
      },
    );
  };
  return {
    ...prefs,
    setColumns: (next) => save(PD_MEMBERS_COLUMNS, next),
    setPageSize: (next) => save(PD_MEMBERS_PAGE_SIZE, next),
    setSort: (next) => save(PD_MEMBERS_SORT, next),
  };
}
