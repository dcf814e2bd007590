import path from 'node:path';
import { openPostgres, openSqlite, type DbHandle } from '../db/kysely';
import type { Deps } from '../deps';
import type { Clock } from '../lib/clock';
import { createMailer } from '../modules/mail/mailer';
import { freshDb, testConfig, type TestDb } from './harness';

/**
 * A fresh database with two independent connections to it, as two server processes have:
 * `a` on the harness's handle, `b` on its own, sharing one clock, config and mailer.
 * `close()` closes `b`'s connection and drops the database.
 */
export async function twoConnections(clock: Clock): Promise<{ tdb: TestDb; a: Deps; b: Deps; close: () => Promise<void> }> {
  const tdb = await freshDb();
  const other: DbHandle = tdb.databaseUrl ? openPostgres(tdb.databaseUrl) : openSqlite(path.join(tdb.dataDir, 'seura.sqlite'));
  const config = testConfig(tdb.dataDir);
  const mailer = createMailer({ smtpUrl: null, dataDir: tdb.dataDir });
  return {
    tdb,
    a: { db: tdb.handle.db, dialect: tdb.handle.dialect, clock, config, mailer },
    b: { db: other.db, dialect: other.dialect, clock, config, mailer },
    close: async () => {
      await other.destroy();
      await tdb.drop();
    },
  };
}
