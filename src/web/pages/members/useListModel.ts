import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Field } from '../../../shared/fields/types';
import type { Group } from '../../../shared/schemas/groups';
import { useFields } from '../../api/fields';
import { useGroups } from '../../api/groups';
import { availableColumns, type ColumnDef } from './memberColumns';
import { type FilterField, filterFields } from './filterModel';

export interface ListModel {
  fields: Field[];
  groups: Group[];
  /** What a filter condition can be on. */
  filterFields: FilterField[];
  /** What the list can show besides the name. */
  columns: ColumnDef[];
}

/** Fields and groups shape the member lists: their columns and filter conditions. */
export function useListModel() {
  const { t } = useTranslation();
  const fields = useFields();
  const groups = useGroups();
  const model = useMemo((): ListModel | null => {
    if (!fields.data || !groups.data) return null;
    const flagLabel = (flag: 'active' | 'site_admin' | 'id' | 'member_since') =>
      flag === 'active' ? t('member_list.flag_active') : flag === 'site_admin' ? t('member_list.flag_site_admin') : flag === 'id' ? t('member_list.col_member_number') : t('member_list.col_member_since');
    return {
      fields: fields.data,
      groups: groups.data,
      filterFields: filterFields(fields.data, groups.data, flagLabel),
      columns: availableColumns(fields.data, groups.data, flagLabel),
    };
  }, [fields.data, groups.data, t]);
  const failed = fields.isError ? fields : groups.isError ? groups : null;
  return {
    model,
    error: failed?.error ?? null,
    retry: () => {
      void fields.refetch();
      void groups.refetch();
    },
  };
}
