import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Field } from '../../../shared/fields/types';
import type { Group } from '../../../shared/schemas/groups';
import { useFields } from '../../api/fields';
import { useGroups } from '../../api/groups';
import { availableColumns, type ColumnDef } from './memberColumns';
import { type FilterField, filterFields } from './filterModel';
import { upToDatenessColumns, upToDatenessFilterFields } from './upToDatenessModel';
import { upToDatenessTexts } from './upToDatenessTexts';

/** The up-to-dateness entries right after the phone (the contact data they are about), else after the fixed fields. */
function withUpToDateness<T extends { name: string; section: string }>(list: T[], extra: T[]): T[] {
  const phone = list.findIndex((x) => x.name === 'phone');
  const at = phone >= 0 ? phone + 1 : list.filter((x) => x.section === 'fixed').length;
  return [...list.slice(0, at), ...extra, ...list.slice(at)];
}

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
    const upToDateness = upToDatenessTexts(t);
    return {
      fields: fields.data,
      groups: groups.data,
      filterFields: withUpToDateness(filterFields(fields.data, groups.data, flagLabel), upToDatenessFilterFields(upToDateness)),
      columns: withUpToDateness(availableColumns(fields.data, groups.data, flagLabel), upToDatenessColumns(upToDateness)),
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
