import type { Config } from '../config';
import { dirStore } from './dir';
import { parseS3Url, s3Store } from './s3';
import type { FileStore } from './types';

export type { FileStore } from './types';
export { getBuffer } from './types';

// One store per configuration (a process has one; tests have one per app).
const stores = new WeakMap<Config, FileStore>();

/** The uploads' store: S3 when S3_URL is set, else the data directory. */
export function fileStore(config: Pick<Config, 'dataDir' | 's3Url'>): FileStore {
  const key = config as Config;
  let store = stores.get(key);
  if (!store) {
    store = config.s3Url ? s3Store(parseS3Url(config.s3Url)) : dirStore(config.dataDir);
    stores.set(key, store);
  }
  return store;
}
