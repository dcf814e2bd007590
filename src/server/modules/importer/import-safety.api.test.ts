import { beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { uploadFile } from '../../test/factories/upload';

// Import safety: undo of an import that both created and updated members, the
// "possibly a different person" confirmation, and importing the register's own export back.


const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(';')).join('\n') + '\n');

describe(`import safety (${testDialect})`, () => {
  const { t, admin } = adminContext();

  beforeAll(async () => {
    const field = (name: string, label: string, type: string, over: Record<string, unknown> = {}) =>
      admin.post('/api/1/fields/new', { name, label, type, visibility: 2, ...over });
    await field('tunnus', 'Tunnus', 'text');
    await field('lisatiedot', 'Lisätiedot', 'textarea');
    await field('tyosahkoposti', 'Työsähköposti', 'email');
    await field('jasenlaji', 'Jäsenlaji', 'dropdown', { options: [{ value: 'a', label: 'Aikuinen' }, { value: 'n', label: 'Nuori' }, { value: 'k', label: 'Kunniajäsen' }] });
    await field('liittymisvuosi', 'Liittymisvuosi', 'integer');
    await field('maksu', 'Jäsenmaksu', 'decimal');
    await field('syntymapaiva', 'Syntymäpäivä', 'date');
    await field('kuvauslupa', 'Kuvauslupa', 'checkbox');
    await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro' });
    await admin.post('/api/1/groups/new', { name: 'soitto', label: 'Soittokunta' });
  });

  async function memberId(email: string): Promise<number> {
    return (await admin.post('/api/1/members/quicksearch', { term: email })).body.results[0].id as number;
  }

  /** A member as the API shows it, without what an undo itself moves on (timestamps). */
  async function shown(id: number): Promise<Record<string, unknown>> {
    const m = (await admin.get(`/api/1/members/${id}`)).body as Record<string, unknown>;
    const { updated_at: _u, ...rest } = m;
    return rest;
  }

  async function dryRun(filename: string, bytes: Buffer, extra: Record<string, unknown> = {}) {
    const up = await uploadFile(admin, filename, bytes);
    expect(up.status).toBe(200);
    const meta = await admin.post('/api/1/importer/get_sheet_metadata', { id: up.body.id });
    const body = { id: up.body.id, mapping: meta.body.suggested_mapping, dry_run: true, ...extra };
    const dry = await admin.post('/api/1/importer/importer', body);
    expect(dry.status).toBe(200);
    return { body, dry: dry.body, mapping: meta.body.suggested_mapping };
  }

  describe('point 2: undo of an import that created and updated members', () => {
    it('restores every updated member and removes the created ones, leaving unrecorded items alone', async () => {
      await admin.post('/api/1/members/new', { firstname: 'Anna', lastname: 'Aalto', email: 'anna@u.fi', tunnus: 'u1', jasenlaji: 'a', kuvauslupa: true, kuoro: true, soitto: true });
      await admin.post('/api/1/members/new', { firstname: 'Bertta', lastname: 'Berg', email: 'bertta@u.fi', tunnus: 'u2', maksu: '10', kuvauslupa: true, soitto: true });
      const annaId = await memberId('anna@u.fi');
      const berttaId = await memberId('bertta@u.fi');
      const before = { anna: await shown(annaId), bertta: await shown(berttaId) };

      // Keyed by Tunnus so the email can change. Anna: new first name (confirmed), email,
      // dropdown, out of Kuoro; her empty cells keep Soittokunta and Kuvauslupa. Bertta:
      // out of Soittokunta, Kuvauslupa off, into Kuoro, new fee. One new member.
      const file = csv([
        ['Tunnus', 'Etunimi', 'Sukunimi', 'Sähköposti', 'Jäsenlaji', 'Jäsenmaksu', 'Kuvauslupa', 'Kuoro', 'Soittokunta'],
        ['u1', 'Anni', 'Aalto', 'anni.uusi@u.fi', 'n', '', '', 'ei', ''],
        ['u2', 'Bertta', 'Berg', 'bertta@u.fi', '', '12,50', '0', 'kyllä', 'ei'],
        ['u3', 'Uusi', 'Jäsen', 'uusi@u.fi', 'a', '5', '1', '', 'x'],
      ]);
      const { body, dry } = await dryRun('sekoitus.csv', file, { key_field: 'tunnus', confirm_rows: [2] });
      expect(dry).toMatchObject({ created: 1, updated: 2, unchanged: 0, skipped: 0, errors: [] });
      const run = await admin.post('/api/1/importer/importer', { ...body, dry_run: false });
      expect(run.body).toMatchObject({ created: 1, updated: 2 });
      expect(await shown(annaId)).toMatchObject({ firstname: 'Anni', email: 'anni.uusi@u.fi', jasenlaji: 'n', kuoro: false, soitto: true, kuvauslupa: true });
      expect(await shown(berttaId)).toMatchObject({ maksu: 12.5, kuvauslupa: false, kuoro: true, soitto: false });

      const undo = await admin.post('/api/1/importer/mark_undone', { id: body.id });
      expect(undo.status).toBe(200);
      expect(undo.body).toMatchObject({ restored: 3, kept: 0 });
      expect(await shown(annaId)).toEqual(before.anna);
      expect(await shown(berttaId)).toEqual(before.bertta);
      expect((await admin.post('/api/1/members/quicksearch', { term: 'uusi@u.fi' })).body.results).toEqual([]);
      // The restore is in the members' history.
      const hist = (await admin.post('/api/1/members/get_history', { id: annaId })).body;
      expect(hist[0].data).toEqual(
        expect.arrayContaining([
          { field: 'firstname', label: 'Etunimi', old: 'Anni', new: 'Anna' },
          { field: 'email', label: 'Sähköposti', old: 'anni.uusi@u.fi', new: 'anna@u.fi' },
          { field: 'kuoro', label: 'Kuoro', old: false, new: true },
        ]),
      );
      const berttaHist = (await admin.post('/api/1/members/get_history', { id: berttaId })).body;
      expect(berttaHist[0].data).toEqual(expect.arrayContaining([{ field: 'maksu', label: 'Jäsenmaksu', old: '12,5', new: '10' }]));
    });
  });

  describe('point 3: possibly a different person', () => {
    it('lists what changes, flags a name that differs, and skips the row unless it is confirmed', async () => {
      await admin.post('/api/1/members/new', { firstname: 'Matti', lastname: 'Meikäläinen', email: 'matti@d.fi', address_city: 'Turku', jasenlaji: 'a' });
      await admin.post('/api/1/members/new', { firstname: 'Liisa', lastname: 'Laine', email: 'liisa@d.fi', syntymapaiva: '1.2.1980' });
      const mattiId = await memberId('matti@d.fi');
      const liisaId = await memberId('liisa@d.fi');
      const file = csv([
        ['Etunimi', 'Sukunimi', 'Sähköposti', 'Postitoimipaikka', 'Jäsenlaji', 'Syntymäpäivä', 'Kuvauslupa', 'Kuoro'],
        ['Maija', 'Virtanen', 'MATTI@d.fi', 'Oulu', 'n', '', '', ''],
        ['liisa', 'LAINE', 'liisa@d.fi', '', 'Kunniajäsen', '3.4.1981', 'Kyllä', 'kyllä'],
      ]);
      const { body, dry } = await dryRun('eri.csv', file);
      expect(dry).toMatchObject({ created: 0, updated: 1, unchanged: 0, skipped: 0, skipped_different_person: 1, changes_total: 2 });
      expect(dry.changes).toEqual([
        {
          row: 2,
          member_id: mattiId,
          name: 'Matti Meikäläinen',
          name_in_file: 'Maija Virtanen',
          different_person: true,
          confirmed: false,
          fields: [
            { field: 'firstname', label: 'Etunimi', old: 'Matti', new: 'Maija' },
            { field: 'lastname', label: 'Sukunimi', old: 'Meikäläinen', new: 'Virtanen' },
            { field: 'address_city', label: 'Postitoimipaikka', old: 'Turku', new: 'Oulu' },
            { field: 'jasenlaji', label: 'Jäsenlaji', old: 'Aikuinen', new: 'Nuori' },
          ],
        },
        {
          // Case alone does not make another person; readable values: labels, d.M.yyyy, yes/no.
          row: 3,
          member_id: liisaId,
          name: 'Liisa Laine',
          name_in_file: 'liisa LAINE',
          different_person: false,
          confirmed: false,
          fields: [
            { field: 'firstname', label: 'Etunimi', old: 'Liisa', new: 'liisa' },
            { field: 'lastname', label: 'Sukunimi', old: 'Laine', new: 'LAINE' },
            { field: 'jasenlaji', label: 'Jäsenlaji', old: null, new: 'Kunniajäsen' },
            { field: 'syntymapaiva', label: 'Syntymäpäivä', old: '1.2.1980', new: '3.4.1981' },
            { field: 'kuvauslupa', label: 'Kuvauslupa', old: false, new: true },
            { field: 'kuoro', label: 'Kuoro', old: false, new: true },
          ],
        },
      ]);
      // Not confirmed: the server skips the row whatever the client does.
      const run = await admin.post('/api/1/importer/importer', { ...body, dry_run: false });
      expect(run.body).toMatchObject({ updated: 1, skipped_different_person: 1 });
      expect(await shown(mattiId)).toMatchObject({ firstname: 'Matti', lastname: 'Meikäläinen', address_city: 'Turku' });
      expect(await shown(liisaId)).toMatchObject({ firstname: 'liisa', kuvauslupa: true });

      // Confirmed in a new import of the same file: the row is imported.
      const again = await dryRun('eri.csv', file, { confirm_rows: [2] });
      expect(again.dry).toMatchObject({ updated: 1, unchanged: 1, skipped_different_person: 0 });
      expect(again.dry.changes[0]).toMatchObject({ row: 2, different_person: true, confirmed: true });
      const confirmed = await admin.post('/api/1/importer/importer', { ...again.body, dry_run: false });
      expect(confirmed.body).toMatchObject({ updated: 1, skipped_different_person: 0 });
      expect(await shown(mattiId)).toMatchObject({ firstname: 'Maija', lastname: 'Virtanen', address_city: 'Oulu' });
    });

    it('keeps the answer bounded: the first rows listed, the total counted', async () => {
      const rows = Array.from({ length: 130 }, (_, i) => [`Rivi${i}`, 'Raja', `raja${i}@d.fi`, 'Pori']);
      const first = await dryRun('raja.csv', csv([['Etunimi', 'Sukunimi', 'Sähköposti', 'Postitoimipaikka'], ...rows]));
      await admin.post('/api/1/importer/importer', { ...first.body, dry_run: false });
      const { dry } = await dryRun('raja2.csv', csv([['Etunimi', 'Sukunimi', 'Sähköposti', 'Postitoimipaikka'], ...rows.map((r) => [r[0]!, r[1]!, r[2]!, 'Rauma'])]));
      expect(dry).toMatchObject({ updated: 130, changes_total: 130 });
      expect(dry.changes).toHaveLength(100);
      expect(dry.changes[99]).toMatchObject({ row: 101, fields: [{ field: 'address_city', old: 'Pori', new: 'Rauma' }] });
    });
  });

  describe('point 4: the export imports back', () => {
    const COLUMNS = ['email', 'phone', 'address_street', 'address_zip', 'address_city', 'tunnus', 'lisatiedot', 'tyosahkoposti', 'jasenlaji', 'liittymisvuosi', 'maksu', 'syntymapaiva', 'kuvauslupa', 'kuoro', 'soitto', 'board', 'active', 'site_admin', 'created_at', 'member_since'];
    const FILTER = [{ field: 'email', verb: 'contains', value: '@kierros.fi' }];

    beforeAll(async () => {
      const kinds = ['a', 'n', 'k', ''];
      for (let i = 0; i < 100; i++) {
        const r = await admin.post('/api/1/members/new', {
          firstname: i === 7 ? 'Ännä-Liisa' : `Etu${i}`,
          lastname: `Kierros${String(i).padStart(3, '0')}`,
          email: `k${i}@kierros.fi`,
          phone: i % 3 === 0 ? `040 ${String(2000000 + i).slice(0, 3)} ${String(2000000 + i).slice(3)}` : '',
          address_street: i % 2 ? `Katu ${i} B ${i % 9}` : '',
          address_zip: i % 2 ? '00100' : '',
          address_city: i % 2 ? 'Helsinki' : '',
          tunnus: i === 5 ? '=SUMMA(A1)' : `T-${i}`,
          lisatiedot: i % 4 === 0 ? `Rivi 1\nRivi 2; "lainaus"` : '',
          tyosahkoposti: i % 5 === 0 ? `tyo${i}@firma.fi` : '',
          jasenlaji: kinds[i % 4],
          liittymisvuosi: i % 2 ? String(1990 + (i % 30)) : '',
          maksu: i % 3 ? `${i},${i % 10}5` : i === 0 ? '-3' : '',
          syntymapaiva: i % 2 ? `${1 + (i % 28)}.${1 + (i % 12)}.19${50 + (i % 50)}` : '',
          kuvauslupa: i % 2 === 0,
          kuoro: i % 3 === 0,
          soitto: i % 4 === 1,
          board: i === 3,
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
    });

    async function exportFile(format: 'xlsx' | 'csv'): Promise<Buffer> {
      // The export page's two steps: the filter in a POST body for a single-use address, then the download.
      const tok = await admin.post('/api/1/members/export_token', { filter: FILTER, format, columns: COLUMNS });
      expect(tok.status).toBe(200);
      const res = await t.app.inject({ method: 'GET', url: (tok.body as { url: string }).url, headers: { host: admin.host, cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    }

    for (const format of ['xlsx', 'csv'] as const) {
      it(`maps the ${format} export's headers back and reports 100 unchanged`, async () => {
        const { dry, mapping } = await dryRun(`jasenet.${format}`, await exportFile(format), { key_field: 'id' });
        expect(mapping).toEqual([
          { src_col: 'Jäsennumero (järjestelmä)', dst_field: 'id' },
          { src_col: 'Etunimi', dst_field: 'firstname' },
          { src_col: 'Sukunimi', dst_field: 'lastname' },
          { src_col: 'Sähköposti', dst_field: 'email' },
          { src_col: 'Matkapuhelin', dst_field: 'phone' },
          { src_col: 'Katuosoite', dst_field: 'address_street' },
          { src_col: 'Postinumero', dst_field: 'address_zip' },
          { src_col: 'Postitoimipaikka', dst_field: 'address_city' },
          { src_col: 'Tunnus', dst_field: 'tunnus' },
          { src_col: 'Lisätiedot', dst_field: 'lisatiedot' },
          { src_col: 'Työsähköposti', dst_field: 'tyosahkoposti' },
          { src_col: 'Jäsenlaji', dst_field: 'jasenlaji' },
          { src_col: 'Liittymisvuosi', dst_field: 'liittymisvuosi' },
          { src_col: 'Jäsenmaksu', dst_field: 'maksu' },
          { src_col: 'Syntymäpäivä', dst_field: 'syntymapaiva' },
          { src_col: 'Kuvauslupa', dst_field: 'kuvauslupa' },
          { src_col: 'Kuoro', dst_field: 'kuoro' },
          { src_col: 'Soittokunta', dst_field: 'soitto' },
          { src_col: 'Hallitus', dst_field: 'board' },
          // Account state and timestamps are not imported.
          { src_col: 'Aktiivinen', dst_field: '_ignore' },
          { src_col: 'Pääkäyttäjä', dst_field: '_ignore' },
          { src_col: 'Lisätty', dst_field: '_ignore' },
          { src_col: 'Jäsen alkaen', dst_field: '_ignore' },
        ]);
        expect(dry).toMatchObject({ created: 0, updated: 0, unchanged: 100, skipped: 0, errors: [] });
        // Matched by email instead, the same.
        const byEmail = await dryRun(`jasenet.${format}`, await exportFile(format), { key_field: 'email' });
        expect(byEmail.dry).toMatchObject({ created: 0, updated: 0, unchanged: 100, errors: [] });
      });
    }

    it('reads dropdown labels and values in any case, and yes/no words for checkboxes and groups', async () => {
      const id = await memberId('k1@kierros.fi');
      const file = csv([
        ['Jäsennumero', 'Jäsenlaji', 'Kuvauslupa', 'Kuoro'],
        [String(id), 'KUNNIAJÄSEN', 'yes', 'Kyllä'],
      ]);
      const { body, dry } = await dryRun('sanat.csv', file, { key_field: 'id' });
      expect(dry).toMatchObject({ updated: 1, errors: [] });
      await admin.post('/api/1/importer/importer', { ...body, dry_run: false });
      expect(await shown(id)).toMatchObject({ jasenlaji: 'k', kuvauslupa: true, kuoro: true });
      const off = await dryRun('sanat2.csv', csv([['Jäsennumero', 'Jäsenlaji', 'Kuvauslupa'], [String(id), 'n', 'EI']]), { key_field: 'id' });
      expect(off.dry).toMatchObject({ updated: 1, errors: [] });
      await admin.post('/api/1/importer/importer', { ...off.body, dry_run: false });
      expect(await shown(id)).toMatchObject({ jasenlaji: 'n', kuvauslupa: false });
      const bad = await dryRun('sanat3.csv', csv([['Jäsennumero', 'Jäsenlaji', 'Kuvauslupa'], ['99999999', 'Lapsi', 'ehkä']]), { key_field: 'id' });
      expect(bad.dry.errors).toEqual([
        { row: 2, column: 'Jäsennumero', key: 'import_member_number_unknown' },
        { row: 2, column: 'Jäsenlaji', key: '_validation_invalid_choice' },
        { row: 2, column: 'Kuvauslupa', key: '_validation_invalid' },
      ]);
    });
  });
});
