import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runTenantCli } from './tenant';
import { tenantCli } from '../test/tenantCli';
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

describe('npm run tenant -- balance', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-cli-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir };

  const run = tenantCli(env);

  it('credits euros with or without cents and prints the balance in Finnish format', async () => {
    expect((await run(['create', '--name', 'Saldoseura ry', '--host', 'saldo.localhost', '--admin-email', 'a@b.fi'])).code).toBe(0);
    expect((await run(['create', '--name', 'Toinen ry', '--host', 'toinen.localhost', '--admin-email', 'c@d.fi'])).code).toBe(0);
    expect(await run(['balance', '--host', 'saldo.localhost'])).toMatchObject({ code: 0, out: 'Saldo: 0,00\u00a0€' });
    expect(await run(['balance', '--host', 'saldo.localhost', '--add', '50'])).toMatchObject({ code: 0, out: 'Lisätty 50,00\u00a0€. Saldo: 50,00\u00a0€' });
    expect((await run(['balance', '--host', 'Saldo.localhost', '--add', '12,50'])).out).toContain('Saldo: 62,50\u00a0€');
    expect((await run(['balance', '--host', 'saldo.localhost', '--add', '1000.05'])).out).toContain('Saldo: 1\u00a0062,55\u00a0€');
    expect((await run(['balance', '--host', 'saldo.localhost'])).out).toBe('Saldo: 1\u00a0062,55\u00a0€');
    // Another association's balance stays untouched.
    expect((await run(['balance', '--host', 'toinen.localhost'])).out).toBe('Saldo: 0,00\u00a0€');
    const h = openSqlite(path.join(dataDir, 'seura.sqlite'));
    const rows = await h.db.selectFrom('balance_rows').select(['kind', 'amount_cents']).orderBy('id').execute();
    const lines = await h.db.selectFrom('activity_log').select('event').where('event', '=', 'balance_credited').execute();
    await h.destroy();
    expect(rows).toEqual([
      { kind: 'credit', amount_cents: 5000 },
      { kind: 'credit', amount_cents: 1250 },
      { kind: 'credit', amount_cents: 100005 },
    ]);
    expect(lines).toHaveLength(3);
  });

  it('refuses a bad or non-positive amount and an unknown host', async () => {
    for (const add of ['-5', '0', '12,505', 'kymppi']) {
      const r = await run(['balance', '--host', 'saldo.localhost', `--add=${add}`]);
      expect(r.code).toBe(1);
      expect(r.err).toContain('Virheellinen summa');
    }
    const r = await run(['balance', '--host', 'ei-ole.localhost']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('ei ole');
    expect((await run(['balance'])).code).toBe(2);
    expect(await run(['balance', '--host', 'saldo.localhost', '--add', '-5'])).toMatchObject({ code: 2, err: expect.stringContaining('Käyttö') });
    expect((await run(['balance', '--host', 'saldo.localhost'])).out).toBe('Saldo: 1\u00a0062,55\u00a0€');
  });
});
