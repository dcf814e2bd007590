import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runTenantCli } from './tenant';
import { openSqlite } from '../db/kysely';

describe('npm run tenant -- create', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-cli-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates an association with its own admin and prints a generated password', async () => {
    const out = vi.spyOn(console, 'log').mockImplementation(() => {});
    const code = await runTenantCli(
      ['create', '--name', 'Esimerkkiseura ry', '--host', 'Esimerkki.localhost', '--admin-email', 'a@b.fi'],
      { DATA_DIR: dataDir },
    );
    const printed = out.mock.calls.map((c) => String(c[0])).join('\n');
    out.mockRestore();
    expect(code).toBe(0);
    expect(printed).toContain('Esimerkkiseura ry');
    expect(printed).toMatch(/Salasana:\s+\S{20,}/);
    const h = openSqlite(path.join(dataDir, 'seura.sqlite'));
    const tenant = await h.db.selectFrom('tenants').selectAll().where('hostname', '=', 'esimerkki.localhost').executeTakeFirstOrThrow();
    const admin = await h.db.selectFrom('members').selectAll().where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow();
    await h.destroy();
    expect(tenant.name).toBe('Esimerkkiseura ry');
    expect(admin).toMatchObject({ email: 'a@b.fi', site_admin: 1, active: 1 });
  });

  it('refuses a hostname that another association uses', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const code = await runTenantCli(['create', '--name', 'Toinen ry', '--host', 'esimerkki.localhost', '--admin-email', 'c@d.fi'], { DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(String(err.mock.calls[0]?.[0])).toContain('on jo toisen yhdistyksen käytössä');
    err.mockRestore();
  });

  it('prints usage for missing arguments', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await runTenantCli(['create', '--name', 'X'], { DATA_DIR: dataDir })).toBe(2);
    expect(String(err.mock.calls[0]?.[0])).toContain('Käyttö');
    err.mockRestore();
  });
});
