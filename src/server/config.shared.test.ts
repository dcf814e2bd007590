import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { REPO_ROOT } from './bootstrap';

// Several processes on one DATA_DIR (or on several machines with S3) must sign cookies alike.

describe('the session secret shared by several processes', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-cfg-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  /** A process that loads the configuration and prints its secret. */
  const secretOf = (dataDir: string) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '-e', "const { loadConfig } = await import('./src/server/config.ts'); process.stdout.write(loadConfig().sessionSecret);"], {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(err))));
    });

  it('is one secret when processes start at once on a fresh DATA_DIR', async () => {
    const dir = tmp();
    const secrets = await Promise.all([secretOf(dir), secretOf(dir), secretOf(dir), secretOf(dir)]);
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(40);
    expect(fs.readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(secrets[0]);
    // No temporary file is left behind.
    expect(fs.readdirSync(dir)).toEqual(['session-secret']);
  }, 60_000);

  it('never signs with an empty secret: a file caught half-written (as an older version could leave it) stops the start', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'session-secret'), '');
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/session-secret is empty/);
    // The file is left for the operator to look at, not replaced by another secret.
    expect(fs.readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe('');
  });

  it('is required from the environment with S3_URL, where processes share no directory', () => {
    const dir = tmp();
    const s3 = 'https://key:secret@s3.example.fi/seura?region=eu-north-1';
    expect(() => loadConfig({ DATA_DIR: dir, S3_URL: s3 })).toThrow(/S3_URL is set: give every process the same SESSION_SECRET/);
    expect(fs.existsSync(path.join(dir, 'session-secret'))).toBe(false);
    const c = loadConfig({ DATA_DIR: dir, S3_URL: s3, SESSION_SECRET: 'yhteinen' });
    expect(c).toMatchObject({ s3Url: s3, sessionSecret: 'yhteinen' });
    expect(() => loadConfig({ DATA_DIR: dir, S3_URL: 'https://s3.example.fi/seura', SESSION_SECRET: 'x' })).toThrow(/access key/);
    expect(() => loadConfig({ DATA_DIR: dir, S3_URL: 'https://k:s@s3.example.fi/', SESSION_SECRET: 'x' })).toThrow(/no bucket/);
  });
});
