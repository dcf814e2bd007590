import { beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeField } from '../../test/factories';

// An empty value in bulk edit cleared the field for every member, and a
// skipped value field sent exactly that. Clearing now has to be asked for by name.

describe(`bulk edit: clearing is explicit (${testDialect})`, () => {
  const { admin } = adminContext();
  const ids: number[] = [];

  beforeAll(async () => {
    await makeField(admin, { name: 'seura', label: 'Seura', type: 'text', visibility: 2 });
    await makeField(admin, { name: 'maksu', label: 'Maksu', type: 'decimal', visibility: 2 });
    await makeField(admin, { name: 'uutiskirje', label: 'Uutiskirje', type: 'checkbox', visibility: 2 });
    for (const i of [0, 1]) {
      const r = await admin.post('/api/1/members/new', { firstname: `Tyhjä${i}`, lastname: 'Testi', email: `t${i}@x.fi`, seura: 'Ilves', maksu: '12,5', address_city: 'Tampere', uutiskirje: true });
      ids.push(r.body.id as number);
    }
  });

  const filter = [{ field: 'lastname', verb: 'eq', value: 'Testi' }];
  const get = async (id: number) => (await admin.get(`/api/1/members/${id}`)).body;

  it('refuses an empty value unless the field is named in clear, and changes nobody', async () => {
    for (const empty of ['', null, '   ']) {
      const r = await admin.post('/api/1/members/bulkupdate', { filter, data: { seura: empty, address_city: empty, maksu: empty } });
      expect(r.status, JSON.stringify(empty)).toBe(400);
      expect(r.body.errors).toEqual({ seura: ['members_bulk_empty_value'], address_city: ['members_bulk_empty_value'], maksu: ['members_bulk_empty_value'] });
    }
    for (const id of ids) expect(await get(id)).toMatchObject({ seura: 'Ilves', address_city: 'Tampere', maksu: 12.5 });
  });

  it('refuses clear together with a value, and clear of a checkbox, flag or group', async () => {
    const both = await admin.post('/api/1/members/bulkupdate', { filter, data: { seura: 'KalPa' }, clear: ['seura'] });
    expect(both.body.errors).toEqual({ seura: ['members_bulk_clear_with_value'] });
    const odd = await admin.post('/api/1/members/bulkupdate', { filter, clear: ['uutiskirje', 'active', 'firstname'] });
    expect(odd.body.errors).toEqual({ uutiskirje: ['_validation_invalid'], active: ['_validation_invalid'], firstname: ['members_bulk_not_editable'] });
  });

  it('clears the fields named in clear (with or without an empty value), undoably; a checkbox "no" needs no clear', async () => {
    const r = await admin.post('/api/1/members/bulkupdate', { filter, data: { maksu: '', uutiskirje: false }, clear: ['seura', 'address_city', 'maksu'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.count).toBe(2);
    for (const id of ids) {
      const m = await get(id);
      expect(m.seura ?? null).toBeNull();
      expect(m.address_city ?? null).toBeNull();
      expect(m.maksu ?? null).toBeNull();
      expect(m.uutiskirje ?? false).toBe(false);
    }
    expect((await admin.post('/api/1/members/undo', { batch_id: r.body.batch_id })).status).toBe(200);
    for (const id of ids) expect(await get(id)).toMatchObject({ seura: 'Ilves', address_city: 'Tampere', maksu: 12.5, uutiskirje: true });
  });
});
