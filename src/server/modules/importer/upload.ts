import crypto from 'node:crypto';
import path from 'node:path';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { NotFound, ValidationError } from '../../lib/errors';
import { iso } from '../../lib/clock';
import { readSheets } from './parse';
import { UploadError, type Sheet } from './sheet';
import { cleanupUploads, storedKey, uploadKey } from './cleanup';
import { fileStore, getBuffer } from '../../storage/index';
import { cachedSheets, cacheSheets } from './sheetCache';
import * as repo from './repo';

// The wizard's first step: the file is parsed once, stored (storage/: the data directory or S3,
// readable by every server process) for the next steps, and its sheets kept parsed in this
// process's memory (sheetCache.ts); a step served by another process parses the stored file.

export async function upload(deps: Deps, tenant: Tenant, me: Member, filename: string, bytes: Buffer) {
  let sheets: Sheet[];
  try {
    sheets = await readSheets(filename, bytes);
  } catch (e) {
    if (e instanceof UploadError) throw ValidationError.field('file', 'upload_error');
    throw e;
  }
  const id = crypto.randomUUID();
  const kind = filename.toLowerCase().endsWith('.xlsx') || bytes.subarray(0, 2).toString() === 'PK' ? 'xlsx' : 'csv';
  const key = uploadKey(tenant.id, id, kind);
  const summary = sheets.map((s) => ({ name: s.name, row_count: s.rows.length }));
  const safeName = path.basename(filename).slice(0, 200) || `tuonti.${kind}`;
  // The row first: a crash before the file is stored leaves a row the 24-hour cleanup takes,
  // never a file no row names (which no listing of an object store would find).
  await repo.insertImport(deps.db, tenant.id, { id, filename: safeName, stored_path: key, kind, sheets: JSON.stringify(summary), author_id: me.id, uploaded_at: iso(deps.clock.now()), created: 0, updated: 0 });
  try {
    await fileStore(deps.config).put(key, bytes);
  } catch (e) {
    await repo.deleteImport(deps.db, tenant.id, id);
    throw e;
  }
  // The wizard's next steps use these sheets as parsed now.
  cacheSheets(tenant.id, id, key, sheets);
  // Opportunistically, old uploads go as new ones arrive (besides the hourly pass).
  void cleanupUploads(deps).catch(() => undefined);
  return { id, filename: safeName, sheets: summary };
}

export async function loadImport(deps: Deps, tenant: Tenant, id: string): Promise<repo.ImportRow> {
  const row = await repo.findImport(deps.db, tenant.id, id);
  if (!row) throw new NotFound();
  return row;
}

/** A sheet of an upload (the first with a header when not named), parsed once per stored file. */
export async function sheetOf(deps: Deps, tenant: Tenant, id: string, sheetName?: string): Promise<Sheet> {
  const imp = await loadImport(deps, tenant, id);
  // A finished import's file is gone (cleanup.ts): nothing left to read.
  if (!imp.stored_path) throw new NotFound();
  let sheets = cachedSheets(tenant.id, id, imp.stored_path);
  if (!sheets) {
    // Not parsed in this process (another one took the upload, or this one restarted).
    const key = storedKey(deps.config.dataDir, imp.stored_path);
    const bytes = key ? await getBuffer(fileStore(deps.config), key) : null;
    if (!bytes) throw new NotFound();
    sheets = await readSheets(imp.filename, bytes);
    cacheSheets(tenant.id, id, imp.stored_path, sheets);
  }
  const sheet = sheetName ? sheets.find((s) => s.name === sheetName) : sheets.find((s) => s.header.length > 0);
  if (!sheet) throw ValidationError.field('sheet', '_validation_invalid_choice');
  return sheet;
}
