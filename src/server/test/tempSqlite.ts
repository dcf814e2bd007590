import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { openSqlite, type DbHandle } from '../db/kysely';

/**
 * SQLite files of their own for tests of the database layer (db/*.test.ts): `file()` names a
 * new one, `open()` opens it (or a new one); each test's handles are closed and its files removed after it.
 */
export function tempSqlite(prefix: string): { file(): string; open(file?: string): DbHandle; forget(h: DbHandle): void } {
  const dirs: string[] = [];
  const handles: DbHandle[] = [];
  afterEach(async () => {
    for (const h of handles.splice(0)) await h.destroy();
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const file = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `seura-${prefix}-`));
    dirs.push(dir);
    return path.join(dir, 'seura.sqlite');
  };
  return {
    file,
    open: (name = file()) => {
      const h = openSqlite(name);
      handles.push(h);
      return h;
    },
    /** The test closes this one itself. */
    forget: (h) => void handles.splice(handles.indexOf(h), 1),
  };
}
