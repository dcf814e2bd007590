import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { execFileSync } from 'node:child_process';

// A throwaway PostgreSQL cluster for the test suite: temp data dir, free port,
// trust auth on 127.0.0.1 only, fsync off. As root, the server runs as `postgres`.

export interface Cluster {
  url: string;
  stop(): void;
}

function findBin(name: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(':')];
  const pgRoot = '/usr/lib/postgresql';
  if (fs.existsSync(pgRoot)) {
    for (const v of fs.readdirSync(pgRoot).sort().reverse()) dirs.push(path.join(pgRoot, v, 'bin'));
  }
  for (const d of dirs) {
    const p = path.join(d, name);
    if (d && fs.existsSync(p)) return p;
  }
  return null;
}

export function postgresAvailable(): boolean {
  return findBin('initdb') !== null && findBin('pg_ctl') !== null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

function run(bin: string, args: string[]): void {
  if (isRoot()) {
    const quoted = [bin, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', quoted], { stdio: 'pipe' });
  } else {
    execFileSync(bin, args, { stdio: 'pipe' });
  }
}

export async function startCluster(): Promise<Cluster> {
  const initdb = findBin('initdb');
  const pgCtl = findBin('pg_ctl');
  if (!initdb || !pgCtl) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-pg-'));
  const dataDir = path.join(dir, 'data');
  if (isRoot()) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const port = await freePort();
  run(initdb, ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run(pgCtl, ['-D', dataDir, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(pgCtl, ['-D', dataDir, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
