import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { act } from '../log/act';
import * as batches from '../batches/recorder';
import type { MemberModel } from '../members/model';
import { insertMembers, writeMember } from '../members/write';
import type { Prior } from './changes';
import { discardImportedFile } from './cleanup';
import type { MappingEntry } from './mapping';
import type { Planned } from './plan';
import type { Sheet } from './sheet';
import * as repo from './repo';
import type { ImportDone } from '../../../shared/schemas/importer';

// The import itself: every change in one transaction as an undoable batch, with its log line.

/** A checked row: its changed items before the change (null for a new member), and whether it is left out. */
export interface Analysed {
  p: Planned;
  prior: Prior[] | null;
  flagged: boolean;
  skip: boolean;
}

/** The counts the import records and logs: those of its reply. */
export type ImportCounts = Pick<ImportDone, 'created' | 'updated' | 'skipped' | 'skipped_different_person'>;

export interface Commit {
  imp: repo.ImportRow;
  sheet: Sheet;
  req: { mapping: MappingEntry[]; keyField: string };
  model: MemberModel;
  /** The rows to write (unconfirmed "different person" rows already left out). */
  changes: Analysed[];
  counts: ImportCounts;
}

export async function commitImport(deps: Deps, tenant: Tenant, me: Member, { imp, sheet, req, model, changes, counts }: Commit): Promise<void> {
  await act(deps, tenant, me, 'members_imported', async (trx, line, at) => {
    // Each member's values differ, so the import records the prior values it read itself.
    const batch = await batches.open(trx, tenant.id, { kind: 'import', summary: { import: imp.id, filename: imp.filename }, authorId: me.id, at });
    const batchId = batch.id;
    const ctx = { db: trx, tenant, model, authorId: me.id, at, context: 'PersonUpdate' as const, batchId };
    const updatedIds: number[] = [];
    const priorRows: batches.RecordedRow[] = [];
    for (const { p, prior } of changes) {
      if (!p.existing || !prior || prior.length === 0) continue;
      const memberId = p.existing.id;
      updatedIds.push(memberId);
      for (const x of prior) priorRows.push({ member_id: memberId, ...x });
      await writeMember(ctx, p.existing, p.patch);
    }
    // Explicit values read before the writes, so they can be stored after them, in bulk.
    await batch.pin(updatedIds);
    await batch.recordRows(priorRows);
    // New members in multi-row statements: the bulk of a typical first import.
    const created = await insertMembers({ ...ctx, context: 'PersonInsert' }, changes.filter((c) => !c.p.existing).map((c) => c.p.patch), { imported: 1 });
    await batch.recordCreated(created);
    await batch.finish();
    await repo.markImported(trx, tenant.id, imp.id, {
      batchId,
      created: counts.created,
      updated: counts.updated,
      at,
      mapping: JSON.stringify({ sheet: sheet.name, mapping: req.mapping, key_field: req.keyField }),
    });
    line.context = 'importer';
    line.data = [
      { field: 'filename', new: imp.filename },
      { field: 'created', new: counts.created },
      { field: 'updated', new: counts.updated },
      { field: 'skipped', new: counts.skipped },
      ...(counts.skipped_different_person > 0 ? [{ field: 'skipped_different_person', new: counts.skipped_different_person }] : []),
    ];
    line.batchId = batchId;
  });
  // Undo works from the batch's record: the file with everyone's data is not needed any more.
  await discardImportedFile(deps.db, deps.config, tenant.id, imp.id);
}
