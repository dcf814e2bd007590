import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { NotFound, ValidationError } from '../../lib/errors';
import { iso } from '../../lib/clock';
import { readSheets } from './parse';
import { UploadError, type Sheet } from './sheet';
import { cleanupUploads, uploadsDir } from './cleanup';
import { cachedSheets, cacheSheets } from './sheetCache';
import * as repo from './repo';

// The wizard's first step: the file is parsed once, stored under the data directory for the
// next steps, and its sheets kept parsed in memory (sheetCache.ts).

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
  const dir = uploadsDir(deps.config.dataDir, tenant.id);
  await fs.mkdir(dir, { recursive: true });
  const stored = path.join(dir, `${id}.${kind}`);
  await fs.writeFile(stored, bytes);
  // The wizard's next steps use these sheets as parsed now.
  cacheSheets(tenant.id, id, await mtimeOf(stored), sheets);
  const summary = sheets.map((s) => ({ name: s.name, row_count: s.rows.length }));
  const safeName = path.basename(filename).slice(0, 200) || `tuonti.${kind}`;
  await repo.insertImport(deps.db, tenant.id, { id, filename: safeName, stored_path: stored, kind, sheets: JSON.stringify(summary), author_id: me.id, uploaded_at: iso(deps.clock.now()), created: 0, updated: 0 });
  // Opportunistically, old uploads go as new ones arrive (besides the hourly pass).
  void cleanupUploads(deps).catch(() => undefined);
  return { id, filename: safeName, sheets: summary };
}

/** Whole milliseconds: what a Date (and so fs.utimes, a backup restore) can carry. */
const mtimeOf = async (file: string) => Math.round((await fs.stat(file)).mtimeMs);

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
  const mtimeMs = await mtimeOf(imp.stored_path);
  let sheets = cachedSheets(tenant.id, id, mtimeMs);
  if (!sheets) {
    sheets = await readSheets(imp.filename, await fs.readFile(imp.stored_path));
    cacheSheets(tenant.id, id, mtimeMs, sheets);
  }
  const sheet = sheetName ? sheets.find((s) => s.name === sheetName) : sheets.find((s) => s.header.length > 0);
  if (!sheet) throw ValidationError.field('sheet', '_validation_invalid_choice');
  return sheet;
}
