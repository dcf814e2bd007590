import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Removes the run's temporary DATA_DIR (made in playwright.config.ts). */
export default function globalTeardown(): void {
  const dir = process.env.SEURA_E2E_DATA_DIR;
  // Only ever delete our own temp directory.
  if (dir && path.resolve(dir).startsWith(path.join(os.tmpdir(), 'seura-e2e-'))) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
