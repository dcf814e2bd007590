import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { SAVED_FILTERS_MAX } from '../../../shared/constants';
import type { Filter } from '../../../shared/filter/types';
import type { SavedFilter, SavedFilterCreateBody } from '../../../shared/schemas/savedFilters';
import { NotFound, ValidationError } from '../../lib/errors';
import { act } from '../log/act';
import * as repo from './repo';

// Saved filters: shared within the association; the board and admins pick
// them, admins create, rename and delete them. The filter is stored normalised (the body
// schema runs it through the shared filter normaliser), so it compiles like any other.

type Row = Awaited<ReturnType<typeof repo.listAll>>[number];

const present = (r: Row): SavedFilter => ({
  id: r.id,
  name: r.name,
  filter: JSON.parse(r.filter) as Filter,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

export async function list(deps: Deps, tenant: Tenant): Promise<SavedFilter[]> {
  return (await repo.listAll(deps.db, tenant.id)).map(present);
}

export async function create(deps: Deps, tenant: Tenant, me: Member, body: SavedFilterCreateBody): Promise<SavedFilter> {
  return act(deps, tenant, me, 'saved_filter_created', async (trx, line, at) => {
    if ((await repo.count(trx, tenant.id)) >= SAVED_FILTERS_MAX) throw ValidationError.general('saved_filter_limit', { max: SAVED_FILTERS_MAX });
    if (await repo.nameTaken(trx, tenant.id, body.name, null)) throw ValidationError.field('name', 'saved_filter_name_taken');
    const row = await repo.insert(trx, tenant.id, { name: body.name, filter: JSON.stringify(body.filter), author_id: me.id, created_at: at, updated_at: at });
    line.context = 'saved_filters';
    line.data = [
      { field: 'label', new: row.name },
      { field: 'count', new: body.filter.length },
    ];
    return present(row);
  });
}

export async function rename(deps: Deps, tenant: Tenant, me: Member, id: number, name: string): Promise<SavedFilter> {
  return act(deps, tenant, me, 'saved_filter_renamed', async (trx, line, at) => {
    const row = await repo.find(trx, tenant.id, id);
    if (!row) throw new NotFound();
    line.write = row.name !== name;
    if (!line.write) return present(row);
    if (await repo.nameTaken(trx, tenant.id, name, id)) throw ValidationError.field('name', 'saved_filter_name_taken');
    await repo.rename(trx, tenant.id, id, name, at);
    line.context = 'saved_filters';
    line.data = [{ field: 'label', old: row.name, new: name }];
    return present({ ...row, name, updated_at: at });
  });
}

export async function remove(deps: Deps, tenant: Tenant, me: Member, id: number): Promise<void> {
  await act(deps, tenant, me, 'saved_filter_deleted', async (trx, line) => {
    const row = await repo.find(trx, tenant.id, id);
    if (!row) throw new NotFound();
    await repo.remove(trx, tenant.id, id);
    line.context = 'saved_filters';
    line.data = [{ field: 'label', old: row.name }];
  });
}
