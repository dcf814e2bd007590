import path from 'node:path';
import { vi } from 'vitest';
import { runTenantCli } from '../cli/tenant';
import { openSqlite, type Db } from '../db/kysely';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** Runs `npm run tenant -- …` in this process with `env`, returning its exit code and what it printed. */
export function tenantCli(env: Record<string, string>): (args: string[]) => Promise<CliRun> {
  return async (args) => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const code = await runTenantCli(args, env);
      return { code, out: log.mock.calls.map((c) => String(c[0])).join('\n'), err: error.mock.calls.map((c) => String(c[0])).join('\n') };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  };
}

/** Opens the CLI's SQLite database in `dataDir` for `fn`, closed again afterwards. */
export async function withCliDb<T>(dataDir: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const h = openSqlite(path.join(dataDir, 'seura.sqlite'));
  try {
    return await fn(h.db);
  } finally {
    await h.destroy();
  }
}
