import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MEMBER_PAGE_SIZE_EVERYONE } from '../../../shared/constants';
import { filterFromParam, filterToParam } from '../../../shared/filter/normalize';
import type { Filter } from '../../../shared/filter/types';
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

export function useListUrl() {
  const location = useLocation();
  const navigate = useNavigate();
  const rawFilter = rawQueryParam(location.search, 'filter');
  const filter = useMemo(() => filterFromParam(rawFilter), [rawFilter]);
  const pageText = rawQueryParam(location.search, 'page');
  const page = pageText && /^\d{1,6}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
  const pathname = location.pathname;

  /** A new filter starts from the first page; the URL is replaced, not pushed, while typing, and the page stays where it is. */
  const setFilter = useCallback(
    (next: Filter) => void navigate({ pathname, search: listSearch(next) }, { replace: true, preventScrollReset: true }),
    [navigate, pathname],
  );
  const setPage = useCallback((next: number) => void navigate({ pathname, search: listSearch(filter, next) }), [navigate, pathname, filter]);
  return { filter, page, setFilter, setPage };
}

export interface ListPrefs {
  columns: string[];
  pageSize: number;
  sort: Sort;
  everyone: boolean;
  setColumns: (columns: string[]) => void;
  setPageSize: (size: number) => void;
  setSort: (sort: Sort) => void;
}

export function useListPrefs(available: readonly ColumnDef[]): ListPrefs {
  const { persistent_data: stored } = useCurrentSession();
  const { mutate } = useSetPersistentData();
  // The choice shows at once; the session catches up when the save has been sent.
  const [chosen, setChosen] = useState<Record<string, unknown>>({});
  const data = useMemo(() => ({ ...stored, ...chosen }), [stored, chosen]);
  const columns = useMemo(() => chosenColumns(data[PD_MEMBERS_COLUMNS], available), [data, available]);
  const pageSize = storedPageSize(data[PD_MEMBERS_PAGE_SIZE]);
  const sort = storedSort(data[PD_MEMBERS_SORT], columns);
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
    columns,
    pageSize,
    sort,
    everyone: pageSize === MEMBER_PAGE_SIZE_EVERYONE,
    setColumns: (next) => save(PD_MEMBERS_COLUMNS, next),
    setPageSize: (next) => save(PD_MEMBERS_PAGE_SIZE, next),
    setSort: (next) => save(PD_MEMBERS_SORT, next),
  };
}
