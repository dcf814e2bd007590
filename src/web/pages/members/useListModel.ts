import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Field } from '../../../shared/fields/types';
import type { Group } from '../../../shared/schemas/groups';
import { fieldsQuery } from '../../api/fields';
import { groupsQuery } from '../../api/groups';
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

/**
 * How long fields and groups asked for just before (listModelData.ts, on a first load) or by
 * the list before count as fresh here: the default, none, had asked for both again as the
 * list mounted. Their edits in this browser refresh them anyway; the list needs neither the
 * groups' member counts nor them up to the second.
 */
const MODEL_FRESH_MS = 10_000;

/** What a member list can show and filter on, from the association's fields and groups. */
export function buildListModel(fields: Field[], groups: Group[], t: TFunction): ListModel {
  const flagLabel = (flag: 'active' | 'site_admin' | 'id' | 'member_since') =>
    flag === 'active' ? t('member_list.flag_active') : flag === 'site_admin' ? t('member_list.flag_site_admin') : flag === 'id' ? t('member_list.col_member_number') : t('member_list.col_member_since');
  const upToDateness = upToDatenessTexts(t);
  return {
    fields,
    groups,
    filterFields: withUpToDateness(filterFields(fields, groups, flagLabel), upToDatenessFilterFields(upToDateness)),
    columns: withUpToDateness(availableColumns(fields, groups, flagLabel), upToDatenessColumns(upToDateness)),
  };
}

/** Fields and groups shape the member lists: their columns and filter conditions. */
export function useListModel() {
  const { t } = useTranslation();
  const fields = useQuery({ ...fieldsQuery, staleTime: MODEL_FRESH_MS });
  const groups = useQuery({ ...groupsQuery, staleTime: MODEL_FRESH_MS });
  const model = useMemo((): ListModel | null => (fields.data && groups.data ? buildListModel(fields.data, groups.data, t) : null), [fields.data, groups.data, t]);
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
