import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from '../bootstrap';

// A real server process (`src/server/main.ts`) for the tests and the load bench that need
// several processes, and a signed-in HTTP session against one, as the browser holds it.

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** What the process wrote to stderr (its warnings and a failure's reason). */
  stderr: () => string;
  /** What the process wrote to stdout (its log lines, errors included). */
  stdout: () => string;
  /** SIGTERM (a clean stop) and its exit. */
  stop(): Promise<void>;
}

/** A port free right now (the server binds it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Starts main.ts with `env` (plus PATH and PORT) and waits until it answers /api/1/health. */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('src', 'server', 'main.ts')], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', SEURA_CHECK_REPLIES: '0', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  let out = '';
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  // Kept short: a long run logs little at the default level, but never without bound.
  child.stdout?.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-200_000)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const base = `http://127.0.0.1:${String(port)}`;
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${String(child.exitCode)}): ${err}`);
    const ok = await fetch(`${base}/api/1/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer in ${String(timeoutMs)} ms: ${err}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    base,
    stderr: () => err,
    stdout: () => out,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The cookies and headers of a signed-in browser: any process of the deployment accepts them. */
export interface Session {
  csrf: string;
  cookie: string;
  headers: Record<string, string>;
}

/** The CSRF cookie first, then the credentials, as the web client signs in. */
export async function signIn(base: string, email: string, password: string, extra: Record<string, string> = {}): Promise<Session> {
  const first = await fetch(`${base}/api/1/health`, { headers: extra });
  const csrf = /csrftoken=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
  if (!csrf) throw new Error('no CSRF cookie');
  const login = await fetch(`${base}/api/1/session/login`, {
    method: 'POST',
    headers: { ...extra, 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
    body: JSON.stringify({ email, password }),
  });
  const session = /seura_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (login.status !== 200 || !session) throw new Error(`login failed: ${String(login.status)} ${await login.text()}`);
  const cookie = `csrftoken=${csrf}; seura_session=${session}`;
  return { csrf, cookie, headers: { ...extra, 'content-type': 'application/json', 'x-csrftoken': csrf, cookie } };
}
