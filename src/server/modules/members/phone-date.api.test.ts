import { beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeField } from '../../test/factories';
import { makeXlsx } from '../../test/factories/xlsx';
import { uploadFile } from '../../test/factories/upload';

// Dates typed on a phone's number pad, and foreign mobiles,
// through the member form's API, the public application and the import.

describe(`member dates and phone numbers (${testDialect})`, () => {
  const { admin } = adminContext();

  beforeAll(async () => {
    await makeField(admin, { name: 'syntymapaiva', label: 'Syntymäpäivä', type: 'date', visibility: 2 });
  });

  let n = 0;
  const member = (over: Record<string, unknown> = {}) => {
    n += 1;
    return { firstname: 'Maija', lastname: `Mäkinen${n}`, email: `pd${n}@example.fi`, ...over };
  };

  it('saves dates typed as 24121990, 24 12 1990, 24-12-1990, 24.12.1990 or ISO', async () => {
    for (const typed of ['24121990', '24 12 1990', '24-12-1990', '24.12.1990', '1990-12-24']) {
      const r = await admin.post('/api/1/members/new', member({ syntymapaiva: typed }));
      expect(r.status, typed).toBe(200);
      expect(r.body.syntymapaiva, typed).toBe('1990-12-24');
    }
    const created = await admin.post('/api/1/members/new', member());
    const updated = await admin.post(`/api/1/members/${String(created.body.id)}`, { syntymapaiva: '05 03 2001' });
    expect(updated.status).toBe(200);
    expect(updated.body.syntymapaiva).toBe('2001-03-05');
  });

  it('refuses impossible dates and dates before 1.1.1901 in every form', async () => {
    for (const typed of ['31022026', '31.2.2026', '31 02 2026', '31121900', '1900-12-31', '2412199', '24/12/1990']) {
      const r = await admin.post('/api/1/members/new', member({ syntymapaiva: typed }));
      expect(r.status, typed).toBe(400);
      expect(r.body.errors, typed).toEqual({ syntymapaiva: ['_validation_date_invalid'] });
    }
  });

  it('stores foreign mobiles as E.164, keeps Finnish rules, and marks SMS unsupported for foreign numbers', async () => {
    const cases: [string, string][] = [
      ['+46 70 123 45 67', '+46701234567'],
      ['+372 5123 4567', '+37251234567'],
      ['0041 78 123 45 67', '+41781234567'],
      ['040 765 4321', '+358407654321'],
    ];
    for (const [typed, e164] of cases) {
      const r = await admin.post('/api/1/members/new', member({ phone: typed }));
      expect(r.status, typed).toBe(200);
      expect(r.body.phone, typed).toBe(e164);
      expect(r.body.uptodate_, typed).toEqual({ email: 'unused', sms: e164.startsWith('+358') ? 'unused' : 'unsupported' });
    }
    // The same foreign number written another way is still the same number.
    const dup = await admin.post('/api/1/members/new', member({ phone: '+46701234567' }));
    expect(dup.body.errors).toEqual({ phone: ['members_phone_not_unique'] });
    // Filters find a foreign number written the way people write it.
    for (const [verb, value] of [['eq', '+46 70 123 45 67'], ['eq', '0046701234567'], ['starts', '+372 5123']] as const) {
      const found = await admin.post('/api/1/members/get_results', { filter: [{ field: 'phone', verb, value }], columns: ['phone'] });
      expect(found.body.stats.result_count, value).toBe(1);
    }
    const finnish = await admin.post('/api/1/members/get_results', { filter: [{ field: 'phone', verb: 'eq', value: '040 765 4321' }], columns: ['phone'] });
    expect(finnish.body.results).toMatchObject([{ phone: '+358407654321' }]);
    const noPhone = await admin.post('/api/1/members/new', member({ email: null }));
    expect(noPhone.body.uptodate_).toEqual({ email: 'missing', sms: 'missing' });
  });

  it('refuses landlines and malformed numbers, Finnish or foreign', async () => {
    const cases: [string, string][] = [
      ['09 1234 5678', 'members_phone_prefix'],
      ['+46 8 123 456 78', 'members_phone_prefix'],
      ['+46 70', 'members_phone_length'],
      ['040 12', 'members_phone_length'],
      ['+46 70 abc', 'members_phone_format'],
    ];
    for (const [typed, key] of cases) {
      const r = await admin.post('/api/1/members/new', member({ phone: typed }));
      expect(r.status, typed).toBe(400);
      expect(r.body.errors, typed).toEqual({ phone: [key] });
    }
  });

  it('imports number-pad dates and foreign mobiles', async () => {
    const bytes = await makeXlsx([
      ['Etunimi', 'Sukunimi', 'Sähköposti', 'Puhelin', 'Syntymäpäivä'],
      ['Sven', 'Tuotu', 'sven@x.se', '+46 70 999 88 77', '24121990'],
      ['Mari', 'Tuotu', 'mari@x.ee', '+372 5999 8877', '1 2 1985'],
    ]);
    const up = await uploadFile(admin, 'ulkomaat.xlsx', bytes);
    expect(up.status).toBe(200);
    const meta = await admin.post('/api/1/importer/get_sheet_metadata', { id: up.body.id });
    const run = await admin.post('/api/1/importer/importer', { id: up.body.id, mapping: meta.body.suggested_mapping, dry_run: false });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ created: 2, errors: [] });
    const list = await admin.post('/api/1/members/get_results', { filter: [{ field: 'lastname', verb: 'eq', value: 'Tuotu' }], columns: ['phone', 'syntymapaiva'], sort: { field: 'firstname', dir: 'asc' } });
    expect(list.body.results).toMatchObject([
      { firstname: 'Mari', phone: '+37259998877', syntymapaiva: '1985-02-01' },
      { firstname: 'Sven', phone: '+46709998877', syntymapaiva: '1990-12-24' },
    ]);
  });
});
