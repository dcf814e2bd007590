import { describe, expect, it } from 'vitest';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeMember } from '../../test/factories';

// One live member per email in an association: the service checks it first, and the
// database's unique index (migration 013) holds when two saves pass that check together.
describe(`email is unique, also under concurrent saves (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext();

  const liveWith = async (email: string) =>
    (await t.deps.db.selectFrom('members').select('id').where('tenant_id', '=', a.tenant.id).where('email', '=', email).where('deleted_at', 'is', null).execute()).length;
  const clean = { status: 400, body: { errors: { email: ['members_email_not_unique'] } } };

  it('two parallel adds with one address end with one member and one validation error', async () => {
    const add = (firstname: string) => admin.post('/api/1/members/new', { firstname, lastname: 'Kilpa', email: 'Kilpa@Example.fi' });
    const replies = await Promise.all([add('Eka'), add('Toka')]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = replies.find((r) => r.status === 400)!;
    expect({ status: refused.status, body: refused.body }).toEqual(clean);
    expect(await liveWith('kilpa@example.fi')).toBe(1);
  });

  it('two parallel edits giving two members one address end the same way', async () => {
    const [m1, m2] = [await makeMember(t.deps, a), await makeMember(t.deps, a)];
    const save = (id: number) => admin.post(`/api/1/members/${String(id)}`, { email: 'sama@example.fi' });
    const replies = await Promise.all([save(m1.id), save(m2.id)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(replies.find((r) => r.status === 400)!.body).toEqual(clean.body);
    expect(await liveWith('sama@example.fi')).toBe(1);
  });

  it('answers a write that breaks the index with the same validation error, never a 500', async () => {
    // Bulk restore checks each removed member's address against live members only, so two
    // removed members sharing one pass the check together; the index stops the second.
    const removed = { email: 'kaksi@example.fi', deleted_at: new Date().toISOString() };
    await makeMember(t.deps, a, removed);
    await makeMember(t.deps, a, removed);
    const r = await admin.post('/api/1/members/bulkrestore', { filter: [{ field: 'email', verb: 'eq', value: 'kaksi@example.fi' }] });
    expect({ status: r.status, body: r.body }).toEqual(clean);
    expect(await liveWith('kaksi@example.fi')).toBe(0);
  });

  it('lets removed members and applications share an address with a member', async () => {
    await makeMember(t.deps, a, { email: 'jaettu@example.fi' });
    await makeMember(t.deps, a, { email: 'jaettu@example.fi', deleted_at: new Date().toISOString() });
    await makeMember(t.deps, a, { email: 'jaettu@example.fi', pending: 1 });
    expect(await liveWith('jaettu@example.fi')).toBe(2); // the member and the application; the removed one besides
  });
});
