import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { checkKey, type FileStore } from './types';

/**
 * Files under a directory (DATA_DIR). With several processes the directory must be shared
 * (e.g. an NFS mount): a file is written to a temporary name and renamed into place, so a
 * process reading it never sees half of it. Files are private to the server's user.
 */
export function dirStore(root: string): FileStore {
  const full = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    async put(key, data) {
      const file = full(key);
      await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fsp.writeFile(tmp, data, { mode: 0o600 });
      await fsp.rename(tmp, file);
    },
    async get(key) {
      const file = full(key);
      // Opened before the stream is handed out, so a missing file is null rather than a stream error.
      const handle = await fsp.open(file, 'r').catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return null;
        throw e;
      });
      if (!handle) return null;
      return handle.createReadStream() as Readable;
    },
    async delete(key) {
      await fsp.rm(full(key), { force: true });
    },
    async exists(key) {
      return (await fsp.stat(full(key)).catch(() => null))?.isFile() ?? false;
    },
  };
}
