import type { Db } from '../../db/kysely';
import type { GroupRow } from '../../db/schema';
import type { Field } from '../../../shared/fields/types';
import { FIXED_FIELDS } from '../../../shared/fields/types';
import * as fieldsRepo from '../fields/repo';
import * as groupsRepo from '../groups/repo';
import * as settingsRepo from '../settings/repo';
import { presentFields } from '../fields/present';

// The tenant's member "schema": its fields in form order and its groups. Presenting,
// validating, filtering and sorting members all read it.

export interface MemberModel {
  /** All fields in form order (headings included; porg fields only when enabled). */
  fields: Field[];
  byName: Map<string, Field>;
  /** Custom fields that hold values (not fixed, not headings). */
  custom: Field[];
  groups: GroupRow[];
  groupByName: Map<string, GroupRow>;
  porg: boolean;
}

export const isFixed = (name: string): boolean => FIXED_FIELDS.some((f) => f.name === name);

export async function loadModel(db: Db, tenantId: number): Promise<MemberModel> {
  const [rows, groups, settings] = await Promise.all([
    fieldsRepo.listAll(db, tenantId),
    groupsRepo.listAll(db, tenantId),
    settingsRepo.getAll(db, tenantId),
  ]);
  const porg = settings.porg_enabled === true;
  const fields = presentFields(rows).filter((f) => porg || !FIXED_FIELDS.some((x) => x.porg && x.name === f.name));
  return {
    fields,
    byName: new Map(fields.map((f) => [f.name, f])),
    custom: fields.filter((f) => !f.fixed && f.type !== 'heading'),
    groups,
    groupByName: new Map(groups.map((g) => [g.name, g])),
    porg,
  };
}
