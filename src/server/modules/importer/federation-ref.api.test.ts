import { describe, expect, it } from 'vitest';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeXlsx as xlsx } from '../../test/factories/xlsx';
import { uploadFile } from '../../test/factories/upload';

// The federation register's member id (members.federation_ref) makes a round trip: the
// import reads the system column "Liiton jäsennumero", the export writes it under the same
// header, and the exported file imports back without changes; a changed id is an update
// with history and undo like any other column.

describe(`federation member id in import and export (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext();
  const refOf = async (email: string) =>
    (await t.deps.db.selectFrom('members').select(['id', 'federation_ref']).where('tenant_id', '=', a.tenant.id).where('email', '=', email).executeTakeFirstOrThrow());

  async function importFile(name: string, bytes: Buffer | string, keyField?: string) {
    const up = await uploadFile(admin, name, bytes);
    expect(up.status).toBe(200);
    const meta = await admin.post('/api/1/importer/get_sheet_metadata', { id: up.body.id });
    const run = await admin.post('/api/1/importer/importer', { id: up.body.id, mapping: meta.body.suggested_mapping, dry_run: false, ...(keyField ? { key_field: keyField } : {}) });
    return { id: up.body.id as number, mapping: meta.body.suggested_mapping as unknown[], run: run.body as Record<string, unknown> };
  }

  it('imports "Liiton jäsennumero", exports it back, re-imports unchanged, updates with history and undo', async () => {
    const first = await importFile('liitto.xlsx', await xlsx([
      ['Etunimi', 'Sukunimi', 'Sähköposti', 'Liiton jäsennumero'],
      ['Veikko', 'Liittolainen', 'veikko@x.fi', 'SL-1001'],
      ['Vilma', 'Paikallinen', 'vilma@x.fi', ''],
    ]));
    expect(first.mapping).toContainEqual({ src_col: 'Liiton jäsennumero', dst_field: 'federation_ref' });
    expect(first.run).toMatchObject({ created: 2, errors: [] });
    const veikko = await refOf('veikko@x.fi');
    expect(veikko.federation_ref).toBe('SL-1001');
    expect((await refOf('vilma@x.fi')).federation_ref).toBeNull();
    const created = (await admin.post('/api/1/members/get_history', { id: veikko.id })).body;
    expect(created[0].data).toContainEqual({ field: 'federation_ref', label: 'Liiton jäsennumero', old: null, new: 'SL-1001' });

    const tok = await admin.post('/api/1/members/export_token', { filter: [], format: 'csv', columns: ['email', 'federation_ref'] });
    expect(tok.status).toBe(200);
    const csv = String((await admin.get(tok.body.url as string)).body);
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Jäsennumero (järjestelmä);Etunimi;Sukunimi;Sähköposti;Liiton jäsennumero');
    expect(lines).toContainEqual(`"${String(veikko.id)}";"Veikko";"Liittolainen";"veikko@x.fi";"SL-1001"`);

    const back = await importFile('takaisin.csv', csv, 'id');
    expect(back.mapping).toContainEqual({ src_col: 'Liiton jäsennumero', dst_field: 'federation_ref' });
    expect(back.run).toMatchObject({ created: 0, updated: 0, errors: [] });

    const changed = await importFile('muutos.xlsx', await xlsx([['Sähköposti', 'Liiton jäsennumero'], ['veikko@x.fi', 'SL-2002']]));
    expect(changed.run).toMatchObject({ created: 0, updated: 1 });
    expect((await refOf('veikko@x.fi')).federation_ref).toBe('SL-2002');
    const hist = (await admin.post('/api/1/members/get_history', { id: veikko.id })).body;
    expect(hist.some((h: { data: unknown[] }) => h.data.some((d) => JSON.stringify(d) === JSON.stringify({ field: 'federation_ref', label: 'Liiton jäsennumero', old: 'SL-1001', new: 'SL-2002' })))).toBe(true);
    expect((await admin.post('/api/1/importer/mark_undone', { id: changed.id })).status).toBe(200);
    expect((await refOf('veikko@x.fi')).federation_ref).toBe('SL-1001');
  });

  it('refuses an over-long federation id in the row', async () => {
    const up = await uploadFile(admin, 'pitka.xlsx', await xlsx([['Etunimi', 'Sukunimi', 'Sähköposti', 'Liiton jäsennumero'], ['Pia', 'Pitkä', 'pia@x.fi', 'x'.repeat(101)]]));
    const meta = await admin.post('/api/1/importer/get_sheet_metadata', { id: up.body.id });
    const dry = await admin.post('/api/1/importer/importer', { id: up.body.id, mapping: meta.body.suggested_mapping, dry_run: true });
    expect(dry.body.errors).toEqual([{ row: 2, column: 'Liiton jäsennumero', key: '_validation_too_long' }]);
  });
});
