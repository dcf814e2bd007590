import { buildApp } from '../src/server/app';
import type { Deps } from '../src/server/deps';

/** The bench's admin: openDeps creates the demo association with these. */
export const BENCH_ADMIN = { email: 'bench@example.fi', password: 'Bench-Salasana-123' };

export interface BenchServer {
  base: string;
  /** JSON content type, CSRF token and the admin's session, as the browser sends them. */
  headers: Record<string, string>;
  close(): Promise<void>;
}

/** Serves the API on a free port and signs the bench's admin in like the browser does. */
export async function serveSignedIn(deps: Deps): Promise<BenchServer> {
  // Production's figures: replies are not checked against their schemas there (http/replyCheck.ts).
  process.env.SEURA_CHECK_REPLIES ??= '0';
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  // The CSRF cookie first, then the credentials.
  const first = await fetch(`${base}/api/1/health`);
  const csrf = /csrftoken=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
  const login = await fetch(`${base}/api/1/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const session = /seura_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
  const headers = { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}; seura_session=${session}` };
  return { base, headers, close: () => app.close() };
}
