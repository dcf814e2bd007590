import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, testDialect } from '../../test/harness';
import { makeMember, memberRow } from '../../test/factories/member';
import { twoConnections } from '../../test/twoConnections';
import { ManualClock } from '../../lib/clock';
import { recordOutcome } from '../contacts/repo';
import { getResults, getStats, type ResultsOpts } from './service';
import { listVersions } from '../../db/listVersions';
import type { Deps } from '../../deps';
import type { CreatedTenant } from '../tenants/service';
import type { Filter } from '../../../shared/filter/types';
import type { Member } from '../../db/schema';

// A cached list of a filter that keeps few members outlives writes to other members
// (list-cache.ts, Guard; migration 041 tells which members a step wrote), and is never wrong:
// every answer equals the one read afresh from the database.

describe(`member lists carried past writes to other members (${testDialect})`, () => {
  let close: () => Promise<void>;
  let a: Deps;
  let b: Deps;
  let tenant: CreatedTenant;
  let other: CreatedTenant;
  let fieldId: number;
  let groupId: number;
  const people: Member[] = [];
  const CITIES = ['Tampere', 'Turku', 'Oulu'];
  // Tampere and "nuori": the bench's kind of filter, two conditions.
  const FILTER: Filter = [
    { field: 'address_city', verb: 'eq', value: 'Tampere' },
    { field: 'jasenlaji', verb: 'eq', value: 'nuori' },
  ];
  const page = (offset = 0, filter = FILTER): ResultsOpts => ({ filter, deleted: false, pending: false, sort: { field: 'lastname', dir: 'asc' }, offset, limit: 3, columns: ['address_city', 'jasenlaji', 'Kuoro'] });
  const scope = { filter: FILTER, deleted: false, pending: false };

  /** A handle of its own on the same database: a cache of its own, empty, so its answers are read afresh. */
  const uncached = (): Deps => ({ ...a, db: a.db.withPlugin({ transformQuery: (x) => x.node, transformResult: async (x) => x.result }) });
  const SORTS: ResultsOpts['sort'][] = [
    { field: 'lastname', dir: 'asc' },
    { field: 'firstname', dir: 'desc' },
    { field: 'address_city', dir: 'asc' },
  ];

  /** Every page, sort and count equals the answer read afresh. */
  async function expectFresh() {
    for (const sort of SORTS) {
      for (const offset of [0, 3]) {
        const opts = { ...page(offset), sort };
        expect(await getResults(a, tenant.tenant, opts)).toEqual(await getResults(uncached(), tenant.tenant, opts));
      }
    }
    expect(await getStats(a, tenant.tenant, scope)).toEqual(await getStats(uncached(), tenant.tenant, scope));
  }

  const setValue = async (deps: Deps, m: Member, value: string | null) => {
    await deps.db.deleteFrom('member_values').where('tenant_id', '=', tenant.tenant.id).where('member_id', '=', m.id).where('field_id', '=', fieldId).execute();
    if (value !== null) await deps.db.insertInto('member_values').values({ tenant_id: tenant.tenant.id, member_id: m.id, field_id: fieldId, value_text: value, value_num: null }).execute();
  };

  beforeAll(async () => {
    ({ a, b, close } = await twoConnections(new ManualClock(new Date('2026-11-20T08:00:00Z'))));
    tenant = await makeTenant(a);
    other = await makeTenant(a, 'Toinen seura ry');
    const now = '2026-11-20T08:00:00.000Z';
    const field = await a.db
      .insertInto('fields')
      .values({ tenant_id: tenant.tenant.id, name: 'jasenlaji', label: 'Jäsenlaji', type: 'dropdown', fixed: 0, visibility: 2, visibility_options: '[0,1,2,3]', params: '{}', help_text: '', maxlength: 255, position: 50, options: JSON.stringify(['nuori', 'aikuinen']), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    fieldId = field.id;
    const group = await a.db
      .insertInto('groups')
      .values({ tenant_id: tenant.tenant.id, name: 'Kuoro', label: 'Kuoro', allowed_senders: 'GroupMembers', position: 99, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    groupId = group.id;
    for (let i = 0; i < 24; i++) {
      const m = await makeMember(a, tenant, { lastname: `Suku${String.fromCharCode(65 + ((i * 7) % 24))}`, address_city: CITIES[i % 3]!, active: i % 5 === 0 ? 0 : 1 });
      await setValue(a, m, i % 2 === 0 ? 'nuori' : 'aikuinen');
      people.push(m);
    }
    await makeMember(a, other, { lastname: 'Vieras', address_city: 'Tampere' });
  });
  afterAll(() => close());

  /** A cold answer read twice: the first look at a filter learns its size, the next reads it as ids with a guard. */
  async function guardedAnswer() {
    await getResults(a, tenant.tenant, page());
    await a.db.updateTable('members').set({ address_street: `Katu ${Math.random()}` }).where('id', '=', people[1]!.id).execute();
    return getResults(a, tenant.tenant, page());
  }

  it('tells the members a step wrote, and "unknown" for the field model or many members', async () => {
    const before = (await listVersions(a.db, a.dialect, tenant.tenant.id))!;
    await a.db.updateTable('members').set({ address_street: 'Hämeenkatu 1' }).where('id', '=', people[3]!.id).execute();
    await setValue(a, people[3]!, 'aikuinen');
    const after = (await listVersions(a.db, a.dialect, tenant.tenant.id))!;
    // Two steps (two statements outside a transaction), both told.
    expect(after.changedSince(before.list)).toEqual([people[3]!.id]);
    const one = (await listVersions(a.db, a.dialect, tenant.tenant.id))!;
    await a.db.transaction().execute(async (trx) => {
      await trx.updateTable('members').set({ address_street: 'Hämeenkatu 2' }).where('id', '=', people[4]!.id).execute();
      await trx.insertInto('member_groups').values({ tenant_id: tenant.tenant.id, group_id: groupId, member_id: people[5]!.id }).execute();
    });
    const two = (await listVersions(a.db, a.dialect, tenant.tenant.id))!;
    expect([...two.changedSince(one.list)!].sort((x, y) => x - y)).toEqual([people[4]!.id, people[5]!.id]);
    expect(two.changedSince(two.list)).toEqual([]);

    await a.db.updateTable('fields').set({ label: 'Laji' }).where('id', '=', fieldId).execute();
    const model = (await listVersions(a.db, a.dialect, tenant.tenant.id))!;
    expect(model.changedSince(two.list)).toBeNull();
    // More members in one step than are told (70 > 64): the step is "unknown".
    await a.db.insertInto('members').values(Array.from({ length: 70 }, () => ({ ...memberRow({ address_city: 'Kemi' }), tenant_id: tenant.tenant.id }))).execute();
    const many = (await listVersions(a.db, a.dialect, tenant.tenant.id))!;
    expect(many.changedSince(model.list)).toBeNull();

    // The last 256 members written are told, each with its step; older steps are not.
    const street = (i: number) => a.db.updateTable('members').set({ address_street: `Katu ${i}` }).where('id', '=', people[i % people.length]!.id).execute();
    for (let i = 0; i < 250; i++) await street(i);
    const late = (await listVersions(a.db, a.dialect, tenant.tenant.id))!;
    for (let i = 250; i < 260; i++) await street(i);
    const last = (await listVersions(a.db, a.dialect, tenant.tenant.id))!;
    expect(last.changedSince(many.list)).toBeNull();
    expect([...last.changedSince(late.list)!].sort((x, y) => x - y)).toEqual(people.filter((_, i) => [...Array(10).keys()].some((k) => (250 + k) % people.length === i)).map((p) => p.id).sort((x, y) => x - y));
  });

  it('carries the page and the counts past a write to a member outside the filter', async () => {
    const held = await guardedAnswer();
    const stats = await getStats(a, tenant.tenant, scope);
    const outside = people.find((p) => p.address_city === 'Turku')!;
    // One save (one transaction, as the API's): its row, a value and a group.
    await a.db.transaction().execute(async (trx) => {
      await trx.updateTable('members').set({ address_street: 'Aurakatu 1' }).where('id', '=', outside.id).execute();
      await setValue({ ...a, db: trx }, outside, 'aikuinen');
      await trx.insertInto('member_groups').values({ tenant_id: tenant.tenant.id, group_id: groupId, member_id: outside.id }).execute();
    });
    // The very objects kept: nothing was read again but the check of the written member.
    expect(await getResults(a, tenant.tenant, page())).toBe(held);
    expect(await getStats(a, tenant.tenant, scope)).toBe(stats);
    await expectFresh();
    // A member in the list but not on the page, saved with the same names: its place holds, and so does the page.
    const first = await getResults(a, tenant.tenant, page());
    const later = (await getResults(a, tenant.tenant, page(3))).results[0]!;
    await a.db.updateTable('members').set({ address_street: 'Hämeenkatu 3' }).where('id', '=', later.id).execute();
    expect(await getResults(a, tenant.tenant, page())).toBe(first);
    expect(await getResults(a, tenant.tenant, page(3))).not.toBe(later);
    await expectFresh();
  });

  it('reads the answer again when the written member is in the list, joins it or leaves it', async () => {
    await expectFresh();
    const inside = people.find((p) => p.address_city === 'Tampere' && people.indexOf(p) % 2 === 0)!;
    const held = await guardedAnswer();
    // A member in the list renamed: the order may change.
    await a.db.updateTable('members').set({ lastname: 'Aaltonen' }).where('id', '=', inside.id).execute();
    expect(await getResults(a, tenant.tenant, page())).not.toBe(held);
    await expectFresh();
    // A member outside joins: Turku becomes Tampere with "nuori".
    const joiner = people.find((p) => p.address_city === 'Turku' && people.indexOf(p) % 2 === 0)!;
    await a.db.updateTable('members').set({ address_city: 'Tampere' }).where('id', '=', joiner.id).execute();
    await expectFresh();
    // And leaves through its custom value.
    await setValue(a, joiner, null);
    await expectFresh();
    // A row on the page that changes only in a shown column (a group) is read again too.
    const shown = (await getResults(a, tenant.tenant, page())).results[0]!;
    await a.db.insertInto('member_groups').values({ tenant_id: tenant.tenant.id, group_id: groupId, member_id: shown.id }).execute();
    expect((await getResults(a, tenant.tenant, page())).results[0]!.Kuoro).toBe(true);
    await expectFresh();
  });

  it('stays right through any mix of writes, applications and outcomes', async () => {
    let seed = 7;
    const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    for (let step = 0; step < 60; step++) {
      const m = people[rnd(people.length)]!;
      const deps = rnd(4) === 0 ? b : a;
      switch (rnd(8)) {
        case 0:
          await deps.db.updateTable('members').set({ address_city: CITIES[rnd(3)]! }).where('id', '=', m.id).execute();
          break;
        case 1:
          await setValue(deps, m, ['nuori', 'aikuinen', null][rnd(3)]!);
          break;
        case 2:
          await deps.db.updateTable('members').set({ lastname: `Suku${String.fromCharCode(65 + rnd(26))}` }).where('id', '=', m.id).execute();
          break;
        case 3:
          await deps.db.updateTable('members').set({ pending: rnd(2) as 0 | 1 }).where('id', '=', m.id).execute();
          break;
        case 4:
          await deps.db.updateTable('members').set({ active: rnd(2) as 0 | 1 }).where('id', '=', m.id).execute();
          break;
        case 5:
          await deps.db.updateTable('members').set({ deleted_at: rnd(4) === 0 ? '2026-11-20T10:00:00.000Z' : null }).where('id', '=', m.id).execute();
          break;
        case 6:
          if (rnd(2) === 0) {
            // A shown column that changes no member's place: the group.
            await deps.db.deleteFrom('member_groups').where('tenant_id', '=', tenant.tenant.id).where('group_id', '=', groupId).where('member_id', '=', m.id).execute();
            if (rnd(2) === 0) await deps.db.insertInto('member_groups').values({ tenant_id: tenant.tenant.id, group_id: groupId, member_id: m.id }).execute();
            break;
          }
          await recordOutcome(deps.db, tenant.tenant.id, { member_id: m.id, medium: 'email', address: m.email!, outcome: rnd(2) === 0 ? 'bounced' : 'sent', at: '2026-11-20T08:00:00.000Z' });
          break;
        default:
          // Two members in one transaction.
          await deps.db.transaction().execute(async (trx) => {
            await trx.updateTable('members').set({ address_city: 'Tampere' }).where('id', '=', m.id).execute();
            await trx.updateTable('members').set({ address_city: 'Oulu' }).where('id', '=', people[rnd(people.length)]!.id).execute();
          });
      }
      await expectFresh();
    }
    // Up-to-dateness in the filter: the outcomes are a member's own rows too (both forms of the condition).
    for (const [verb, outcome] of [['neq', 'bounced'], ['eq', 'sent']] as const) {
      const states: Filter = [...FILTER.slice(0, 1), { field: 'uptodate_email', verb, value: outcome }];
      const count = async () => (await getResults(a, tenant.tenant, page(0, states))).stats.result_count;
      const freshCount = async () => (await getResults(uncached(), tenant.tenant, page(0, states))).stats.result_count;
      await count();
      await a.db.updateTable('members').set({ address_street: 'Katu 9' }).where('id', '=', people[0]!.id).execute();
      expect(await count()).toBe(await freshCount());
      for (const someone of people.slice(0, 6)) {
        await recordOutcome(a.db, tenant.tenant.id, { member_id: someone.id, medium: 'email', address: someone.email!, outcome: outcome === 'sent' ? 'bounced' : 'sent', at: '2026-11-20T11:00:00.000Z' });
        expect(await count()).toBe(await freshCount());
        await recordOutcome(a.db, tenant.tenant.id, { member_id: someone.id, medium: 'email', address: someone.email!, outcome, at: '2026-11-20T11:00:01.000Z' });
        expect(await count()).toBe(await freshCount());
      }
    }
  });
});
