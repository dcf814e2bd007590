import { filterToParam } from '../../../shared/filter/normalize';
import type { Filter } from '../../../shared/filter/types';
import { PATHS } from '../../routes';
import { listSearch } from './listState';

// Links of the member lists; filters travel as JSON in the path (spec §2).

export const memberHistoryPath = (id: number): string => PATHS.memberHistory.replace(':id', String(id));
export const membersListPath = (filter: Filter): string => `${PATHS.members}${listSearch(filter)}`;
export const removedListPath = (filter: Filter): string => `${PATHS.membersRemoved}${listSearch(filter)}`;
export const bulkEditPath = (filter: Filter): string => PATHS.membersBulkEdit.replace(':filter', filterToParam(filter));
export const exportPath = (filter: Filter): string => PATHS.memberExport.replace(':filter', filterToParam(filter));
export const memberSearchPath = (term: string): string =>
  PATHS.search.replace(':type', 'members').replace(':term', encodeURIComponent(term));
