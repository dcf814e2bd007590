import { describe, expect, it } from 'vitest';
import { testDialect } from '../test/harness';
import { adminContext } from '../test/adminContext';
import { loadModel } from '../modules/members/model';
import * as repo from '../modules/members/repo';
import { membersInOrder } from '../modules/members/list-repo';
import { sql } from 'kysely';
import { jsonRows } from './jsonRows';

// Rows read as one JSON text come back exactly as a plain select gives them: text with
// quotes, control characters and letters beyond ASCII, NULL, and numbers to the last digit.

const TEXTS = ['Ääkkönen "Öljy" \\ Åsa', 'rivi\nrivi\ttabi\u0001', '😀 € – ’', '', ' väli '];
const NUMBERS = [0.1 + 0.2, 1 / 3, -1e-300, 2 ** 53, 123456.789, -0.5, 1e21];
const NAMES = ['Äijä', 'Åsa-Maria', 'Zoë', 'Öljy', 'Ülle', 'Aino', 'Eero'];

describe(`rows read as JSON (${testDialect})`, () => {
  const { t, tenant, admin } = adminContext();

  it('gives the values and member columns a plain select gives', async () => {
    for (const [name, type] of [['teksti', 'text'], ['luku', 'decimal']] as const) {
      expect((await admin.post('/api/1/fields/new', { name, label: name, type, visibility: 2 })).status).toBe(200);
    }
    const model = await loadModel(t.deps.db, tenant.tenant.id);
    const text = model.byName.get('teksti')!.id;
    const num = model.byName.get('luku')!.id;
    const ids: number[] = [];
    for (let i = 0; i < NUMBERS.length; i++) {
      const r = await admin.post('/api/1/members/new', { firstname: NAMES[i]!, lastname: `Lukunen${String(i)}`, email: i % 2 ? null : `luku${String(i)}@x.fi` });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      ids.push(r.body.id as number);
      // Written as stored values directly: the API would round a decimal to its two places.
      await repo.setValue(t.deps.db, tenant.tenant.id, r.body.id, num, null, NUMBERS[i]!);
      if (i < TEXTS.length) await repo.setValue(t.deps.db, tenant.tenant.id, r.body.id, text, TEXTS[i]!, null);
    }
    const plain = await t.deps.db.selectFrom('member_values').select(['member_id', 'field_id', 'value_text', 'value_num']).where('tenant_id', '=', tenant.tenant.id).where('member_id', 'in', ids).execute();
    const byKey = (rows: { member_id: number; field_id: number }[]) => [...rows].sort((a, b) => a.member_id - b.member_id || a.field_id - b.field_id);
    const viaJson = await repo.valuesOf(t.deps.db, tenant.tenant.id, ids, [text, num]);
    expect(byKey(viaJson)).toEqual(byKey(plain));
    expect(plain.filter((v) => v.field_id === num).map((v) => v.value_num)).toEqual(NUMBERS);

    const columns = ['id', 'firstname', 'lastname', 'email', 'phone', 'board'] as const;
    const members = await membersInOrder({ db: t.deps.db, tenantId: tenant.tenant.id }, ids, columns);
    const plainMembers = await t.deps.db.selectFrom('members').select(columns).where('id', 'in', ids).orderBy('id').execute();
    expect(members).toEqual(plainMembers);
  });

  it('gives an empty list for no rows', async () => {
    expect(await jsonRows(t.deps.db, ['id'], sql`from members where id < 0`)).toEqual([]);
  });
});
