import { beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { memberClient, testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeXlsx as xlsx } from '../../test/factories/xlsx';
import { uploadFile } from '../../test/factories/upload';

/** multipart/form-data with one file field, as a browser sends it. */

describe(`importer API (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext();

  beforeAll(async () => {
    await admin.post('/api/1/fields/new', { name: 'syntymapaiva', label: 'Syntymäpäivä', type: 'date', visibility: 2 });
    await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro' });
    await admin.post('/api/1/members/new', { firstname: 'Vanha', lastname: 'Jäsen', email: 'vanha@x.fi', address_city: 'Turku' });
  });

  const HEADER = ['Etunimi', 'Sukunimi', 'Sähköposti', 'Puhelin', 'Postitoimipaikka', 'Syntymäpäivä', 'Kuoro'];
  const people = (n: number) =>
    Array.from({ length: n }, (_, i) => [`Nimi${i}`, 'Tuotu', `tuotu${i}@x.fi`, `040 ${String(1000000 + i).slice(0, 3)} ${String(1000000 + i).slice(3)}`, 'Tampere', `${1 + (i % 28)}.3.1990`, i % 2 ? 'x' : '']);

  /** Everything that an import could touch, fingerprinted. */
  async function fingerprint(): Promise<string> {
    const db = t.deps.db;
    const parts = await Promise.all([
      db.selectFrom('members').selectAll().where('tenant_id', '=', a.tenant.id).orderBy('id').execute(),
      db.selectFrom('member_values').selectAll().where('tenant_id', '=', a.tenant.id).orderBy('member_id').orderBy('field_id').execute(),
      db.selectFrom('member_groups').selectAll().where('tenant_id', '=', a.tenant.id).orderBy('member_id').orderBy('group_id').execute(),
    ]);
    return crypto.createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  }

  it('uploads, suggests a mapping from Finnish headers, dry-runs, imports and undoes exactly', async () => {
    const rows = [HEADER, ...people(20), ['Vanha', 'Jäsen', 'VANHA@x.fi', '', 'Oulu', '', 'kyllä']];
    const up = await uploadFile(admin, 'jasenet.xlsx', await xlsx(rows));
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ filename: 'jasenet.xlsx', sheets: [{ name: 'Jäsenet', row_count: 21 }] });
    const meta = await admin.post('/api/1/importer/get_sheet_metadata', { id: up.body.id });
    expect(meta.body.src_cols).toEqual(HEADER);
    expect(meta.body.data_rows).toHaveLength(10);
    expect(meta.body.suggested_mapping).toEqual([
      { src_col: 'Etunimi', dst_field: 'firstname' },
      { src_col: 'Sukunimi', dst_field: 'lastname' },
      { src_col: 'Sähköposti', dst_field: 'email' },
      { src_col: 'Puhelin', dst_field: 'phone' },
      { src_col: 'Postitoimipaikka', dst_field: 'address_city' },
      { src_col: 'Syntymäpäivä', dst_field: 'syntymapaiva' },
      { src_col: 'Kuoro', dst_field: 'kuoro' },
    ]);
    const before = await fingerprint();
    const body = { id: up.body.id, mapping: meta.body.suggested_mapping, dry_run: true };
    const dry = await admin.post('/api/1/importer/importer', body);
    expect(dry.body).toMatchObject({ created: 20, updated: 1, unchanged: 0, skipped: 0, skipped_different_person: 0, errors: [] });
    expect(await fingerprint()).toBe(before);

    const run = await admin.post('/api/1/importer/importer', { ...body, dry_run: false });
    expect(run.body).toMatchObject({ created: 20, updated: 1, import_id: up.body.id });
    const list = await admin.post('/api/1/members/get_results', { filter: [{ field: 'lastname', verb: 'eq', value: 'Tuotu' }], columns: ['phone', 'syntymapaiva', 'kuoro', 'imported'] });
    expect(list.body.stats.result_count).toBe(20);
    expect(list.body.results[1]).toMatchObject({ phone: expect.stringMatching(/^\+35840/), syntymapaiva: '1990-03-02', kuoro: true });
    const old = (await admin.post('/api/1/members/quicksearch', { term: 'vanha@x.fi' })).body.results[0];
    const oldFull = (await admin.get(`/api/1/members/${old.id}`)).body;
    expect(oldFull).toMatchObject({ address_city: 'Oulu', kuoro: true, imported: false });
    const hist = (await admin.post('/api/1/members/get_history', { id: old.id })).body;
    expect(hist[0].data).toContainEqual({ field: 'address_city', label: 'Postitoimipaikka', old: 'Turku', new: 'Oulu' });

    const imports = await admin.post('/api/1/importer/all', { page: 0 });
    expect(imports.body.count).toBe(1);
    expect(imports.body.results[0]).toMatchObject({ filename: 'jasenet.xlsx', person_count: 21, author: 'Pää Käyttäjä', undone_at: null });
    expect((await admin.post('/api/1/importer/importer', { ...body, dry_run: false })).status).toBe(409);

    const undo = await admin.post('/api/1/importer/mark_undone', { id: up.body.id });
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ restored: 21, kept: 0 });
    expect((await admin.post('/api/1/members/get_results', { filter: [{ field: 'lastname', verb: 'eq', value: 'Tuotu' }] })).body.stats.result_count).toBe(0);
    expect((await admin.get(`/api/1/members/${old.id}`)).body).toMatchObject({ address_city: 'Turku', kuoro: false });
    expect((await admin.post('/api/1/importer/all', { page: 0 })).body.results[0].undone_at).not.toBeNull();
  });

  it('refuses a file with errors: nothing imported, database unchanged', async () => {
    const rows = [
      HEADER,
      ...people(4).map((r, i) => r.map((c, j) => (j === 2 ? `virhe${i}@x.fi` : j === 3 ? '' : c))),
      ['Emoji', 'Rivi', 'emoji@x.fi', '', 'Tampere 🎉', '', ''], // row 6: a 4-byte emoji
      ['Päivä', 'Rivi', 'paiva@x.fi', '', 'Tampere', '31.2.1990', ''], // row 7: invalid date
      ['Kaava', 'Rivi', 'kaava@x.fi', '', { formula: 'A1&B1', result: 'x' }, '', ''], // row 8: formula
      ['Tupla', 'Rivi', 'virhe0@x.fi', '', 'Tampere', '', ''], // row 9: duplicate email in file
    ];
    const up = await uploadFile(admin, 'virheet.xlsx', await xlsx(rows));
    const before = await fingerprint();
    const mapping = (await admin.post('/api/1/importer/get_sheet_metadata', { id: up.body.id })).body.suggested_mapping;
    const dry = await admin.post('/api/1/importer/importer', { id: up.body.id, mapping, dry_run: true });
    expect(dry.body.errors).toEqual([
      { row: 6, column: 'Postitoimipaikka', key: '_validation_unsupported_characters' },
      { row: 7, column: 'Syntymäpäivä', key: '_validation_date_invalid' },
      { row: 8, column: 'Postitoimipaikka', key: 'import_formula_cell' },
      { row: 9, column: 'Sähköposti', key: 'members_email_duplicate_in_file' },
    ]);
    expect(dry.body).toMatchObject({ created: 4, skipped: 4 });
    const badGroup = await uploadFile(admin, 'ryhma.csv', Buffer.from('Etunimi;Sukunimi;Sähköposti;Kuoro\nA;B;ab@x.fi;ehkä\n'));
    const gm = (await admin.post('/api/1/importer/get_sheet_metadata', { id: badGroup.body.id })).body.suggested_mapping;
    expect((await admin.post('/api/1/importer/importer', { id: badGroup.body.id, mapping: gm, dry_run: true })).body.errors).toEqual([{ row: 2, column: 'Kuoro', key: '_validation_invalid' }]);
    const refused = await admin.post('/api/1/importer/importer', { id: up.body.id, mapping, dry_run: false });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ general: ['import_has_errors'] });
    expect(await fingerprint()).toBe(before);
    const skipped = await admin.post('/api/1/importer/importer', { id: up.body.id, mapping, dry_run: false, skip_error_rows: true });
    expect(skipped.body).toMatchObject({ created: 4, skipped: 4 });
  });

  it('checks the mapping: every column mapped, no destination twice', async () => {
    const up = await uploadFile(admin, 'k.csv', Buffer.from('Etunimi;Nimi;Sukunimi\nA;B;C\n'));
    const base = { id: up.body.id, dry_run: true };
    const dup = await admin.post('/api/1/importer/importer', { ...base, mapping: [{ src_col: 'Etunimi', dst_field: 'firstname' }, { src_col: 'Nimi', dst_field: 'firstname' }, { src_col: 'Sukunimi', dst_field: 'lastname' }] });
    expect(dup.body).toEqual({ errors: { mapping: ['import_duplicate_destination'] }, params: { columns: ['Etunimi', 'Nimi'] } });
    const missing = await admin.post('/api/1/importer/importer', { ...base, mapping: [{ src_col: 'Etunimi', dst_field: 'firstname' }] });
    expect(missing.body).toEqual({ errors: { mapping: ['import_unmapped_column'] }, params: { columns: ['Nimi', 'Sukunimi'] } });
    // Without an email column nothing can be matched: every row is a new member.
    const noKey = await admin.post('/api/1/importer/importer', { ...base, mapping: [{ src_col: 'Etunimi', dst_field: 'firstname' }, { src_col: 'Nimi', dst_field: '_ignore' }, { src_col: 'Sukunimi', dst_field: 'lastname' }] });
    expect(noKey.body).toMatchObject({ created: 1, updated: 0, errors: [] });
    const badKey = await admin.post('/api/1/importer/importer', { ...base, key_field: 'kuoro', mapping: [{ src_col: 'Etunimi', dst_field: 'firstname' }, { src_col: 'Nimi', dst_field: '_ignore' }, { src_col: 'Sukunimi', dst_field: 'lastname' }] });
    expect(badKey.body.errors).toEqual({ key_field: ['_validation_invalid_choice'] });
  });

  it('catches a phone number twice in the file, and keeps stored values for empty cells of updated members', async () => {
    await admin.post('/api/1/members/new', { firstname: 'Pysyvä', lastname: 'Arvo', email: 'pysyva@x.fi', address_city: 'Vaasa' });
    const csv = 'Etunimi;Sukunimi;Sähköposti;Puhelin;Postitoimipaikka\nA;A;a1@x.fi;0401112233;Oulu\nB;B;b1@x.fi;040 111 2233;Oulu\nPysyvä;Arvo;pysyva@x.fi;;\n';
    const up = await uploadFile(admin, 'puh.csv', Buffer.from(csv));
    const mapping = (await admin.post('/api/1/importer/get_sheet_metadata', { id: up.body.id })).body.suggested_mapping;
    const dry = await admin.post('/api/1/importer/importer', { id: up.body.id, mapping, dry_run: true });
    expect(dry.body.errors).toEqual([{ row: 3, column: 'Puhelin', key: 'members_phone_duplicate_in_file' }]);
    expect(dry.body).toMatchObject({ created: 1, unchanged: 1 });
    await admin.post('/api/1/importer/importer', { id: up.body.id, mapping, dry_run: false, skip_error_rows: true });
    const kept = (await admin.post('/api/1/members/quicksearch', { term: 'pysyva@x.fi' })).body.results[0];
    expect((await admin.get(`/api/1/members/${kept.id}`)).body.address_city).toBe('Vaasa');
  });

  it('reads Windows-1252 csv with commas', async () => {
    const latin1 = Buffer.from('Etunimi,Sukunimi,Sähköposti\r\nÄijä,Öhman,aija@x.fi\r\n', 'latin1');
    const up = await uploadFile(admin, 'vanha.csv', latin1);
    const meta = await admin.post('/api/1/importer/get_sheet_metadata', { id: up.body.id });
    expect(meta.body.src_cols).toEqual(['Etunimi', 'Sukunimi', 'Sähköposti']);
    expect(meta.body.data_rows).toEqual([['Äijä', 'Öhman', 'aija@x.fi']]);
  });

  it('answers upload_error for empty, malformed or non-table files', async () => {
    for (const [name, bytes] of [
      ['tyhja.csv', Buffer.alloc(0)],
      ['rikki.xlsx', Buffer.from('PK\u0003\u0004garbage')],
      ['kuva.png', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
    ] as const) {
      const r = await uploadFile(admin, name, bytes);
      expect(r.status, name).toBe(400);
      expect(r.body).toEqual({ errors: { file: ['upload_error'] } });
    }
    const notMultipart = await admin.post('/api/1/importer/upload', { file: 'x' });
    expect(notMultipart.body).toEqual({ errors: { file: ['upload_error'] } });
  });

  it('is for site admins only', async () => {
    const board = await memberClient(t, a, 'board');
    expect((await uploadFile(board, 'x.csv', Buffer.from('a\nb'))).status).toBe(403);
    expect((await board.post('/api/1/importer/all', {})).status).toBe(403);
    expect((await board.post('/api/1/importer/mark_undone', { id: crypto.randomUUID() })).status).toBe(403);
  });
});
