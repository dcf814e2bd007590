import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { HttpError, ValidationError } from '../../lib/errors';
import { loadModel } from '../members/model';
import * as members from '../members/repo';
import { checkMapping, MEMBER_NUMBER, type MappingEntry } from './mapping';
import { CHANGES_SHOWN, describeChanges, differentPerson, FLAGGED_SHOWN, priorValues, } from './changes';
import { plan } from './plan';
import { resolvePatchConsents } from '../members/consent';
import { memberSinceAt } from '../members/memberSince';
import { iso } from '../../lib/clock';
import { commitImport, type Analysed } from './commit';
import { loadImport, sheetOf } from './upload';
import type { ImportResult, ImportRowChanges } from '../../../shared/schemas/importer';

// The wizard's last steps: the dry run (what the import would do, nothing written) and the
// import itself (commit.ts), from the same check of every row.

export type { ImportResult };

export interface ImportRequest {
  id: string;
  sheet?: string;
  mapping: MappingEntry[];
  keyField: string;
  dryRun: boolean;
  skipErrorRows: boolean;
  /** Row numbers the user confirmed although the name differs from the matched member's. */
  confirmRows?: number[];
}

export async function runImport(deps: Deps, tenant: Tenant, me: Member, req: ImportRequest): Promise<ImportResult> {
  const imp = await loadImport(deps, tenant, req.id);
  if (imp.imported_at) throw new HttpError(409, { errors: { general: ['import_already_done'] } });
  const [sheet, model] = await Promise.all([sheetOf(deps, tenant, req.id, req.sheet), loadModel(deps.db, tenant.id)]);
  const mappingCheck = checkMapping(sheet.header, req.mapping, model);
  if (Object.keys(mappingCheck.errors).length > 0) throw new ValidationError(mappingCheck.errors, mappingCheck.params);
  // Without the key column in the file nothing can be matched: every row is a new member.
  const keyOk = req.keyField === 'email' || req.keyField === MEMBER_NUMBER || ['text', 'email', 'integer'].includes(model.byName.get(req.keyField)?.type ?? '');
  if (!keyOk) throw ValidationError.field('key_field', '_validation_invalid_choice');

  const today = memberSinceAt(iso(deps.clock.now()));
  const { planned, errors, failedRows } = await plan(deps.db, tenant.id, model, sheet, req.mapping, req.keyField, today);
  const matched = planned.flatMap((p) => (p.existing ? [p.existing.id] : []));
  const [valueRows, groupRows] = await Promise.all([members.valuesOf(deps.db, tenant.id, matched), members.groupsOf(deps.db, tenant.id, matched)]);
  const valuesBy = new Map<number, typeof valueRows>();
  for (const v of valueRows) valuesBy.set(v.member_id, [...(valuesBy.get(v.member_id) ?? []), v]);
  const groupsBy = new Map<number, Set<number>>();
  for (const g of groupRows) groupsBy.set(g.member_id, (groupsBy.get(g.member_id) ?? new Set()).add(g.group_id));
  const confirmed = new Set(req.confirmRows ?? []);
  const analysed = planned.map((p): Analysed => {
    // A "yes" for a member who had consented keeps their date: no change to show or record.
    if (p.existing) resolvePatchConsents(model, p.patch, new Map((valuesBy.get(p.existing.id) ?? []).map((v) => [v.field_id, { text: v.value_text, num: v.value_num }])), today);
    const prior = p.existing ? priorValues(p.existing, p.patch, valuesBy.get(p.existing.id) ?? [], groupsBy.get(p.existing.id) ?? new Set()) : null;
    const flagged = !!p.existing && !!prior && prior.length > 0 && differentPerson(p.existing, p.patch);
    // The server, not only the wizard, leaves an unconfirmed "different person" alone.
    return { p, prior, flagged, skip: flagged && !confirmed.has(p.row) };
  });
  const changes = analysed.filter((c) => !c.skip);
  const counts = {
    created: changes.filter((c) => !c.p.existing).length,
    updated: changes.filter((c) => c.prior && c.prior.length > 0).length,
    unchanged: changes.filter((c) => c.prior && c.prior.length === 0).length,
    skipped: failedRows,
    skipped_different_person: analysed.length - changes.length,
  };
  if (req.dryRun) {
    const updates = analysed.filter((c) => c.p.existing && c.prior && c.prior.length > 0);
    let plain = 0;
    let flagged = 0;
    const listed = updates.filter((c) => (c.flagged ? ++flagged <= FLAGGED_SHOWN : ++plain <= CHANGES_SHOWN));
    const rows = listed.map(
      (c): ImportRowChanges => ({
        row: c.p.row,
        member_id: c.p.existing!.id,
        name: `${c.p.existing!.firstname} ${c.p.existing!.lastname}`.trim(),
        name_in_file: `${c.p.patch.columns.firstname ?? c.p.existing!.firstname} ${c.p.patch.columns.lastname ?? c.p.existing!.lastname}`.trim(),
        different_person: c.flagged,
        confirmed: c.flagged && confirmed.has(c.p.row),
        fields: describeChanges(model, c.p.patch, c.prior!),
      }),
    );
    return { ...counts, errors, changes: rows, changes_total: updates.length };
  }
  if (errors.length > 0 && !req.skipErrorRows) throw ValidationError.general('import_has_errors');
  await commitImport(deps, tenant, me, { imp, sheet, req, model, changes, counts });
  return { ...counts, errors, import_id: imp.id };
}
