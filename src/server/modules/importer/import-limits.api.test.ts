import { describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import path from 'node:path';
import { forgetSheets } from './sheetCache';
import { testDialect, type Client, type Reply } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeXlsx as xlsx } from '../../test/factories/xlsx';
import { buildZip, readZip } from '../../test/factories/zip';
import { uploadFile } from '../../test/factories/upload';

// Resource limits of imports: crafted files are refused while parsing, without
// the server's memory growing with what the file would expand to, and an upload is parsed
// once for all the wizard's steps.


const MB = 1024 * 1024;

/** Uploads and answers the reply and how much the process grew meanwhile. */
async function measured(c: Client, filename: string, bytes: Buffer): Promise<{ reply: Reply; grewMb: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  const reply = await uploadFile(c, filename, bytes);
  return { reply, grewMb: (process.memoryUsage().rss - before) / MB };
}

describe(`import resource limits (${testDialect})`, () => {
  const { t, tenant, admin } = adminContext();

  it('refuses a 150 kB csv with a huge header as upload_error without growing the process', async () => {
    // One named column and ~148 000 empty ones, then a few short rows: the old parser padded
    // every row to the header's width (millions of cells).
    const csv = Buffer.from(`Etunimi${';'.repeat(148_000)}\n${'a\n'.repeat(20)}`);
    expect(csv.length).toBeLessThan(150_000);
    const { reply, grewMb } = await measured(admin, 'leveä.csv', csv);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ errors: { file: ['upload_error'] } });
    expect(grewMb).toBeLessThan(50);
    const rows = await measured(admin, 'pitkä.csv', Buffer.from(`Etunimi\n${'a\n'.repeat(75_000)}`));
    expect(rows.reply.body).toEqual({ errors: { file: ['upload_error'] } });
    expect(rows.grewMb).toBeLessThan(50);
  });

  it('refuses an xlsx zip bomb, honest or lying about its size, before inflating it', async () => {
    const real = readZip(await xlsx([['Etunimi'], ['Aino']]));
    const sheet = real.find((e) => e.name === 'xl/worksheets/sheet1.xml')!;
    // Valid XML that inflates to 120 MB: whitespace before </sheetData>.
    const xml = sheet.data.toString();
    const at = xml.indexOf('</sheetData>');
    const huge = Buffer.concat([Buffer.from(xml.slice(0, at)), Buffer.alloc(120 * MB, ' '), Buffer.from(xml.slice(at))]);
    const honest = buildZip(real.map((e) => (e === sheet ? { name: e.name, data: huge } : e)));
    const lying = buildZip(real.map((e) => (e === sheet ? { name: e.name, data: huge, declaredSize: sheet.data.length } : e)));
    expect(honest.length).toBeLessThan(1 * MB);
    for (const bomb of [honest, lying]) {
      const { reply, grewMb } = await measured(admin, 'pommi.xlsx', bomb);
      expect(reply.body).toEqual({ errors: { file: ['upload_error'] } });
      expect(grewMb).toBeLessThan(50);
    }
  });

  it('still imports legitimate csv and xlsx files, short rows included', async () => {
    const csv = await uploadFile(admin, 'jasenet.csv', Buffer.from('Etunimi;Sukunimi;Postitoimipaikka\nAino;Rajoitus\nEino;Rajoitus;Turku\n'));
    expect(csv.status).toBe(200);
    const meta = await admin.post('/api/1/importer/get_sheet_metadata', { id: csv.body.id });
    expect(meta.body.data_rows).toEqual([
      ['Aino', 'Rajoitus', ''],
      ['Eino', 'Rajoitus', 'Turku'],
    ]);
    const run = await admin.post('/api/1/importer/importer', { id: csv.body.id, mapping: meta.body.suggested_mapping, dry_run: false });
    expect(run.body).toMatchObject({ created: 2, errors: [] });

    const book = await uploadFile(admin, 'jasenet.xlsx', await xlsx([['Etunimi', 'Sukunimi'], ['Kalle', 'Rajoitus']]));
    const bookMeta = await admin.post('/api/1/importer/get_sheet_metadata', { id: book.body.id });
    const bookRun = await admin.post('/api/1/importer/importer', { id: book.body.id, mapping: bookMeta.body.suggested_mapping, dry_run: false });
    expect(bookRun.body).toMatchObject({ created: 1, errors: [] });
    const found = await admin.post('/api/1/members/get_results', { filter: [{ field: 'lastname', verb: 'eq', value: 'Rajoitus' }] });
    expect(found.body.stats.result_count).toBe(3);
  });

  it('parses an upload once: later steps use the parsed sheets, a process without them reads the stored file', async () => {
    const up = await uploadFile(admin, 'kerran.csv', Buffer.from('Etunimi;Sukunimi\nKerta;Kerran\n'));
    const row = await t.deps.db.selectFrom('imports').select(['stored_path']).where('id', '=', up.body.id).executeTakeFirstOrThrow();
    expect(row.stored_path).toBe(`uploads/${String(tenant.tenant.id)}/${String(up.body.id)}.csv`);
    // Other content under the same key: only a re-parse would notice.
    await fs.writeFile(path.join(t.dataDir, row.stored_path), 'Muu;Otsikko\nx;y\n');
    const meta = await admin.post('/api/1/importer/get_sheet_metadata', { id: up.body.id });
    expect(meta.body.src_cols).toEqual(['Etunimi', 'Sukunimi']);
    const dry = await admin.post('/api/1/importer/importer', { id: up.body.id, mapping: meta.body.suggested_mapping, dry_run: true });
    expect(dry.body).toMatchObject({ created: 1, errors: [] });

    // As another process (or this one restarted) would: nothing parsed in memory.
    forgetSheets(tenant.tenant.id, String(up.body.id));
    expect((await admin.post('/api/1/importer/get_sheet_metadata', { id: up.body.id })).body.src_cols).toEqual(['Muu', 'Otsikko']);
  });

  it('reads an upload stored by an older version under its absolute path in DATA_DIR', async () => {
    const up = await uploadFile(admin, 'vanha.csv', Buffer.from('Etunimi;Sukunimi\nVanha;Polku\n'));
    const row = await t.deps.db.selectFrom('imports').select(['stored_path']).where('id', '=', up.body.id).executeTakeFirstOrThrow();
    const absolute = path.join(t.dataDir, row.stored_path);
    await t.deps.db.updateTable('imports').set({ stored_path: absolute }).where('id', '=', up.body.id).execute();
    forgetSheets(tenant.tenant.id, String(up.body.id));
    const meta = await admin.post('/api/1/importer/get_sheet_metadata', { id: up.body.id });
    expect(meta.body.src_cols).toEqual(['Etunimi', 'Sukunimi']);
    const run = await admin.post('/api/1/importer/importer', { id: up.body.id, mapping: meta.body.suggested_mapping, dry_run: false });
    expect(run.body).toMatchObject({ created: 1, errors: [] });
    // Imported, its file goes as a new upload's would.
    await expect(fs.stat(absolute)).rejects.toThrow(/ENOENT/);
  });
});
