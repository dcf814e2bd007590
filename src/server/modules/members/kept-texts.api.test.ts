import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, testDialect } from '../../test/harness';
import { memberRow } from '../../test/factories/member';
import { twoConnections } from '../../test/twoConnections';
import { ManualClock } from '../../lib/clock';
import { foldForSearch } from '../../../shared/search';
import { listVersions } from '../../db/listVersions';
import { insert } from './repo';
import { search } from './list-repo';
import { search as quicksearch } from './service';
import { KEPT_TEXT_LIMITS, keptTexts, keptTextsBuilt } from './kept-texts-held';
import type { KeptTexts } from './kept-texts';
import type { Deps } from '../../deps';
import type { CreatedTenant } from '../tenants/service';
import type { Member } from '../../db/schema';

// Quick search through the texts kept in memory (kept-texts-held.ts) answers exactly what the
// database's own search does, through writes on this connection and on another one, and keeps
// one association's texts apart from another's.

describe(`quick search through kept texts (${testDialect})`, () => {
  let close: () => Promise<void>;
  let a: Deps;
  let b: Deps;
  let tenant: CreatedTenant;
  let other: CreatedTenant;
  const people: Member[] = [];
  const SURNAMES = ['Virtanen', 'Korhonen', 'Nieminen', 'Mäkinen', 'Hämäläinen', 'Laine', 'Koskinen', 'Kivirinta', 'Ahola', 'Åkerman'];
  const FIRST = ['Aino', 'Eero', 'Liisa', 'Ville', 'Sanna', 'Olli'];
  const TERMS = ['ine', 'nen', 'iri', 'hol', 'ola', 'kerm', 'mak', 'ai', 'sanna', '0401', 'example', 'zzz', 'aino kor', 'lii'];
  const limits = { ...KEPT_TEXT_LIMITS };

  const textOf = (first: string, last: string, email: string, phone: string) => foldForSearch(`${first} ${last} ${email} ${phone}`);
  const add = async (deps: Deps, t: CreatedTenant, first: string, last: string, i: number) => {
    const email = `${first}.${last}.${i}@example.fi`.toLowerCase();
    const phone = `040${String(1000000 + i)}`;
    return insert(deps.db, t.tenant.id, { ...memberRow({ firstname: first, lastname: last, email, phone }), search_text: textOf(first, last, email, phone) });
  };
  const rename = (deps: Deps, m: Member, first: string, last: string) =>
    deps.db
      .updateTable('members')
      .set({ firstname: first, lastname: last, search_text: textOf(first, last, m.email ?? '', m.phone ?? '') })
      .where('id', '=', m.id)
      .execute();

  /** An association's versions as a search reads them (this test's by default). */
  const at = async (t: CreatedTenant = tenant) => {
    const v = (await listVersions(a.db, a.dialect, t.tenant.id))!;
    return { version: v.list, changedSince: (from: string) => v.changedSince(from) };
  };
  /** The kept texts at the current version, built first if need be (a build already running may end at an older version: then once more). */
  const current = async (): Promise<KeptTexts> => {
    for (let round = 0; round < 3; round++) {
      const kept = await keptTexts(a.db, a.dialect, tenant.tenant.id, await at());
      if (kept) return kept;
      await keptTextsBuilt(a.db);
    }
    throw new Error('the texts were not built');
  };
  const ctx = () => ({ db: a.db, dialect: a.dialect, tenantId: tenant.tenant.id });
  const names = (ms: Member[]) => ms.map((m) => `${m.lastname} ${m.firstname} ${m.id}`);

  /** Every term answers as the database does, with pages of 11 and of 101. */
  async function expectSame(kept: KeptTexts) {
    for (const term of TERMS) {
      for (const limit of [11, 101]) {
        const fromKept = await search(ctx(), term, { deleted: false, limit, kept: async () => kept });
        const fromDb = await search(ctx(), term, { deleted: false, limit });
        expect(names(fromKept), `${term} (${limit})`).toEqual(names(fromDb));
      }
    }
  }

  beforeAll(async () => {
    ({ a, b, close } = await twoConnections(new ManualClock(new Date('2026-11-20T08:00:00Z'))));
    tenant = await makeTenant(a);
    other = await makeTenant(a, 'Toinen seura ry');
    for (let i = 0; i < 300; i++) people.push(await add(a, tenant, FIRST[i % FIRST.length]!, SURNAMES[(i * 7) % SURNAMES.length]!, i));
    // The other association's members hold the same letters, and are never found.
    for (let i = 0; i < 20; i++) await add(a, other, 'Aino', 'Virtanen', 1000 + i);
  });
  afterEach(() => Object.assign(KEPT_TEXT_LIMITS, limits));
  afterAll(() => close());

  it('is built in the background on the first search and then answers as the database does', async () => {
    const first = await keptTexts(a.db, a.dialect, tenant.tenant.id, await at());
    expect(first).toBeNull();
    await keptTextsBuilt(a.db);
    const kept = await current();
    expect(kept.size).toBe(301);
    await expectSame(kept);
    const ids = new Set(people.map((m) => m.id));
    for (const term of ['virtanen', 'aino']) for (const m of await search(ctx(), term, { deleted: false, limit: 101, kept: async () => kept })) expect(ids.has(m.id)).toBe(true);
  });

  it('is brought up to each write by reading the written members only', async () => {
    const kept = await current();
    const [moved, removed, applying] = [people[3]!, people[10]!, people[11]!];
    // Renamed (its place A–Ö moves), deleted, applying, and a new member.
    await rename(a, moved, 'Aapeli', 'Aaltola');
    await a.db.updateTable('members').set({ deleted_at: '2026-11-20T09:00:00.000Z' }).where('id', '=', removed.id).execute();
    await a.db.updateTable('members').set({ pending: 1 }).where('id', '=', applying.id).execute();
    const added = await add(a, tenant, 'Iines', 'Ankka', 400);
    const now = await keptTexts(a.db, a.dialect, tenant.tenant.id, await at());
    // The same object, brought on: no build.
    expect(now).toBe(kept);
    expect(kept.writtenCount).toBe(2);
    expect(kept.size).toBe(300);
    await expectSame(kept);
    expect(names(await search(ctx(), 'aalto', { deleted: false, limit: 11, kept: async () => kept }))).toEqual([`Aaltola Aapeli ${moved.id}`]);
    expect((await search(ctx(), 'iines', { deleted: false, limit: 11, kept: async () => kept })).map((m) => m.id)).toEqual([added.id]);
    // A search that read its version before another one brought the texts on, so its log cannot
    // tell what changed since: the database answers it, and the texts stay as they are.
    KEPT_TEXT_LIMITS.gapMs = 60_000;
    expect(await keptTexts(a.db, a.dialect, tenant.tenant.id, { version: 'older', changedSince: () => null })).toBeNull();
    expect(await keptTexts(a.db, a.dialect, tenant.tenant.id, await at())).toBe(kept);
    // Back as they were.
    await a.db.updateTable('members').set({ deleted_at: null }).where('id', '=', removed.id).execute();
    await a.db.updateTable('members').set({ pending: 0 }).where('id', '=', applying.id).execute();
    await expectSame((await keptTexts(a.db, a.dialect, tenant.tenant.id, await at()))!);
  });

  it('is built anew after a write it cannot tell, and meanwhile leaves the search to the database', async () => {
    const kept = await current();
    // More members in one statement than a step tells.
    await a.db
      .updateTable('members')
      .set({ search_text: textOf('Aino', 'Laine', 'x@example.fi', '') })
      .where('tenant_id', '=', tenant.tenant.id)
      .where('id', 'in', people.slice(100, 180).map((m) => m.id))
      .execute();
    expect(await keptTexts(a.db, a.dialect, tenant.tenant.id, await at())).toBeNull();
    await keptTextsBuilt(a.db);
    const built = (await keptTexts(a.db, a.dialect, tenant.tenant.id, await at()))!;
    expect(built).not.toBe(kept);
    await expectSame(built);
  });

  it('is built anew once too many members were written since, serving until then', async () => {
    KEPT_TEXT_LIMITS.written = 3;
    KEPT_TEXT_LIMITS.gapMs = 0;
    const kept = await current();
    for (const m of people.slice(20, 25)) await rename(a, m, m.firstname, `${m.lastname}x`);
    // Five written, over the limit of 3 but not over four times it: still served, and a build started.
    expect(await keptTexts(a.db, a.dialect, tenant.tenant.id, await at())).toBe(kept);
    await expectSame(kept);
    await keptTextsBuilt(a.db);
    const built = (await keptTexts(a.db, a.dialect, tenant.tenant.id, await at()))!;
    expect(built).not.toBe(kept);
    expect(built.writtenCount).toBe(0);
    await expectSame(built);
  });

  it("lets go of the least recently searched association's texts over the memory limit", async () => {
    KEPT_TEXT_LIMITS.gapMs = 0;
    const mine = await current();
    expect(await keptTexts(a.db, a.dialect, other.tenant.id, await at(other))).toBeNull();
    KEPT_TEXT_LIMITS.bytes = mine.bytes + 1;
    await keptTextsBuilt(a.db);
    const theirs = (await keptTexts(a.db, a.dialect, other.tenant.id, await at(other)))!;
    expect(theirs.size).toBe(21);
    // Both no longer fit: the one searched less lately went (and is built again, within the usual limit).
    const gone = keptTexts(a.db, a.dialect, tenant.tenant.id, await at());
    Object.assign(KEPT_TEXT_LIMITS, limits);
    expect(await gone).toBeNull();
    await keptTextsBuilt(a.db);
  });

  it('answers the API as the database does through any mix of writes on two connections', async () => {
    KEPT_TEXT_LIMITS.gapMs = 0;
    // Pages of 40: builds read the names and texts in several queries, between which this test writes.
    KEPT_TEXT_LIMITS.chunk = 40;
    let seed = 11;
    const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    for (let step = 0; step < 50; step++) {
      const m = people[rnd(people.length)]!;
      const deps = rnd(4) === 0 ? b : a;
      switch (rnd(5)) {
        case 0:
          await rename(deps, m, FIRST[rnd(FIRST.length)]!, SURNAMES[rnd(SURNAMES.length)]!);
          break;
        case 1:
          await deps.db.updateTable('members').set({ deleted_at: rnd(2) === 0 ? '2026-11-20T10:00:00.000Z' : null }).where('id', '=', m.id).execute();
          break;
        case 2:
          await deps.db.updateTable('members').set({ pending: rnd(3) === 0 ? 1 : 0 }).where('id', '=', m.id).execute();
          break;
        case 3:
          people.push(await add(deps, tenant, FIRST[rnd(FIRST.length)]!, SURNAMES[rnd(SURNAMES.length)]!, 500 + step));
          break;
        default:
          // Two members in one transaction.
          await deps.db.transaction().execute(async (trx) => {
            await rename({ ...deps, db: trx }, m, 'Ola', 'Nordman');
            await rename({ ...deps, db: trx }, people[rnd(people.length)]!, 'Sanna', 'Holm');
          });
      }
      // Through the API's service, whose cache is keyed by the list version; and straight.
      const term = TERMS[step % TERMS.length]!;
      const served = await quicksearch(a, tenant.tenant, term, { deleted: false, showAll: true, minChars: 2 });
      const fresh = await search(ctx(), term, { deleted: false, limit: 101 });
      expect(served.results.map((r) => r.id)).toEqual(fresh.slice(0, 100).map((r) => r.id));
      if (step % 10 === 9) await expectSame(await current());
    }
  });
});
