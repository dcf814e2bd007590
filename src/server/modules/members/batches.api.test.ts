import { beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeTenant, memberClient, testDialect, type Client } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeField } from '../../test/factories';
import { uploadFile } from '../../test/factories/upload';

// Undo was only in a 10-second notification. Every undoable batch is
// listed ("Viimeisimmät muutokset") and its log entry says whether it can still be undone.

describe(`recent batches and their undo state (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext({ at: '2026-04-01T09:00:00.000Z' });
  const ids: number[] = [];

  beforeAll(async () => {
    await makeField(admin, { name: 'jasenlaji', label: 'Jäsenlaji', type: 'dropdown', visibility: 2, options: [{ value: 'a', label: 'Aikuinen' }, { value: 'n', label: 'Nuori' }] });
    await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro' });
    for (const i of [0, 1, 2]) {
      const r = await admin.post('/api/1/members/new', { firstname: `Erä${i}`, lastname: 'Testi', email: `e${i}@x.fi`, jasenlaji: 'a' });
      ids.push(r.body.id as number);
    }
  });

  const filter = [{ field: 'lastname', verb: 'eq', value: 'Testi' }];
  const batches = async (page = 0, c: Client = admin) => c.post('/api/1/members/batches', { page });

  async function importOne(): Promise<void> {
    const up = await uploadFile(admin, 'uudet.csv', 'Etunimi;Sukunimi;Sähköposti\nTuotu;Jäsen;tuotu@x.fi\n', 'text/csv');
    const meta = await admin.post('/api/1/importer/get_sheet_metadata', { id: up.body.id });
    const done = await admin.post('/api/1/importer/importer', { id: up.body.id, mapping: meta.body.suggested_mapping, dry_run: false });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  }

  it('lists every kind of batch newest first, with author, time, member count and a readable summary', async () => {
    t.clock.set('2026-04-01T10:00:00.000Z');
    const edit = await admin.post('/api/1/members/bulkupdate', { filter, data: { jasenlaji: 'n', kuoro: true, address_city: 'Oulu' } });
    t.clock.set('2026-04-01T10:01:00.000Z');
    const removed = await admin.post('/api/1/members/bulkremove', { filter: [{ field: 'email', verb: 'eq', value: 'e2@x.fi' }] });
    t.clock.set('2026-04-01T10:02:00.000Z');
    expect((await admin.delete(`/api/1/members/${ids[1]}`)).status).toBe(200);
    t.clock.set('2026-04-01T10:03:00.000Z');
    await importOne();

    const r = await batches();
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(4);
    const [imp, del, rem, upd] = r.body.results;
    const author = { id: a.admin.id, name: 'Pää Käyttäjä' };
    expect(upd).toEqual({
      batch_id: edit.body.batch_id,
      kind: 'bulkupdate',
      created_at: '2026-04-01T10:00:00.000Z',
      author,
      member_count: 3,
      undone_at: null,
      undone_by: null,
      can_undo: true,
      log_id: expect.any(Number),
      summary: {
        changes: [
          { field: 'jasenlaji', label: 'Jäsenlaji', new: 'Nuori' },
          { field: 'kuoro', label: 'Kuoro', new: true },
          { field: 'address_city', label: 'Postitoimipaikka', new: 'Oulu' },
        ],
        member: null,
        filename: null,
      },
    });
    expect(rem).toMatchObject({ batch_id: removed.body.batch_id, kind: 'bulkremove', member_count: 1, can_undo: true, author });
    expect(del).toMatchObject({ kind: 'delete', member_count: 1, can_undo: true, summary: { member: { id: ids[1], name: 'Erä1 Testi' } } });
    expect(imp).toMatchObject({ kind: 'import', member_count: 1, can_undo: true, summary: { filename: 'uudet.csv' } });
    for (const b of r.body.results) {
      expect(b.log_id, b.kind).toEqual(expect.any(Number));
      const entry = (await admin.get(`/api/1/log/${b.log_id}`)).body;
      expect(entry.batch_id).toBe(b.batch_id);
      expect(entry.batch_).toEqual(b);
    }
  });

  it('undone from either place: both then say undone, when and by whom, and undo is refused again', async () => {
    const before = (await batches()).body.results as { batch_id: string; kind: string; log_id: number }[];
    const upd = before.find((b) => b.kind === 'bulkupdate')!;
    const imp = before.find((b) => b.kind === 'import')!;
    t.clock.set('2026-04-01T11:00:00.000Z');
    const other = await adminClient(t, a); // the same admin from another browser, as the log page would
    // Two of its members were removed since: they stay as they are.
    expect((await other.post('/api/1/members/undo', { batch_id: upd.batch_id, keep_changed: true })).status).toBe(200);
    expect((await admin.post('/api/1/members/undo', { batch_id: imp.batch_id })).status).toBe(200);

    const entry = (await admin.get(`/api/1/log/${upd.log_id}`)).body;
    expect(entry.batch_).toMatchObject({ can_undo: false, undone_at: '2026-04-01T11:00:00.000Z', undone_by: { id: a.admin.id, name: 'Pää Käyttäjä' } });
    const after = (await batches()).body.results as { batch_id: string; can_undo: boolean; undone_at: string | null }[];
    expect(after.find((b) => b.batch_id === upd.batch_id)).toMatchObject({ can_undo: false, undone_at: '2026-04-01T11:00:00.000Z' });
    expect(after.find((b) => b.batch_id === imp.batch_id)).toMatchObject({ can_undo: false });
    expect(after.filter((b) => b.can_undo)).toHaveLength(2);
    expect((await admin.post('/api/1/members/undo', { batch_id: upd.batch_id })).status).toBe(409);
    // Entries without a batch carry no batch state.
    const plain = (await admin.post('/api/1/log/all', { event: 'member_created', limit: 1 })).body.all_results[0];
    expect((await admin.get(`/api/1/log/${plain.id}`)).body.batch_).toBeUndefined();
  });

  it('pages by 20 with the total, only this association\'s batches', async () => {
    for (let i = 0; i < 19; i++) {
      t.clock.set(new Date(Date.UTC(2026, 3, 1, 12, i)).toISOString()); // within the session's idle time
      await admin.post('/api/1/members/bulkupdate', { filter, data: { address_city: `Kaupunki${i}` } });
    }
    const other = await makeTenant(t.deps, 'Muu ry');
    const otherAdmin = await adminClient(t, other);
    await otherAdmin.post('/api/1/members/bulkupdate', { filter: [], data: { address_city: 'Muualla' } });
    const first = await batches(0);
    expect(first.body.count).toBe(23);
    expect(first.body.results).toHaveLength(20);
    expect(first.body.results[0].summary.changes[0].new).toBe('Kaupunki18');
    const second = await batches(1);
    expect(second.body.results).toHaveLength(3);
    expect(second.body.results.at(-1).kind).toBe('bulkupdate');
    expect((await batches(0, otherAdmin)).body.count).toBe(1);
    expect((await admin.post('/api/1/members/batches', { page: -1 })).status).toBe(400);
  });

  it('is for site admins only', async () => {
    const board = await memberClient(t, a, 'board');
    expect((await batches(0, board)).status).toBe(403);
  });
});
