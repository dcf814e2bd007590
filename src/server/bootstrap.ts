import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from './config';
import { openDatabase, type DbHandle } from './db/kysely';
import { migrateToLatest } from './db/migrate';
import { systemClock } from './lib/clock';
import { createMailer } from './modules/mail/mailer';
import type { Deps } from './deps';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_ROOT = path.join(REPO_ROOT, 'dist', 'web');

/** Config + migrated database + mailer: what the server, the CLI and the seed script share. */
export async function openDeps(env: Record<string, string | undefined> = process.env): Promise<{ deps: Deps; handle: DbHandle; config: Config }> {
  const config = loadConfig(env);
  const handle = openDatabase(config);
  await migrateToLatest(handle.db);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    log: (msg, data) => console.log(`[posti] ${msg}`, data ?? ''),
  });
  return { deps: { db: handle.db, dialect: handle.dialect, clock: systemClock, config, mailer }, handle, config };
}
