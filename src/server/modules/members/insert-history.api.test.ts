import { beforeAll, describe, expect, it } from 'vitest';
import { Client, testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeField } from '../../test/factories';

// A member's story starts with one PersonInsert entry, formatted the same way whether the
// member was added on the form or came in as an approved application.
describe(`a new member's first history entry has one format (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext();

  beforeAll(async () => {
    await makeField(admin, { name: 'syntymapaiva', label: 'Syntymäpäivä', type: 'date', visibility: 3, on_apply_form: true });
    await makeField(admin, { name: 'kotikunta', label: 'Kotikunta', type: 'text', on_apply_form: true });
  });

  const person = { firstname: 'Sanni', lastname: 'Saari', address_city: 'Kuopio', syntymapaiva: '5.3.1990', kotikunta: 'Siilinjärvi' };
  const firstEntry = async (id: number) => {
    const h = await admin.post('/api/1/members/get_history', { id });
    expect(h.status).toBe(200);
    const inserts = h.body.filter((e: { context: string }) => e.context === 'PersonInsert');
    expect(inserts).toHaveLength(1);
    return inserts[0].data as { field: string; label: string; old: unknown; new: unknown }[];
  };

  it('shows an approved application\'s values as the form does (dates d.M.yyyy), like a member added on the form', async () => {
    const added = await admin.post('/api/1/members/new', { ...person, email: 'sanni.lomake@example.fi' });
    expect(added.status).toBe(200);

    const visitor = new Client(t.app, a.tenant.hostname!, { ip: '10.77.0.1', csrf: false });
    const applied = await visitor.post('/api/1/members/apply', { ...person, email: 'sanni.hakemus@example.fi', hp_website: '', form_started_at: t.clock.now().getTime() - 60_000 });
    expect(applied.status).toBe(200);
    const pending = await t.deps.db.selectFrom('members').select('id').where('tenant_id', '=', a.tenant.id).where('email', '=', 'sanni.hakemus@example.fi').executeTakeFirstOrThrow();
    expect((await admin.post('/api/1/members/approve', { id: pending.id })).status).toBe(200);

    const fromForm = await firstEntry(added.body.id);
    const fromApplication = await firstEntry(pending.id);
    expect(fromApplication).toContainEqual({ field: 'syntymapaiva', label: 'Syntymäpäivä', old: null, new: '5.3.1990' });
    const withoutEmail = (data: typeof fromForm) => data.filter((d) => d.field !== 'email');
    expect(withoutEmail(fromApplication)).toEqual(withoutEmail(fromForm));
  });
});
