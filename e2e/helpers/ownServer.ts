import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_ADMIN } from './admin';
import { DEFAULT_MESSAGE_PRICES, type MessagePrices } from '../../src/shared/messages/prices';

// A second server process for journeys that need their own configuration (an SMTP server
// of their own for messages). The shared e2e server writes mail to files, which other
// journeys read (reset codes), so it cannot be pointed at an SMTP server; this one has its
// own port and data directory and otherwise the same settings.

export interface OwnServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The journey's own price list (MESSAGE_PRICES_FILE): the defaults, changed by `edit`. */
export interface OwnServerOptions {
  prices?: (p: MessagePrices) => void;
}

export async function startOwnServer(port: number, env: Record<string, string>, opts: OwnServerOptions = {}): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-e2e-own-'));
  if (opts.prices) {
    const prices = structuredClone(DEFAULT_MESSAGE_PRICES);
    opts.prices(prices);
    const file = path.join(dataDir, 'prices.json');
    fs.writeFileSync(file, JSON.stringify(prices));
    env = { ...env, MESSAGE_PRICES_FILE: file };
  }
  const baseURL = `http://127.0.0.1:${String(port)}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEURA_ADMIN_EMAIL: E2E_ADMIN.email,
      SEURA_ADMIN_PASSWORD: E2E_ADMIN.password,
      SEURA_CHECK_REPLIES: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${String(child.exitCode)}):\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/1/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Credits the association's balance as an operator does (`npm run tenant -- balance --add`),
 * through the same function, against the server's database. The demo association has no
 * host name for the CLI to find it by, so the first association is credited.
 */
export async function creditBalance(dataDir: string, euros: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/helpers/creditBalance.ts', euros], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`creditBalance failed (${String(code)}): ${out}`);
  return out.trim();
}
