import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import { loadModel } from '../members/model';
import { suggestMapping } from './mapping';
import { cellAt } from './sheet';
import { sheetOf } from './upload';

// The wizard's mapping step: the sheet's columns, its first rows and a suggested mapping.

export async function sheetMetadata(deps: Deps, tenant: Tenant, id: string, sheetName?: string) {
  const [sheet, model] = await Promise.all([sheetOf(deps, tenant, id, sheetName), loadModel(deps.db, tenant.id)]);
  return {
    src_cols: sheet.header,
    data_rows: sheet.rows.slice(0, 10).map((r) => sheet.header.map((_, i) => cellAt(r, i).text)),
    row_count: sheet.rows.length,
    suggested_mapping: suggestMapping(sheet.header, model),
  };
}
