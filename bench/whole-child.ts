import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDeps } from '../src/server/bootstrap';
import { serveSignedIn } from './http';
import { fmt, percentile, timed } from './stats';
import { MEMBER_PAGE_SIZE_EVERYONE } from '../src/shared/constants';

// One whole-register read (`export` or `everyone`) in a server process of its own, started by
// run.ts on the register it seeded (DATA_DIR, DATABASE_URL): the peak memory it prints is the
// operation's in a server that has just started, not what the seeding left in the bench's process.

/** The columns both operations show: fixed fields, custom fields of each type and a group. */
const WHOLE_COLUMNS = ['email', 'phone', 'address_street', 'address_zip', 'address_city', 'liittymisvuosi', 'jasenlaji', 'syntymapaiva', 'harrastus', 'maksettu', 'jasenmaksu', 'ryhma_1'];

const op = process.argv[2];
const { deps, handle } = await openDeps(process.env);
try {
  const app = await serveSignedIn(deps);
  const { base, headers } = app;
  if (op === 'export') await exportAll(base, headers);
  else if (op === 'everyone') {
    // The first call in a fresh process also compiles its code; the second is the server's steady state.
    await everyone(base, headers, 'ensimmäinen kutsu');
    await everyone(base, headers, 'toinen kutsu');
  } else throw new Error(`whole-child: unknown operation ${op}`);
  await app.close();
} finally {
  deps.mailer.close();
  await handle.destroy();
}

/** The browser's way: the filter in a POST body for a single-use token, then a GET of the file, read as a stream. */
async function exportAll(base: string, headers: Record<string, string>): Promise<void> {
  const exported = await timed(async () => {
    const token = await fetch(`${base}/api/1/members/export_token`, { method: 'POST', headers, body: JSON.stringify({ filter: [], columns: WHOLE_COLUMNS, format: 'xlsx' }) });
    if (!token.ok) throw new Error(`export_token: ${token.status}`);
    const { url } = (await token.json()) as { url: string };
    const res = await fetch(`${base}${url}`, { headers });
    if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
    return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  });
  console.log(`vienti xlsx: ${exported.seconds.toFixed(1)} s, huippumuisti ${exported.peakMb} MB (palvelin alussa ${exported.startMb} MB; ${exported.result})   tavoite < 10 s, < 400 MB`);
}

/**
 * "Everyone" as one page, while another caller polls session/get. Client and server share this
 * process, so the honest "how long would a request wait" is the event loop's longest stall.
 */
async function everyone(base: string, headers: Record<string, string>, which: string): Promise<void> {
  const body = { sort: { field: 'lastname', dir: 'asc' }, page: 0, page_size: MEMBER_PAGE_SIZE_EVERYONE, columns: WHOLE_COLUMNS };
  const waits: number[] = [];
  let busy = true;
  const probe = (async () => {
    while (busy) {
      const t0 = performance.now();
      await fetch(`${base}/api/1/session/get`, { headers }).then((r) => r.json());
      waits.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  // The same stall counted in this process's CPU time: on a busy shared machine the wall
  // clock also counts the time the operating system gave to other processes.
  let cpuStall = 0;
  let lastCpu = process.cpuUsage();
  const cpuProbe = setInterval(() => {
    const d = process.cpuUsage(lastCpu);
    lastCpu = process.cpuUsage();
    cpuStall = Math.max(cpuStall, (d.user + d.system) / 1000);
  }, 5);
  // The reply is collected as bytes and parsed only after the measurement: parsing tens
  // of megabytes here, in the server's process, would count as the server's stall.
  const raw: Buffer[] = [];
  const page = await timed(async () => {
    const res = await fetch(`${base}/api/1/members/get_results`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok || !res.body) throw new Error(`get_results: ${res.status}`);
    for await (const chunk of res.body) raw.push(Buffer.from(chunk as Uint8Array));
    return raw.length;
  });
  loop.disable();
  clearInterval(cpuProbe);
  busy = false;
  await probe;
  const rows = (JSON.parse(Buffer.concat(raw).toString('utf8')) as { results: unknown[] }).results.length;
  waits.sort((a, b) => a - b);
  console.log(
    `get_results "kaikki" (${which}), ${rows} riviä (${WHOLE_COLUMNS.length} saraketta): ${page.seconds.toFixed(1)} s, huippumuisti ${page.peakMb} MB (palvelin alussa ${page.startMb} MB)   tavoite ≤ 3 s\n` +
      `  tapahtumasilmukan pisin katko sillä aikaa: ${fmt(loop.max / 1e6)} (prosessin suoritinaikana ${fmt(cpuStall)})   tavoite < 100 ms\n` +
      `  samanaikainen session/get (${waits.length} kpl): p50 ${fmt(percentile(waits, 50))}, max ${fmt(waits.at(-1) ?? NaN)}`,
  );
}
