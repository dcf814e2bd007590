import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { undoBatch } from '../batches/service';
import { IMPORTS_PAGE_SIZE } from '../../../shared/constants';
import { loadImport } from './upload';
import * as repo from './repo';
import type { ImportsReply } from '../../../shared/schemas/importer';

// The list of finished imports, and undoing one (through its batch, as the members undo does).

export async function listImports(deps: Deps, tenant: Tenant, page: number): Promise<ImportsReply> {
  const { rows, count } = await repo.listImported(deps.db, tenant.id, { limit: IMPORTS_PAGE_SIZE, offset: page * IMPORTS_PAGE_SIZE });
  return {
    results: rows.map((r) => ({
      id: r.id,
      filename: r.filename,
      created_at: r.imported_at,
      author: r.firstname === null ? null : `${r.firstname} ${r.lastname ?? ''}`.trim(),
      person_count: r.created + r.updated,
      created: r.created,
      updated: r.updated,
      undone_at: r.undone_at,
    })),
    count,
  };
}

export async function markUndone(deps: Deps, tenant: Tenant, me: Member, id: string, keepChanged: boolean) {
  const imp = await loadImport(deps, tenant, id);
  if (!imp.batch_id) throw new NotFound();
  return undoBatch(deps, tenant, me, imp.batch_id, { keepChanged });
}
