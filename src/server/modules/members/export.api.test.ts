import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { adminClient, Client, makeTenant, memberClient, testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeField } from '../../test/factories';

describe(`member export (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext();

  beforeAll(async () => {
    await makeField(admin, { name: 'syntymapaiva', label: 'Syntymäpäivä', type: 'date', visibility: 2 });
    await makeField(admin, { name: 'maksu', label: 'Jäsenmaksu', type: 'decimal', visibility: 2 });
    await makeField(admin, { name: 'huomio', label: 'Huomio', type: 'text', visibility: 2 });
    await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro' });
    await admin.post('/api/1/members/new', { firstname: 'Aino', lastname: 'Aalto', email: 'aino@x.fi', phone: '040 123 4567', syntymapaiva: '5.3.1990', maksu: '25,50', huomio: '=HYPERLINK("http://x")', kuoro: true });
    await admin.post('/api/1/members/new', { firstname: 'Eino', lastname: 'Öhman', email: 'eino@x.fi', huomio: '-12,50', maksu: '-3' });
  });

  /** POST export_token (CSRF, body), then GET its url: the two steps the export page takes. */
  async function download(c: Client, filter: unknown[], format: string, columns: string[]) {
    const tok = await c.post('/api/1/members/export_token', { filter, format, columns });
    if (tok.status !== 200) return tok;
    return c.get(tok.body.url as string);
  }

  it('exports xlsx with Finnish headers, real dates and numbers, and neutralised formulas', async () => {
    const tok = await admin.post('/api/1/members/export_token', { filter: [], format: 'xlsx', columns: ['email', 'phone', 'syntymapaiva', 'maksu', 'huomio', 'kuoro'] });
    expect(tok.status).toBe(200);
    expect(tok.body.url).toBe(`/api/1/members/export?token=${tok.body.token as string}`);
    const res = await t.app.inject({
      method: 'GET',
      url: tok.body.url as string,
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

  it('formats every row\'s dates and timestamps as such in xlsx, and leaves text cells plain', async () => {
    const tok = await admin.post('/api/1/members/export_token', { filter: [], format: 'xlsx', columns: ['email', 'syntymapaiva', 'created_at'] });
    const res = await t.app.inject({ method: 'GET', url: tok.body.url as string, headers: { host: admin.host, cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Jäsenet')!;
    expect(ws.rowCount).toBe(4);
    for (const n of [2, 3, 4]) {
      const row = ws.getRow(n);
      expect(row.getCell(4).numFmt).toBeUndefined();
      if (row.getCell(5).value !== null) expect(row.getCell(5).numFmt).toBe('d.m.yyyy');
      expect(row.getCell(6).value).toBeInstanceOf(Date);
      expect(row.getCell(6).numFmt).toBe('d.m.yyyy h:mm');
    }
  });

  it('exports csv with BOM, semicolons, Finnish dates and decimal commas', async () => {
    const r = await download(admin, [{ field: 'kuoro', verb: 'in_group' }], 'csv', ['syntymapaiva', 'maksu', 'huomio']);
    expect(r.status).toBe(200);
    const text = String(r.body);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Jäsennumero (järjestelmä);Etunimi;Sukunimi;Syntymäpäivä;Jäsenmaksu;Huomio');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^"\d+";"Aino";"Aalto";"5\.3\.1990";"25,5";"'=HYPERLINK\(""http:\/\/x""\)"$/);
  });

  it('writes timestamps in Helsinki time', async () => {
    const r = await download(admin, [{ field: 'firstname', verb: 'eq', value: 'Aino' }], 'csv', ['created_at']);
    const created = (await admin.post('/api/1/members/quicksearch', { term: 'aino@x.fi' })).body.results[0];
    const full = (await admin.get(`/api/1/members/${created.id}`)).body;
    const helsinki = new Intl.DateTimeFormat('fi-FI', { timeZone: 'Europe/Helsinki', day: 'numeric', month: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })
      .format(new Date(full.created_at))
      .replace(' klo ', ' ');
    expect(String(r.body).trim().split('\r\n')[1]).toContain(`"${helsinki}"`);
  });

  it('refuses unknown columns and formats', async () => {
    // Refused when the token is asked for, so the page can show why (no token, no file).
    expect((await download(admin, [], 'xlsx', ['salasana'])).body.errors).toEqual({ columns: ['_validation_invalid_choice'] });
    expect((await download(admin, [], 'pdf', ['email'])).body.errors).toEqual({ format: ['_validation_invalid_choice'] });
  });

  it('is for site admins only and is logged', async () => {
    const board = await memberClient(t, a, 'board');
    expect((await board.post('/api/1/members/export_token', { filter: [], format: 'csv' })).status).toBe(403);
    const log = await t.deps.db.selectFrom('activity_log').select('event').where('tenant_id', '=', a.tenant.id).where('event', '=', 'members_exported').execute();
    expect(log.length).toBeGreaterThan(0);
  });

  // A filter of a few conditions made the path too long (414, no file).
  it('exports with a long filter of several conditions, a custom field among them, from a POST body', async () => {
    for (let i = 0; i < 6; i++) {
      await admin.post('/api/1/members/new', { firstname: `Pitkä${i}`, lastname: 'Suodatin', email: `pitka${i}@x.fi`, maksu: i % 2 === 0 ? '30' : '5', huomio: i < 4 ? 'Hallituksen kautta tullut jäsen' : 'muu' });
    }
    const filter = [
      { field: 'lastname', verb: 'eq', value: 'Suodatin' },
      { field: 'email', verb: 'contains', value: '@x.fi' },
      { field: 'maksu', verb: 'gt', value: '10' },
      { field: 'huomio', verb: 'contains', value: 'Hallituksen kautta tullut' },
      { field: 'firstname', verb: 'starts', value: 'Pitkä' },
    ];
    expect(encodeURIComponent(JSON.stringify(filter)).length).toBeGreaterThan(100); // what the old path could not carry
    const r = await download(admin, filter, 'csv', ['email', 'maksu']);
    expect(r.status).toBe(200);
    const lines = String(r.body).slice(1).trim().split('\r\n');
    expect(lines.slice(1).map((l) => l.split(';')[3])).toEqual(['"pitka0@x.fi"', '"pitka2@x.fi"']);
  });

  it('refuses a used, expired, made-up, another session\'s or another association\'s token with 404', async () => {
    const ask = async (c: Client) => (await c.post('/api/1/members/export_token', { filter: [], format: 'csv' })).body as { token: string; url: string };
    const once = await ask(admin);
    expect((await admin.get(once.url)).status).toBe(200);
    expect((await admin.get(once.url)).status).toBe(404); // single use

    const late = await ask(admin);
    t.clock.advance(5 * 60 * 1000 + 1);
    expect((await admin.get(late.url)).body).toEqual({ error: 'not_found' });
    t.clock.set(new Date());

    expect((await admin.get('/api/1/members/export?token=keksitty')).status).toBe(404);
    expect((await admin.get('/api/1/members/export')).status).toBe(404);

    // The same admin signed in elsewhere: the token belongs to the session that asked.
    const other = await adminClient(t, a);
    const mine = await ask(admin);
    expect((await other.get(mine.url)).status).toBe(404);

    const b = await makeTenant(t.deps, 'Toinen ry');
    const adminB = await adminClient(t, b);
    const theirs = await ask(adminB);
    expect((await admin.get(theirs.url)).status).toBe(404);
    expect((await adminB.get(theirs.url)).status).toBe(200);
    // Still usable by its own session after those refusals.
    expect((await admin.get(mine.url)).status).toBe(200);
  });

  it('needs the CSRF header to hand out a token', async () => {
    const noToken = new Client(t.app, admin.host, { csrf: false });
    for (const [k, v] of admin.jar) noToken.jar.set(k, v);
    expect((await noToken.post('/api/1/members/export_token', { filter: [] })).status).toBe(403);
  });
});
