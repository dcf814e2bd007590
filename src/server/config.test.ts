import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-cfg-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('uses the documented defaults', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir: dir, databaseUrl: null, smtpUrl: null, publicUrl: null, secureCookies: false });
  });

  it('generates SESSION_SECRET once and keeps it in DATA_DIR', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    expect((fs.statSync(path.join(dir, 'session-secret')).mode & 0o777).toString(8)).toBe('600');
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'annettu' }).sessionSecret).toBe('annettu');
  });

  it('reads every variable', () => {
    const dir = tmp();
    const c = loadConfig({
      DATA_DIR: dir,
      PORT: '3107',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://x@localhost/seura',
      SMTP_URL: 'smtp://localhost:25',
      PUBLIC_URL: 'https://seura.example.fi',
      SEURA_ADMIN_EMAIL: 'admin@example.fi',
      SEURA_ADMIN_PASSWORD: 'Testi-Salasana-123',
    });
    expect(c).toMatchObject({
      port: 3107,
      host: '0.0.0.0',
      databaseUrl: 'postgres://x@localhost/seura',
      smtpUrl: 'smtp://localhost:25',
      publicUrl: 'https://seura.example.fi',
      secureCookies: true,
      adminEmail: 'admin@example.fi',
      adminPassword: 'Testi-Salasana-123',
    });
  });

  it('rejects a PORT that is not a port', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: 'kolme' })).toThrow(/PORT/);
  });
});
