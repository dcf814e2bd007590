import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adminClient, makeTenant, testApp, testDialect } from '../../test/harness';
import { makeField } from '../../test/factories';

// A bulk edit's pins keep each member's search text from before it, with a key of what the
// texts are made of (batches/repo.ts pinRecorded, members/search-text.ts searchModelKey), and its
// undo puts those texts back instead of making them again, unless a searched field has changed
// since (undo-repo.ts pinnedTextsHold).
// An erasure drops the kept texts (the names in them are folded past its search terms).

describe(`undo puts the kept search texts back (${testDialect})`, () => {
  const setUp = async () => {
    const t = await testApp();
    const tenant = await makeTenant(t.deps);
    const admin = await adminClient(t, tenant);
    await makeField(admin, { name: 'seura', label: 'Seura', type: 'text', visibility: 2 });
    const lisa = await makeField(admin, { name: 'lisa', label: 'Lisä', type: 'text', visibility: 2 });
    const ids: number[] = [];
    for (const i of [0, 1]) ids.push((await admin.post('/api/1/members/new', { firstname: `Pinni${i}`, lastname: 'Teksti', email: `p${i}@x.fi`, seura: 'Ilves', lisa: 'Poistuva' })).body.id as number);
    const texts = async () => (await sql<{ t: string }>`select search_text as t from members where id in (${sql.join(ids)}) order by id`.execute(t.deps.db)).rows.map((r) => r.t);
    const search = async (term: string) => ((await admin.post('/api/1/members/quicksearch', { term })).body.results as unknown[]).length;
    const edit = async () => {
      t.clock.advance(1000);
      const r = await admin.post('/api/1/members/bulkupdate', { filter: [{ field: 'lastname', verb: 'eq', value: 'Teksti' }], data: { seura: 'Kärpät' } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.batch_id as string;
    };
    const undo = async (batchId: string) => {
      t.clock.advance(1000);
      expect((await admin.post('/api/1/members/undo', { batch_id: batchId })).status).toBe(200);
    };
    const pins = async (batchId: string) =>
      (await sql<{ t: string | null }>`select old_text as t from batch_values where batch_id = ${batchId} and kind = 'member' order by member_id`.execute(t.deps.db)).rows.map((r) => r.t);
    return { t, admin, lisa, ids, texts, search, edit, undo, pins };
  };

  it('puts back the texts from before the edit while the field model is the same', async () => {
    const s = await setUp();
    try {
      const before = await s.texts();
      const batch = await s.edit();
      expect(await s.pins(batch)).toEqual(before);
      expect(await s.search('kärpät')).toBe(2);
      // Marked, to tell the kept texts from texts made again.
      await sql`update batch_values set old_text = old_text || ' pidetty' where batch_id = ${batch} and kind = 'member'`.execute(s.t.deps.db);
      await s.undo(batch);
      expect(await s.texts()).toEqual(before.map((t) => `${t} pidetty`));
      expect(await s.search('ilves')).toBe(2);
      expect(await s.search('kärpät')).toBe(0);
    } finally {
      await s.t.close();
    }
  });

  it('makes the texts again when a field has gone since, and an erasure drops the kept texts', async () => {
    const s = await setUp();
    try {
      const batch = await s.edit();
      expect((await s.admin.delete(`/api/1/fields/${s.lisa.id}?confirmed=1`)).status).toBe(200);
      await s.undo(batch);
      // The kept texts still had the removed field's value; the texts made again do not.
      expect(await s.texts()).toEqual(['pinni0 teksti p0@x.fi ilves', 'pinni1 teksti p1@x.fi ilves']);
      expect(await s.search('poistuva')).toBe(0);

      const again = await s.edit();
      expect((await s.pins(again)).every((p) => p !== null)).toBe(true);
      expect((await s.admin.delete(`/api/1/members/${s.ids[1]}`)).status).toBe(200);
      const gone = await s.admin.post('/api/1/members/delete_permanently', { filter: [{ field: 'email', verb: 'eq', value: 'p1@x.fi' }] });
      expect(gone.body.count).toBe(1);
      expect(await s.pins(again)).toEqual([null]);
    } finally {
      await s.t.close();
    }
  });
});
