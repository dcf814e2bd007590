import { beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeField, makeMember } from '../../test/factories';
import type { FieldType } from '../../../shared/fields/types';
import { loadModel, type MemberModel } from './model';
import { presentedNames } from './columns';
import { storedRow } from './rows';
import { rowTexts } from './row-json-repo';
import { getResults } from './service';
import { readsOnWorkers } from '../../db/sqliteReader';
import type { MemberRow } from '../../../shared/schemas/members';

// The page of everyone's rows are written as JSON by the database (row-json-repo.ts). Each must
// parse to the row rows.ts builds from the same member, names in the same order, whatever the
// stored text holds (quotes, backslashes, control characters, line separators, emoji) and
// whatever the number (fractions, negatives, beyond 32 bits), on both databases.

const TYPES: FieldType[] = ['text', 'textarea', 'integer', 'decimal', 'date', 'checkbox', 'dropdown', 'email', 'password', 'heading', 'consent'];
const NASTY = ['"lainaus" ja \\kenoviiva\\', 'rivi\nrivi\ttab\r', 'ohjaus\u0001\u001f merkit', 'erotin\u2028\u2029', 'Ääkköset ja 🎻 emoji', "heitto ' ja </script>", ' välit '];
const NUMBERS = [0.1, -3, 12.5, 2_147_483_648, 1e-7, 123456789.125, 0];

describe(`rows written as JSON by the database (${testDialect})`, () => {
  const { t, tenant, admin } = adminContext();
  let model: MemberModel;
  const ids: number[] = [];

  beforeAll(async () => {
    for (const type of TYPES) await makeField(admin, { name: `k_${type}`, type, ...(type === 'dropdown' ? { options: [{ value: 'yksi', label: 'Yksi' }, { value: 'kaksi', label: 'Kaksi' }] } : {}) });
    await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro' });
    await admin.post('/api/1/groups/new', { name: 'soittajat', label: 'Soittajat' });
    // Porg addresses are presented only when enabled.
    await t.deps.db.insertInto('settings').values({ tenant_id: tenant.tenant.id, key: 'porg_enabled', value: 'true' }).onConflict((oc) => oc.columns(['tenant_id', 'key']).doUpdateSet({ value: 'true' })).execute();
    model = await loadModel(t.deps.db, tenant.tenant.id);
    const db = t.deps.db;
    for (let i = 0; i < NASTY.length; i++) {
      const m = await makeMember(t.deps, tenant, {
        firstname: i === 3 ? '' : NASTY[i]!,
        lastname: i === 4 ? '' : `Suku${String(i)}`,
        phone: i % 2 === 0 ? '+358401234567' : null,
        address_city: NASTY[(i + 1) % NASTY.length]!,
        email_porg1: i === 2 ? 'porg@example.fi' : null,
        board: i % 3 === 0 ? 1 : 0,
        imported: i % 2 === 0 ? 0 : 1,
        member_since: '2020-01-0' + String(i + 1),
        deleted_at: i === 5 ? '2026-11-01T10:00:00.000Z' : null,
      });
      ids.push(m.id);
      const value = (type: FieldType, text: string | null, num: number | null) => ({ tenant_id: tenant.tenant.id, member_id: m.id, field_id: model.byName.get(`k_${type}`)!.id, value_text: text, value_num: num });
      // Member 6 has no values and no groups at all; the others a value of each type.
      if (i === 6) continue;
      await db.insertInto('member_values').values([
        value('text', NASTY[i]!, null),
        value('textarea', NASTY[(i + 2) % NASTY.length]!, null),
        value('integer', null, Math.round(NUMBERS[i]!)),
        value('decimal', null, NUMBERS[i]!),
        value('date', '2026-02-1' + String(i), null),
        value('checkbox', null, i % 2),
        value('dropdown', i % 2 === 0 ? 'yksi' : 'kaksi', null),
        value('email', `a${String(i)}@example.fi`, null),
        value('password', 'ei näy', null),
        value('consent', '2026-11-01T10:00:00.000Z', null),
      ]).execute();
      const kuoro = model.groupByName.get('kuoro')!.id;
      if (i % 2 === 0) await db.insertInto('member_groups').values({ tenant_id: tenant.tenant.id, group_id: kuoro, member_id: m.id }).execute();
    }
  });

  it('parses to the rows built in JavaScript for every name a list can show, in the same order', async () => {
    const names = [...presentedNames(model).filter((n) => n !== 'uptodate_' && n !== 'meta_'), 'deleted_at', 'email', 'ei_tallainen', 'k_heading'];
    const stored = storedRow(model, names);
    expect(stored).not.toBeNull();
    const built = new Map<number, MemberRow>();
    for (const deleted of [false, true]) {
      const page = await getResults(t.deps, tenant.tenant, { filter: [], deleted, pending: false, sort: { field: 'id', dir: 'asc' }, offset: 0, limit: 1000, columns: names });
      for (const row of page.results) built.set(row.id, row);
    }
    const texts = await rowTexts(t.deps.db, tenant.tenant.id, stored!, ids);
    expect(texts.map(([id]) => id).sort((a, b) => a - b)).toEqual(ids);
    for (const [id, text] of texts) {
      const row = JSON.parse(text) as MemberRow;
      expect(row).toEqual(built.get(id));
      expect(Object.keys(row)).toEqual(Object.keys(built.get(id)!));
    }
    // The password field is never shown, the heading and unknown names never carried.
    const first = JSON.parse(texts.find(([id]) => id === ids[0])![1]) as MemberRow;
    expect(first.k_password).toBeNull();
    expect(first).not.toHaveProperty('k_heading');
    expect(first).not.toHaveProperty('ei_tallainen');
    expect(first.email_porg1).toBeNull();
    expect(first.k_text).toBe(NASTY[0]);
  });

  it('leaves out ids of other associations and of no one', async () => {
    const other = await makeMember(t.deps, await makeTenant(t.deps, 'Toinen ry'));
    const stored = storedRow(model, ['email', 'k_text'])!;
    const texts = await rowTexts(t.deps.db, tenant.tenant.id, stored, [ids[0]!, other.id, 999_999]);
    expect(texts.map(([id]) => id)).toEqual([ids[0]]);
  });

  it('leaves rows with an up-to-dateness column to JavaScript, and the page of everyone gives the same rows either way', async () => {
    expect(storedRow(model, ['email', 'uptodate_email'])).toBeNull();
    expect(storedRow(model, ['uptodate_'])).toBeNull();
    const onWorkers = readsOnWorkers.answered;
    for (const columns of [['email', 'k_decimal', 'kuoro', 'uptodate_email'], ['email', 'k_decimal', 'kuoro', 'k_checkbox', 'soittajat']]) {
      const body = { sort: { field: 'lastname', dir: 'asc' }, columns };
      const all = await admin.post('/api/1/members/get_results', { ...body, page_size: 100000 });
      const short = await admin.post('/api/1/members/get_results', { ...body, page_size: 100 });
      expect(all.status).toBe(200);
      expect(all.body.results.length).toBeGreaterThan(5);
      expect(all.body.results).toEqual(short.body.results);
    }
    // SQLite reads the texts written by the database on its reading threads (db/sqliteReader.ts).
    if (testDialect === 'sqlite') expect(readsOnWorkers.answered).toBeGreaterThan(onWorkers);
  });
});
