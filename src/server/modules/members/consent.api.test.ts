import { beforeAll, describe, expect, it } from 'vitest';
import { memberClient, testDialect, type Client } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeField } from '../../test/factories';
import { makeXlsx } from '../../test/factories/xlsx';
import { uploadFile } from '../../test/factories/upload';

// Consent fields (issue 19): the value is the date consent was given, set by the server from
// a "yes" and kept on later yeses; filters on given / not given / date reach the member list
// and an announcement's recipients alike; bulk edit, import and export carry it.

type Datum = { field: string; old: unknown; new: unknown };
type Entry = { context: string; author: string; data: Datum[] };

describe(`consent fields (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext({ at: '2026-03-01T10:00:00Z' });
  const kuvauslupa = (over: Record<string, unknown>) => ({ firstname: 'Kaisa', lastname: 'Kuvattava', ...over });
  const history = async (id: number): Promise<Entry[]> => (await admin.post('/api/1/members/get_history', { id })).body;
  const consentLines = async (id: number) => (await history(id)).flatMap((h) => h.data.filter((d) => d.field === 'kuvauslupa').map((d) => ({ ...d, context: h.context, author: h.author })));
  // Days pass between steps: the admin signs in again after the clock jumps past the session's idle time.
  const at = async (when: string) => {
    t.clock.set(when);
    await admin.login(a.admin.email!);
  };
  const valueOf = async (id: number) => (await admin.get(`/api/1/members/${String(id)}`)).body.kuvauslupa as string | null;

  beforeAll(async () => {
    await makeField(admin, { name: 'kuvauslupa', label: 'Kuvauslupa', type: 'consent', visibility: 2, help_text: 'Kuvien julkaisu seuran sivuilla' });
    expect((await admin.post('/api/1/settings/save', { scope_: 'organisation', name_: 'Alfa ry', reply_to_email: 'hallitus@alfa.fi', business_id: '0112038-9' })).status).toBe(200);
  });

  it('dates a consent on the server (Helsinki day), keeps the date on re-save, clears on withdrawal, with history', async () => {
    // 22.30 UTC on 5.3. is already 6.3. in Helsinki.
    await at('2026-03-05T22:30:00Z');
    const created = await admin.post('/api/1/members/new', kuvauslupa({ email: 'kaisa@x.fi', kuvauslupa: true }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.kuvauslupa).toBe('2026-03-06');
    const id = created.body.id as number;

    await at('2026-04-10T10:00:00Z');
    const again = await admin.post(`/api/1/members/${String(id)}`, { kuvauslupa: true, address_city: 'Kuopio' });
    expect(again.body.kuvauslupa).toBe('2026-03-06');
    const withdrawn = await admin.post(`/api/1/members/${String(id)}`, { kuvauslupa: false });
    expect(withdrawn.body.kuvauslupa).toBeNull();
    const paper = await admin.post(`/api/1/members/${String(id)}`, { kuvauslupa: '1.2.2026' });
    expect(paper.body.kuvauslupa).toBe('2026-02-01');
    const given = await admin.post(`/api/1/members/${String(id)}`, { kuvauslupa: null });
    expect(given.body.kuvauslupa).toBeNull();
    expect((await admin.post(`/api/1/members/${String(id)}`, { kuvauslupa: 'kyllä' })).body.kuvauslupa).toBe('2026-04-10');

    expect(await consentLines(id)).toEqual([
      { field: 'kuvauslupa', label: 'Kuvauslupa', old: null, new: '10.4.2026', context: 'PersonUpdate', author: 'Pää Käyttäjä' },
      { field: 'kuvauslupa', label: 'Kuvauslupa', old: '1.2.2026', new: null, context: 'PersonUpdate', author: 'Pää Käyttäjä' },
      { field: 'kuvauslupa', label: 'Kuvauslupa', old: null, new: '1.2.2026', context: 'PersonUpdate', author: 'Pää Käyttäjä' },
      { field: 'kuvauslupa', label: 'Kuvauslupa', old: '6.3.2026', new: null, context: 'PersonUpdate', author: 'Pää Käyttäjä' },
      { field: 'kuvauslupa', label: 'Kuvauslupa', old: null, new: '6.3.2026', context: 'PersonInsert', author: 'Pää Käyttäjä' },
    ]);
  });

  it('refuses a future date and what is no consent, under the field', async () => {
    await at('2026-04-10T10:00:00Z');
    const future = await admin.post('/api/1/members/new', kuvauslupa({ email: 'tuleva@x.fi', kuvauslupa: '11.4.2026' }));
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual({ kuvauslupa: ['consent_date_in_future'] });
    const odd = await admin.post('/api/1/members/new', kuvauslupa({ email: 'outo@x.fi', kuvauslupa: 'ehkä' }));
    expect(odd.body.errors).toEqual({ kuvauslupa: ['_validation_date_invalid'] });
  });

  it('lets members give and withdraw their own consent on their own form', async () => {
    // 23.00 in Helsinki: two hours later it is the next day, within the member's session.
    await at('2026-04-12T20:00:00Z');
    const me: Client = await memberClient(t, a);
    const form = await me.post('/api/1/updreqs/edit_me_s', {});
    expect(form.status).toBe(200);
    expect(form.body.fields.find((f: { name: string }) => f.name === 'kuvauslupa')).toMatchObject({ type: 'consent', help_text: 'Kuvien julkaisu seuran sivuilla' });
    const id = form.body.member.id as number;
    const gave = await me.post('/api/1/updreqs/update_me_s', { member: { kuvauslupa: true } });
    expect(gave.status, JSON.stringify(gave.body)).toBe(200);
    expect(gave.body.member.kuvauslupa).toBe('2026-04-12');
    t.clock.advance(2 * 60 * 60 * 1000);
    expect((await me.post('/api/1/updreqs/update_me_s', { member: { kuvauslupa: true } })).body.member.kuvauslupa).toBe('2026-04-12');
    expect((await me.post('/api/1/updreqs/update_me_s', { member: { kuvauslupa: false } })).body.member.kuvauslupa).toBeNull();
    const lines = await consentLines(id);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ old: '12.4.2026', new: null, context: 'PersonUpdateme' });
    expect(lines[1]).toMatchObject({ old: null, new: '12.4.2026', context: 'PersonUpdateme' });
    expect(lines[0]!.author).toBe(lines[1]!.author);
    expect(lines[0]!.author).not.toBe('Pää Käyttäjä');
  });

  describe('filters, bulk edit, export and import', () => {
    const ids: Record<string, number> = {};
    const filter = (verb: string, value?: string) => [{ field: 'kuvauslupa', verb, ...(value ? { value } : {}) }, { field: 'lastname', verb: 'eq', value: 'Suodatettava' }];
    const count = async (f: unknown) => (await admin.post('/api/1/members/get_results', { filter: f, columns: ['kuvauslupa'] })).body.stats.result_count as number;
    const recipients = async (f: unknown) => {
      const r = await admin.post('/api/1/announcements/preview', { msg_media: 'email', subject: 'Kuvat', content: '<p>Kuvia</p>', filter: f });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.recipient_count as number;
    };

    beforeAll(async () => {
      await at('2026-05-01T10:00:00Z');
      for (const [key, value] of [['early', '2025-06-01'], ['late', '2026-02-01'], ['none', null]] as const) {
        const r = await admin.post('/api/1/members/new', { firstname: key, lastname: 'Suodatettava', email: `${key}@s.fi`, kuvauslupa: value });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        ids[key] = r.body.id as number;
      }
    });

    it('filters on given, not given and the date, the same for the list and an announcement', async () => {
      expect(await count(filter('not_empty'))).toBe(2);
      expect(await count(filter('empty'))).toBe(1);
      expect(await count(filter('after', '1.1.2026'))).toBe(1);
      expect(await count(filter('before', '2026-01-01'))).toBe(1);
      expect(await count(filter('between', ['1.1.2025', '31.12.2025'] as unknown as string))).toBe(1);
      expect(await recipients(filter('not_empty'))).toBe(2);
      expect(await recipients(filter('after', '1.1.2026'))).toBe(1);
      expect(await recipients(filter('empty'))).toBe(1);
      // An update request's recipients come from the same compiler.
      const updreq = await admin.post('/api/1/updreqs/preview', { msg_media: 'email', subject: 'Tarkistathan tietosi', content: '<p>Hei!</p>', filter: filter('not_empty') });
      expect(updreq.status, JSON.stringify(updreq.body)).toBe(200);
      expect(updreq.body.recipient_count).toBe(2);
    });

    it('sorts the list by the date consent was given, no consent last', async () => {
      const r = await admin.post('/api/1/members/get_results', { filter: filter('not_empty').slice(1), columns: ['kuvauslupa'], sort: { field: 'kuvauslupa', dir: 'asc' } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.results.map((m: { kuvauslupa: unknown }) => m.kuvauslupa)).toEqual(['2025-06-01', '2026-02-01', null]);
    });

    it('gives consent in bulk today to those without it, keeps earlier dates, and undo restores', async () => {
      await at('2026-05-02T10:00:00Z');
      const everyone = filter('not_empty').slice(1);
      const r = await admin.post('/api/1/members/bulkupdate', { filter: everyone, data: { kuvauslupa: true } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.count).toBe(3);
      expect(await valueOf(ids.early!)).toBe('2025-06-01');
      expect(await valueOf(ids.late!)).toBe('2026-02-01');
      expect(await valueOf(ids.none!)).toBe('2026-05-02');
      expect((await consentLines(ids.none!))[0]).toMatchObject({ old: null, new: '2.5.2026', context: 'PersonUpdate' });
      expect((await history(ids.early!))[0]!.data.some((d) => d.field === 'kuvauslupa' && d.new !== '1.6.2025')).toBe(false);
      const undo = await admin.post('/api/1/members/undo', { batch_id: r.body.batch_id });
      expect(undo.status).toBe(200);
      expect(await valueOf(ids.none!)).toBeNull();
      expect(await valueOf(ids.early!)).toBe('2025-06-01');

      const withdraw = await admin.post('/api/1/members/bulkupdate', { filter: filter('after', '1.1.2026'), data: {}, clear: ['kuvauslupa'] });
      expect(withdraw.status, JSON.stringify(withdraw.body)).toBe(200);
      expect(withdraw.body.count).toBe(1);
      expect(await valueOf(ids.late!)).toBeNull();
      expect((await consentLines(ids.late!))[0]).toMatchObject({ old: '1.2.2026', new: null });
      expect((await admin.post('/api/1/members/undo', { batch_id: withdraw.body.batch_id })).status).toBe(200);
      expect(await valueOf(ids.late!)).toBe('2026-02-01');
      // A withdrawal must be asked for as a clearing; a future date is refused.
      expect((await admin.post('/api/1/members/bulkupdate', { filter: everyone, data: { kuvauslupa: false } })).body.errors).toEqual({ kuvauslupa: ['members_bulk_empty_value'] });
      expect((await admin.post('/api/1/members/bulkupdate', { filter: everyone, data: { kuvauslupa: '3.5.2026' } })).body.errors).toEqual({ kuvauslupa: ['consent_date_in_future'] });
    });

    async function importFile(name: string, bytes: Buffer | string, keyField?: string, dryRun = false) {
      const up = await uploadFile(admin, name, bytes);
      expect(up.status).toBe(200);
      const meta = await admin.post('/api/1/importer/get_sheet_metadata', { id: up.body.id });
      const run = await admin.post('/api/1/importer/importer', { id: up.body.id, mapping: meta.body.suggested_mapping, dry_run: dryRun, ...(keyField ? { key_field: keyField } : {}) });
      return run.body as Record<string, unknown>;
    }

    it('exports the date or nothing, and the exported file imports back unchanged', async () => {
      const tok = await admin.post('/api/1/members/export_token', { filter: filter('not_empty').slice(1), format: 'csv', columns: ['email', 'kuvauslupa'] });
      expect(tok.status).toBe(200);
      const csv = String((await admin.get(tok.body.url as string)).body);
      const lines = csv.slice(1).trim().split('\r\n');
      expect(lines[0]).toBe('Jäsennumero (järjestelmä);Etunimi;Sukunimi;Sähköposti;Kuvauslupa');
      expect(lines).toContainEqual(`"${String(ids.early)}";"early";"Suodatettava";"early@s.fi";"1.6.2025"`);
      expect(lines).toContainEqual(`"${String(ids.none)}";"none";"Suodatettava";"none@s.fi";""`);
      const back = await importFile('takaisin.csv', csv, 'id');
      expect(back).toMatchObject({ created: 0, updated: 0, errors: [] });
    });

    it('imports yes/no words and dates: yes is the import day, and keeps an earlier consent', async () => {
      await at('2026-05-03T10:00:00Z');
      const run = await importFile(
        'luvat.xlsx',
        await makeXlsx([
          ['Etunimi', 'Sukunimi', 'Sähköposti', 'Kuvauslupa'],
          ['early', 'Suodatettava', 'early@s.fi', 'Kyllä'],
          ['late', 'Suodatettava', 'late@s.fi', 'Ei'],
          ['none', 'Suodatettava', 'none@s.fi', 'x'],
          ['Uusi', 'Tuotu', 'uusi@s.fi', '1'],
          ['Paperi', 'Tuotu', 'paperi@s.fi', '15.4.2026'],
          ['Ilman', 'Tuotu', 'ilman@s.fi', '0'],
        ]),
      );
      expect(run).toMatchObject({ created: 3, updated: 2, errors: [] });
      expect(await valueOf(ids.early!)).toBe('2025-06-01');
      expect(await valueOf(ids.late!)).toBeNull();
      expect(await valueOf(ids.none!)).toBe('2026-05-03');
      const tuotu = (await admin.post('/api/1/members/get_results', { filter: [{ field: 'lastname', verb: 'eq', value: 'Tuotu' }], columns: ['email', 'kuvauslupa'] })).body.results;
      expect(Object.fromEntries(tuotu.map((m: { email: string; kuvauslupa: unknown }) => [m.email, m.kuvauslupa]))).toEqual({ 'uusi@s.fi': '2026-05-03', 'paperi@s.fi': '2026-04-15', 'ilman@s.fi': null });
      const bad = await importFile('tuleva.xlsx', await makeXlsx([['Etunimi', 'Sukunimi', 'Sähköposti', 'Kuvauslupa'], ['Tulevaisuus', 'Tuotu', 'tuleva@s.fi', '1.1.2027']]), undefined, true);
      expect(bad.errors).toEqual([{ row: 2, column: 'Kuvauslupa', key: 'consent_date_in_future' }]);
    });
  });
});
