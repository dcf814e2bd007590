import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeField } from '../../test/factories';
import { normalizeFilter } from '../../../shared/filter/normalize';
import { liveMatching } from './bulk-repo';
import { loadModel } from './model';
import { closeStage } from './search-repo';
import { searchTextsAhead, stageSearchText } from './search-text';

// A bulk edit on PostgreSQL makes its members' new search texts on another connection while
// its transaction records and writes (search-text.ts). A text made so is staged as made,
// unless its member was written meanwhile: then it is made again from what the member holds.

describe(`search texts made ahead of a bulk edit (${testDialect})`, () => {
  const { t, tenant, admin } = adminContext();
  const ids: number[] = [];
  let seura = 0;

  beforeAll(async () => {
    seura = (await makeField(admin, { name: 'seura', label: 'Seura', type: 'text', visibility: 2 })).id;
    await makeField(admin, { name: 'lisatieto', label: 'Lisätieto', type: 'text', visibility: 2 });
    for (const [i, lisatieto] of ['Laulaja', 'Soittaja', ''].entries()) {
      const r = await admin.post('/api/1/members/new', { firstname: `Ennakko${i}`, lastname: 'Haku', seura: 'Ilves', lisatieto });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      ids.push(r.body.id as number);
    }
  });

  it('stages the texts made ahead, and makes again the text of a member written since', async () => {
    const db = t.deps.db;
    const tid = tenant.tenant.id;
    const model = await loadModel(db, tid);
    const where = liveMatching({ db, dialect: t.deps.dialect, tenantId: tid, model }, normalizeFilter([{ field: 'lastname', verb: 'eq', value: 'Haku' }]));
    const ahead = await searchTextsAhead(db, tid, where, model, { columns: { address_city: 'Kuopio' }, values: new Map([[seura, { text: 'HIFK', num: null }]]) });
    expect([...ahead.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect(ahead.get(ids[0]!)).toMatchObject({ text: 'ennakko0 haku kuopio hifk laulaja', old: 'ennakko0 haku ilves laulaja' });

    // Someone saves the second member before the edit's transaction stages the texts.
    t.clock.advance(1000);
    expect((await admin.post(`/api/1/members/${ids[1]}`, { lisatieto: 'Rumpali' })).status).toBe(200);
    const staged = await db.transaction().execute(async (trx) => {
      await stageSearchText(trx, t.deps.dialect, tid, ids, model, { address_city: 'Kuopio' }, ahead);
      const rows = await sql<{ id: number; t: string }>`select id, t from search_stage order by id`.execute(trx);
      await closeStage(trx, t.deps.dialect);
      return rows.rows;
    });
    expect(staged).toEqual([
      { id: ids[0], t: 'ennakko0 haku kuopio hifk laulaja' },
      // Made again inside the transaction, from its values as they are there (this one has not set HIFK).
      { id: ids[1], t: 'ennakko1 haku kuopio ilves rumpali' },
      { id: ids[2], t: 'ennakko2 haku kuopio hifk' },
    ]);
  });
});
