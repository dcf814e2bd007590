import type { Filter } from '../../../shared/filter/types';
import { PATHS } from '../../paths';
import { listSearch } from './listState';

// Links to the member lists with a filter; the list state lives in the query string.

export const membersListPath = (filter: Filter): string => `${PATHS.members}${listSearch(filter)}`;
export const removedListPath = (filter: Filter): string => `${PATHS.membersRemoved}${listSearch(filter)}`;
