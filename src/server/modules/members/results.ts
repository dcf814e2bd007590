import type { Readable } from 'node:stream';
import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import { jsonStream } from './json-pieces';
import { READERS, readerOf } from '../../db/sqliteReader';
import * as list from './list-repo';
import type { MemberModel } from './model';
import { cachedModel, openCached } from './list-cache';
import * as repo from './repo';
import { builtTexts, rowReads, rowTextPieces, storedRow, wantsOutcomes, type ReadTexts } from './rows';
import { rowTexts } from './row-json-repo';
import { NO_OUTCOMES, outcomesOf } from '../contacts/outcomes';
import type { ResultsOpts } from './service';

// The page of everyone (get_results with a page longer than list.BIG_PAGE) as a stream:
// ids first, then the members read in id order piece by piece as rows in JSON text (written by
// the database, or built here when a column is computed here), with a turn of the event loop
// in between; then the texts written in the page's order. The reply is the same JSON as a
// short page's ({results, stats}); the process holds the page as one string per member, never
// as 100 000 row objects, which also keeps garbage collection pauses short.

/** Reads the custom values, group memberships and messaging outcomes of some members, only when the columns show them. */
export function columnLoader(deps: Deps, tenant: Tenant, model: MemberModel, columns: readonly string[]) {
  // Only the shown fields' values and groups' links: a list shows a few of an association's many.
  const fieldIds = columns.flatMap((c) => {
    const f = model.byName.get(c);
    return f && !f.fixed ? [f.id] : [];
  });
  const groupIds = columns.flatMap((c) => {
    const g = model.groupByName.get(c);
    return g && !g.builtin ? [g.id] : [];
  });
  const wantsStates = wantsOutcomes(columns);
  return async (ids: number[]) => {
    const [values, groups, outcomes] = await Promise.all([
      fieldIds.length > 0 ? repo.valuesOf(deps.db, tenant.id, ids, fieldIds) : Promise.resolve([]),
      groupIds.length > 0 ? repo.groupsOf(deps.db, tenant.id, ids, groupIds) : Promise.resolve([]),
      wantsStates ? outcomesOf(deps.db, tenant.id, ids) : Promise.resolve(NO_OUTCOMES),
    ]);
    return { values, groups, outcomes };
  };
}

/** Where a long page's row texts come from: the database when it holds every name shown, else rows built here. */
function pageTexts(deps: Deps, tenant: Tenant, model: MemberModel, columns: readonly string[]): ReadTexts {
  const names = storedRow(model, columns);
  if (names) return async (some) => [await rowTexts(deps.db, tenant.id, names, some)];
  const ctx = { db: deps.db, tenantId: tenant.id };
  const reads = rowReads(model, columns);
  return builtTexts({ read: (some) => list.membersInOrder(ctx, some, reads), load: columnLoader(deps, tenant, model, columns), model, columns });
}

export async function resultsStream(deps: Deps, tenant: Tenant, opts: ResultsOpts): Promise<Readable> {
  const cached = await openCached(deps.db, deps.dialect, tenant.id);
  const model = await cachedModel(cached, deps, tenant.id);
  const ctx = { db: deps.db, dialect: deps.dialect, tenantId: tenant.id, model };
  const { ids, total } = await list.pageIds(ctx, opts, { sort: opts.sort, offset: opts.offset, limit: opts.limit });
  const applications = opts.pending ? total : opts.deleted ? 0 : await list.countApplications(ctx, opts.filter);
  const pg = deps.dialect === 'postgres';
  // SQLite's reading threads (db/sqliteReader.ts) take as many chunks at once as there are of them.
  const ahead = pg ? list.LIST_CHUNKS.aheadPostgres : readerOf(deps.db) ? READERS : 1;
  const rows = rowTextPieces(ids, pageTexts(deps, tenant, model, opts.columns), pg ? list.LIST_CHUNKS.rowsPostgres : list.LIST_CHUNKS.rows, undefined, ahead);
  return jsonStream({ results: rows, stats: { result_count: total, result_application_count: applications } }, 'results');
}
