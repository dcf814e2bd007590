import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tenantCli, withCliDb } from '../test/tenantCli';
import type { Db } from '../db/kysely';

describe('npm run tenant -- unblock', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-cli-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir };

  const run = tenantCli(env);

  const withDb = <T>(fn: (db: Db) => Promise<T>): Promise<T> => withCliDb(dataDir, fn);

  it('sets a blocked association back to OK with a log line, and says so when it was not blocked', async () => {
    expect((await run(['create', '--name', 'Estetty ry', '--host', 'estetty.localhost', '--admin-email', 'a@b.fi'])).code).toBe(0);
    expect((await run(['create', '--name', 'Muu ry', '--host', 'muu.localhost', '--admin-email', 'c@d.fi'])).code).toBe(0);
    await withDb((db) => db.updateTable('tenants').set({ trust_status: 'BLOCKED' }).execute());

    expect(await run(['unblock', '--host', 'Estetty.localhost'])).toMatchObject({ code: 0, out: 'Yhdistyksen "Estetty ry" viestien lähettäminen sallittu uudelleen.' });
    const after = await withDb(async (db) => ({
      tenants: await db.selectFrom('tenants').select(['hostname', 'trust_status']).orderBy('id').execute(),
      lines: await db.selectFrom('activity_log').select(['event', 'context', 'data', 'author_id']).where('event', '=', 'trust_unblocked').execute(),
    }));
    expect(after.tenants).toEqual([
      { hostname: 'estetty.localhost', trust_status: 'OK' },
      { hostname: 'muu.localhost', trust_status: 'BLOCKED' },
    ]);
    expect(after.lines).toEqual([{ event: 'trust_unblocked', context: 'trust', data: JSON.stringify([{ field: 'trust_status', old: 'BLOCKED', new: 'OK' }]), author_id: null }]);

    expect(await run(['unblock', '--host', 'estetty.localhost'])).toMatchObject({ code: 0, out: 'Yhdistyksen "Estetty ry" viestejä ei ollut estetty.' });
    expect(await withDb((db) => db.selectFrom('activity_log').select('id').where('event', '=', 'trust_unblocked').execute())).toHaveLength(1);
  });

  it('refuses an unknown host and a missing --host', async () => {
    expect(await run(['unblock', '--host', 'ei-ole.localhost'])).toMatchObject({ code: 1, err: expect.stringContaining('ei ole') });
    expect(await run(['unblock'])).toMatchObject({ code: 2, err: expect.stringContaining('unblock --host') });
  });
});
