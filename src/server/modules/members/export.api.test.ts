import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { adminClient, makeTenant, memberClient, testApp, testDialect, type Client, type TestApp } from '../../test/harness';
import type { CreatedTenant } from '../tenants/service';

describe(`member export (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let admin: Client;

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps);
    admin = await adminClient(t, a);
    await admin.post('/api/1/fields/new', { name: 'syntymapaiva', label: 'Syntymäpäivä', type: 'date', visibility: 2 });
    await admin.post('/api/1/fields/new', { name: 'maksu', label: 'Jäsenmaksu', type: 'decimal', visibility: 2 });
    await admin.post('/api/1/fields/new', { name: 'huomio', label: 'Huomio', type: 'text', visibility: 2 });
    await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro' });
    await admin.post('/api/1/members/new', { firstname: 'Aino', lastname: 'Aalto', email: 'aino@x.fi', phone: '040 123 4567', syntymapaiva: '5.3.1990', maksu: '25,50', huomio: '=HYPERLINK("http://x")', kuoro: true });
    await admin.post('/api/1/members/new', { firstname: 'Eino', lastname: 'Öhman', email: 'eino@x.fi', huomio: '-12,50', maksu: '-3' });
  });
  afterAll(() => t.close());

  const url = (filter: unknown[], q: string) => `/api/1/members/export/${encodeURIComponent(JSON.stringify(filter))}?${q}`;

  it('exports xlsx with Finnish headers, real dates and numbers, and neutralised formulas', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url([], 'format=xlsx&columns=email,phone,syntymapaiva,maksu,huomio,kuoro'),
      headers: { host: admin.host, cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="jasenet-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Jäsenet')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Jäsennumero (järjestelmä)', 'Etunimi', 'Sukunimi', 'Sähköposti', 'Matkapuhelin', 'Syntymäpäivä', 'Jäsenmaksu', 'Huomio', 'Kuoro']);
    const aino = ws.getRow(2);
    expect(aino.getCell(2).value).toBe('Aino');
    expect(aino.getCell(5).value).toBe('040 123 4567');
    expect(aino.getCell(6).value).toEqual(new Date(Date.UTC(1990, 2, 5)));
    expect(aino.getCell(6).numFmt).toBe('d.m.yyyy');
    expect(aino.getCell(7).value).toBe(25.5);
    expect(aino.getCell(8).value).toBe(`'=HYPERLINK("http://x")`);
    expect(aino.getCell(9).value).toBe('Kyllä');
    expect(ws.getRow(3).getCell(3).value).toBe('Käyttäjä'); // the admin, sorted by last name
    const eino = ws.getRow(4);
    expect(eino.getCell(3).value).toBe('Öhman');
    expect(eino.getCell(7).value).toBe(-3);
    expect(eino.getCell(8).value).toBe('-12,50');
    expect(ws.rowCount).toBe(4);
  });

  it('exports csv with BOM, semicolons, Finnish dates and decimal commas', async () => {
    const r = await admin.get(url([{ field: 'kuoro', verb: 'in_group' }], 'format=csv&columns=syntymapaiva,maksu,huomio'));
    expect(r.status).toBe(200);
    const text = String(r.body);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Jäsennumero (järjestelmä);Etunimi;Sukunimi;Syntymäpäivä;Jäsenmaksu;Huomio');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^"\d+";"Aino";"Aalto";"5\.3\.1990";"25,5";"'=HYPERLINK\(""http:\/\/x""\)"$/);
  });

  it('writes timestamps in Helsinki time', async () => {
    const r = await admin.get(url([{ field: 'firstname', verb: 'eq', value: 'Aino' }], 'format=csv&columns=created_at'));
    const created = (await admin.post('/api/1/members/quicksearch', { term: 'aino@x.fi' })).body.results[0];
    const full = (await admin.get(`/api/1/members/${created.id}`)).body;
    const helsinki = new Intl.DateTimeFormat('fi-FI', { timeZone: 'Europe/Helsinki', day: 'numeric', month: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })
      .format(new Date(full.created_at))
      .replace(' klo ', ' ');
    expect(String(r.body).trim().split('\r\n')[1]).toContain(`"${helsinki}"`);
  });

  it('refuses unknown columns and formats', async () => {
    expect((await admin.get(url([], 'columns=salasana'))).body.errors).toEqual({ columns: ['_validation_invalid_choice'] });
    expect((await admin.get(url([], 'format=pdf'))).body.errors).toEqual({ format: ['_validation_invalid_choice'] });
  });

  it('is for site admins only and is logged', async () => {
    const board = await memberClient(t, a, 'board');
    expect((await board.get(url([], 'format=csv'))).status).toBe(403);
    const log = await t.deps.db.selectFrom('activity_log').select('event').where('tenant_id', '=', a.tenant.id).where('event', '=', 'members_exported').execute();
    expect(log.length).toBeGreaterThan(0);
  });
});
