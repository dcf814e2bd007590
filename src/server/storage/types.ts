import type { Readable } from 'node:stream';

/**
 * Where uploaded files live, so that any server process can read what another one stored:
 * a directory (DATA_DIR, which may be a shared mount) or S3-compatible object storage (S3_URL).
 * Keys are relative paths with `/` separators (`uploads/12/<uuid>.xlsx`).
 */
export interface FileStore {
  /** Stores the bytes under the key, replacing what was there; readers never see a partial file. */
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes as a stream, or null when nothing is stored under the key. */
  get(key: string): Promise<Readable | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** A key must stay inside its store: relative, no `..`, no empty segments. */
export function checkKey(key: string): string {
  const parts = key.split('/');
  if (key === '' || key.startsWith('/') || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\'))) throw new Error(`invalid storage key "${key}"`);
  return key;
}

/** The whole object in memory, or null when it is missing. */
export async function getBuffer(store: FileStore, key: string): Promise<Buffer | null> {
  const stream = await store.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}
