import type { Sheet } from './sheet';

// The import wizard's steps (sheet metadata, dry run, import) read the same upload; parsing
// it again on every step let one association spend the server's time at will.
// Parsed sheets are kept per import and stored file (its storage key: a row naming another
// file is parsed afresh), bounded in count and in estimated bytes, least recently used out
// first. Only a cache: each process has its own, and a miss reads the stored file (upload.ts).

const MAX_ENTRIES = 8;
const MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  file: string;
  sheets: Sheet[];
  bytes: number;
}

const entries = new Map<string, Entry>();
let total = 0;

/** A rough heap estimate: object overheads plus UTF-16 text. */
export function estimateBytes(sheets: Sheet[]): number {
  let n = 0;
  for (const s of sheets) {
    for (const h of s.header) n += 40 + h.length * 2;
    for (const r of s.rows) {
      n += 64;
      for (const c of r.cells) n += 40 + c.text.length * 2;
    }
  }
  return n;
}

const keyOf = (tenantId: number, id: string) => `${tenantId}:${id}`;

function drop(key: string) {
  const e = entries.get(key);
  if (!e) return;
  entries.delete(key);
  total -= e.bytes;
}

export function cachedSheets(tenantId: number, id: string, file: string): Sheet[] | undefined {
  const key = keyOf(tenantId, id);
  const e = entries.get(key);
  if (!e) return undefined;
  if (e.file !== file) {
    drop(key);
    return undefined;
  }
  // Map order is insertion order: re-inserting makes it the most recent.
  entries.delete(key);
  entries.set(key, e);
  return e.sheets;
}

export function cacheSheets(tenantId: number, id: string, file: string, sheets: Sheet[]): void {
  const key = keyOf(tenantId, id);
  drop(key);
  const bytes = estimateBytes(sheets);
  if (bytes > MAX_BYTES) return;
  entries.set(key, { file, sheets, bytes });
  total += bytes;
  for (const oldest of entries.keys()) {
    if (entries.size <= MAX_ENTRIES && total <= MAX_BYTES) break;
    drop(oldest);
  }
}

export function forgetSheets(tenantId: number, id: string): void {
  drop(keyOf(tenantId, id));
}
