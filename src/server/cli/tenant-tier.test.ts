import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tenantCli, withCliDb } from '../test/tenantCli';
import type { Db } from '../db/kysely';

describe('npm run tenant -- tier', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-cli-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const run = tenantCli({ DATA_DIR: dataDir });

  const withDb = <T>(fn: (db: Db) => Promise<T>): Promise<T> => withCliDb(dataDir, fn);

  it('sets the tier with a log line and prints its limits', async () => {
    expect((await run(['create', '--name', 'Taso ry', '--host', 'taso.localhost', '--admin-email', 'a@b.fi'])).code).toBe(0);
    expect((await run(['create', '--name', 'Muu ry', '--host', 'muu.localhost', '--admin-email', 'c@d.fi'])).code).toBe(0);

    const shown = await run(['tier', '--host', 'taso.localhost']);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain('Palvelutaso: Free');
    expect(shown.out).toContain('Päivityspyynnöt sähköpostilla: maksullisia');

    const set = await run(['tier', '--host', 'Taso.localhost', '--set', 'plus']);
    expect(set.code).toBe(0);
    expect(set.out).toContain('Yhdistyksen "Taso ry" palvelutaso vaihdettu: Free → Plus.');
    expect(set.out).toContain('Viestien sivuhintojen alennus: 20 %');
    expect(set.out).toContain('Ryhmäpostituslistan enimmäiskoko: 1000');

    const after = await withDb(async (db) => ({
      tenants: await db.selectFrom('tenants').select(['hostname', 'tier']).orderBy('id').execute(),
      lines: await db.selectFrom('activity_log').select(['event', 'context', 'data', 'author_id']).where('event', '=', 'tier_changed').execute(),
    }));
    expect(after.tenants).toEqual([
      { hostname: 'taso.localhost', tier: 'Plus' },
      { hostname: 'muu.localhost', tier: 'Free' },
    ]);
    expect(after.lines).toEqual([{ event: 'tier_changed', context: 'settings', data: JSON.stringify([{ field: 'tier', old: 'Free', new: 'Plus' }]), author_id: null }]);

    // The same tier again: said so, no second log line.
    expect((await run(['tier', '--host', 'taso.localhost', '--set', 'Plus'])).out).toContain('palvelutaso on jo Plus');
    expect((await run(['tier', '--host', 'taso.localhost', '--set', 'Premium'])).out).toContain('Kulukorvauksia vuodessa: rajaton');
    expect(await withDb((db) => db.selectFrom('activity_log').select('id').where('event', '=', 'tier_changed').execute())).toHaveLength(2);
  });

  it('refuses an unknown tier, an unknown host and a missing --host', async () => {
    expect(await run(['tier', '--host', 'taso.localhost', '--set', 'Gold'])).toMatchObject({ code: 1, err: expect.stringContaining('Tuntematon palvelutaso') });
    expect(await run(['tier', '--host', 'ei-ole.localhost'])).toMatchObject({ code: 1, err: expect.stringContaining('ei ole') });
    expect(await run(['tier'])).toMatchObject({ code: 2, err: expect.stringContaining('tier --host') });
  });
});
