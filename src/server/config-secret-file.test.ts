import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

// The session secret may live outside DATA_DIR (a mounted secret file).
describe('SESSION_SECRET_FILE', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-secret-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('reads the secret from the file and writes none into DATA_DIR', () => {
    const dataDir = tmp();
    const file = path.join(tmp(), 'seura-secret');
    fs.writeFileSync(file, 'tiedoston-salaisuus-0123456789\n', { mode: 0o600 });
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET_FILE: file }).sessionSecret).toBe('tiedoston-salaisuus-0123456789');
    expect(fs.existsSync(path.join(dataDir, 'session-secret'))).toBe(false);
  });

  it('refuses a missing or empty file, or both variables, instead of generating a new secret', () => {
    const dataDir = tmp();
    expect(() => loadConfig({ DATA_DIR: dataDir, SESSION_SECRET_FILE: path.join(dataDir, 'ei-ole') })).toThrow(/SESSION_SECRET_FILE/);
    const empty = path.join(tmp(), 'tyhja');
    fs.writeFileSync(empty, '\n');
    expect(() => loadConfig({ DATA_DIR: dataDir, SESSION_SECRET_FILE: empty })).toThrow(/empty/);
    expect(() => loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x', SESSION_SECRET_FILE: empty })).toThrow(/not both/);
    expect(fs.existsSync(path.join(dataDir, 'session-secret'))).toBe(false);
  });
});
