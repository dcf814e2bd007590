import fs from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../deps';
import type { Db } from '../../db/kysely';
import { iso } from '../../lib/clock';
import { forgetSheets } from './sheetCache';
import * as repo from './repo';
import { removeStaleUnattached } from '../expenseclaims/files';
import type { Config } from '../../config';
import { fileStore } from '../../storage/index';

// Uploaded member lists hold personal data, so they are kept only while an import may
// still need them (data minimisation, GDPR): an imported file is never read again (undo works from
// the batch's own record), and an upload left unimported goes after 24 hours. The imports
// row stays for the list of imports, with its counts but without the file.

export const UPLOAD_KEEP_MS = 24 * 60 * 60 * 1000;
const EVERY_MS = 60 * 60 * 1000;

export const uploadsDir = (dataDir: string, tenantId: number): string => path.join(dataDir, 'uploads', String(tenantId));

/** The storage key of a new upload (storage/): the same on every process. */
export const uploadKey = (tenantId: number, importId: string, kind: string): string => `uploads/${String(tenantId)}/${importId}.${kind}`;

type StoreConfig = Pick<Config, 'dataDir' | 's3Url'>;

/**
 * The storage key an imports row names. Rows from before storage/ hold the file's absolute
 * path under DATA_DIR; those read as their key relative to it (null when outside it).
 */
export function storedKey(dataDir: string, storedPath: string): string | null {
  if (!path.isAbsolute(storedPath)) return storedPath;
  const rel = path.relative(dataDir, storedPath);
  return rel === '' || rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep).join('/');
}

/** Removes an import's stored file and anything else stored under its id. */
export async function removeUploadFiles(config: StoreConfig, tenantId: number, importId: string, storedPath: string): Promise<void> {
  // Parsed rows held in memory go with the file (a permanent delete erases them too).
  forgetSheets(tenantId, importId);
  const key = storedPath ? storedKey(config.dataDir, storedPath) : null;
  if (key) await fileStore(config).delete(key);
  // Files an older version left beside it in the data directory.
  const dir = uploadsDir(config.dataDir, tenantId);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  for (const n of names.filter((x) => x.startsWith(importId))) await fs.rm(path.join(dir, n), { force: true });
}

/** The file of a finished import is not needed any more. */
export async function discardImportedFile(db: Db, config: StoreConfig, tenantId: number, importId: string): Promise<void> {
  const storedPath = await repo.storedPathOf(db, tenantId, importId);
  if (storedPath === undefined) return;
  await removeUploadFiles(config, tenantId, importId, storedPath);
  await repo.clearStoredPath(db, tenantId, importId);
}

/**
 * One cleanup pass over every association: files of finished imports, and unimported
 * uploads older than 24 hours (row and file). Returns how many files went.
 */
export async function cleanupUploads(deps: Deps): Promise<number> {
  const { db } = deps;
  const cutoff = iso(new Date(deps.clock.now().getTime() - UPLOAD_KEEP_MS));
  let removed = 0;
  const done = await repo.finishedWithFileAllTenants(db);
  for (const r of done) {
    await discardImportedFile(db, deps.config, r.tenant_id, r.id);
    removed += 1;
  }
  const stale = await repo.staleUploadsAllTenants(db, cutoff);
  for (const r of stale) {
    await removeUploadFiles(deps.config, r.tenant_id, r.id, r.stored_path);
    await repo.deleteImport(db, r.tenant_id, r.id);
    removed += 1;
  }
  removed += await removeOrphans(deps, Date.parse(cutoff));
  // Expense receipts uploaded but never attached to a saved claim.
  removed += await removeStaleUnattached(deps);
  return removed;
}

/**
 * Files in the data directory no imports row refers to, once old: left by versions that wrote
 * the file before the row (now the row comes first, so a crash leaves a row the 24-hour pass takes).
 */
async function removeOrphans(deps: Deps, cutoffMs: number): Promise<number> {
  const root = path.join(deps.config.dataDir, 'uploads');
  const tenants = await fs.readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const t of tenants) {
    if (!/^\d+$/.test(t)) continue;
    const dir = path.join(root, t);
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    if (names.length === 0) continue;
    const known = await repo.importIds(deps.db, Number(t));
    for (const n of names) {
      if (known.has(n.slice(0, 36))) continue;
      const p = path.join(dir, n);
      const stat = await fs.stat(p).catch(() => null);
      if (stat && stat.mtimeMs < cutoffMs) {
        await fs.rm(p, { force: true });
        removed += 1;
      }
    }
  }
  return removed;
}

/** Runs the cleanup now and then hourly; returns the stop function. Failures are logged, never fatal. */
export function startUploadCleanup(deps: Deps, log: (msg: string) => void = (m) => console.warn(m)): () => void {
  const run = () => void cleanupUploads(deps).catch((e: unknown) => log(`[tuonti] tiedostojen siivous epäonnistui: ${e instanceof Error ? e.message : String(e)}`));
  run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
