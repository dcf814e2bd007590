import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDeps } from '../src/server/bootstrap';
import { BENCH_ADMIN, serveSignedIn } from './http';
import { ensureDefaultTenant } from '../src/server/modules/tenants/service';
import { loadModel } from '../src/server/modules/members/model';
import * as list from '../src/server/modules/members/list-repo';
import { keptTexts, keptTextsBuilt } from '../src/server/modules/members/kept-texts-held';
import { keptRanks, nameRanks } from '../src/server/modules/members/name-ranks';
import { listVersions } from '../src/server/db/listVersions';
import { normalizeFilter } from '../src/shared/filter/normalize';
import { seed } from '../scripts/seed';
import { optimizeSqlite } from '../src/server/db/optimize';
import { bulkUpdate } from '../src/server/modules/members/bulk';
import { undoBatch } from '../src/server/modules/batches/service';
import { onEachDatabase } from './databases';
import { measure, measureAfter, fmt, timed, type Measured } from './stats';

// `npm run bench`: figures for the README, never pass/fail. Seeds a throwaway register
// (100 000 members, 10 custom fields with values, 20 groups), then times API calls over
// real HTTP with a logged-in session next to the same query run directly on the database.
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const N = Number(process.env.BENCH_N ?? 200);
// BENCH_ONLY=everyone: only the page of everyone (with its event-loop figures), for a quick look.
const ONLY_EVERYONE = process.env.BENCH_ONLY === 'everyone';
// BENCH_ONLY=lists: only the list, search and count calls.
const ONLY_LISTS = process.env.BENCH_ONLY === 'lists';
// BENCH_ONLY=whole: only the whole-register operations (everyone, export, bulk edit and its undo).
const ONLY_WHOLE = process.env.BENCH_ONLY === 'whole';

const FILTER = normalizeFilter([
  { field: 'jasenlaji', verb: 'eq', value: 'nuori' },
  { field: 'address_city', verb: 'eq', value: 'Tampere' },
]);

/** Runs whole-child.ts's `op` in a new server process on the seeded register; its lines go to this output. */
function inFreshProcess(op: 'export' | 'everyone', env: NodeJS.ProcessEnv): Promise<void> {
  const script = fileURLToPath(new URL('./whole-child.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, op], { env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`whole-child ${op}: exit ${code}`))));
  });
}

async function run(label: string, env: Record<string, string | undefined>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-bench-'));
  const { deps, handle } = await openDeps({ ...env, DATA_DIR: dataDir, SEURA_ADMIN_EMAIL: BENCH_ADMIN.email, SEURA_ADMIN_PASSWORD: BENCH_ADMIN.password });
  try {
    const created = (await ensureDefaultTenant(deps))!;
    const tenantId = created.tenant.id;
    const t0 = performance.now();
    await seed(deps.db, tenantId, MEMBERS, 1, { fields: true, groups: 20 });
    // What the server's start-up and hourly optimize do for a register that has grown.
    await optimizeSqlite(deps.db, deps.dialect);
    console.log(`\n${label}: ${MEMBERS} jäsentä, 10 lisäkenttää, 20 ryhmää lisätty ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const app = await serveSignedIn(deps);
    const { base, headers } = app;
    const post = (verb: string, body: unknown) =>
      fetch(`${base}/api/1/members/${verb}`, { method: 'POST', headers, body: JSON.stringify(body) }).then(async (r) => {
        if (!r.ok) throw new Error(`${verb}: ${r.status} ${await r.text()}`);
        return r.json();
      });

    if (!ONLY_EVERYONE && !ONLY_WHOLE) {
      const model = await loadModel(deps.db, tenantId);
      const ctx = { db: deps.db, dialect: deps.dialect, tenantId, model };
      const scope = { filter: FILTER, deleted: false, pending: false };
      const rows: [string, Measured, string?][] = [];
      const session = () => fetch(`${base}/api/1/session/get`, { headers }).then((r) => r.json());
      // The floor: the cheapest signed-in call, measured in the same run as the rest.
      const floor = await measure(N, session);
      // Issue 20: the floor + 3 ms on SQLite, + 5 ms on PostgreSQL.
      const over = deps.dialect === 'postgres' ? 5 : 3;
      const budget = () => `≤ ${fmt(floor.p95 + over)} (lattia + ${over} ms)`;
      rows.push(['GET session/get (HTTP) = lattia', floor]);
      // "Cold": a member saved just before, as a treasurer's edit between two looks at the list.
      const someone = await deps.db.selectFrom('members').select('id').where('tenant_id', '=', tenantId).where('email', '!=', BENCH_ADMIN.email).orderBy('id').limit(N + 10).execute();
      // A new street every time: saving what is already there changes nothing (and makes nothing cold).
      let saves = 0;
      const save = (i: number) =>
        fetch(`${base}/api/1/members/${String(someone[i % someone.length]!.id)}`, { method: 'POST', headers, body: JSON.stringify({ address_street: `Mittauskatu ${String(++saves)}` }) }).then(async (r) => {
          if (!r.ok) throw new Error(`save: ${r.status} ${await r.text()}`);
        });
      const pageBody = { filter: FILTER, sort: { field: 'lastname', dir: 'asc' }, page: 19, page_size: 20, columns: ['email', 'phone', 'jasenlaji'] };
      rows.push(['get_results: 2 ehtoa, sivu 20, lämmin (HTTP)', await measure(N, () => post('get_results', pageBody)), budget()]);
      rows.push(['get_results: kylmä, jäsen tallennettu juuri (HTTP)', await measureAfter(N, save, () => post('get_results', pageBody)), '≤ 20 ms SQLite, ≤ 25 ms PostgreSQL']);
      // The same when the save moves a member inside the filter (a new first name, a new place
      // A–Ö): then the answer is read again in full. A save elsewhere, or one that keeps the
      // member's names, lets the cached answer stand after one check (members/list-answers.ts).
      const inFilter = (await list.orderedMembers(ctx, scope, { field: 'lastname', dir: 'asc' }))!.map((m) => m.id);
      const rename = (i: number) =>
        fetch(`${base}/api/1/members/${String(inFilter[(i * 7) % inFilter.length]!)}`, { method: 'POST', headers, body: JSON.stringify({ firstname: `Mittaus${String(++saves)}` }) }).then(async (r) => {
          if (!r.ok) throw new Error(`save: ${r.status} ${await r.text()}`);
        });
      rows.push(['get_results: kylmä, suodatuksen jäsenen nimi muutettu (HTTP)', await measureAfter(N, rename, () => post('get_results', pageBody))]);
      rows.push(['  sama kysely suoraan kantaan', await measure(N, () => list.pageWithTotal(ctx, scope, { sort: { field: 'lastname', dir: 'asc' }, offset: 380, limit: 20 }))]);
      rows.push(['get_stats: kylmä, jäsen tallennettu juuri (HTTP)', await measureAfter(N, save, () => post('get_stats', { filter: FILTER })), '≤ 20 ms SQLite, ≤ 25 ms PostgreSQL']);
      rows.push(['get_stats: lämmin (HTTP)', await measure(N, () => post('get_stats', { filter: FILTER }))]);
      rows.push(['  sama laskenta suoraan kantaan', await measure(N, () => list.stats(ctx, scope))]);
      // Every search new letters taken from the register's surnames, so none is answered from the
      // cache: the start of a surname (what people type most) and three letters from inside one.
      const letters = async (from: number) =>
        (await sql<{ t: string }>`select distinct lower(substr(lastname, ${from}, 3)) as t from members where tenant_id = ${tenantId} and length(lastname) > 5 order by 1`.execute(deps.db)).rows.map((r) => r.t);
      const starts = await letters(1);
      const inside = [...new Set([...(await letters(2)), ...(await letters(3)), ...(await letters(4))])];
      const nth = (terms: string[]) => (i: number) => terms[i % terms.length]!;
      // A process keeps the register's search texts in memory (members/kept-texts-held.ts),
      // built in the background on its first search; until then searches ask the database.
      // Timed here, and the searches below measured once it is built.
      const building = performance.now();
      await post('quicksearch', { term: 'qqq' });
      await keptTextsBuilt(deps.db);
      const builtMs = performance.now() - building;
      const none = async () => undefined;
      for (const [label, terms] of [['sukunimen alku', starts], ['kirjaimet nimen keskeltä', inside]] as const) {
        const term = nth(terms);
        rows.push([`quicksearch, ${label}, uusi joka kerta (HTTP)`, await measureAfter(N, none, (i) => post('quicksearch', { term: term(i + 5) })), budget()]);
        // With what the server keeps for the register's list version, as its search uses them: the
        // A–Ö places (members/name-ranks.ts) and the texts (members/kept-texts-held.ts; built by
        // the searches over HTTP above).
        const versions = await listVersions(deps.db, deps.dialect, tenantId);
        const version = versions?.list ?? null;
        const ranks = { kept: () => keptRanks(deps.db, tenantId, version), read: () => nameRanks(deps.db, tenantId, version) };
        const kept = await keptTexts(deps.db, deps.dialect, tenantId, { version, changedSince: (from) => versions?.changedSince(from) ?? null });
        rows.push([`  sama haku suoraan kantaan${kept ? '' : ' (ilman muistissa pidettyjä tekstejä)'}`, await measureAfter(N, none, (i) => list.search(ctx, term(i + 5), { deleted: false, limit: 11, ranks, kept: async () => kept }))]);
      }
      rows.push(['quicksearch "kin", lämmin (HTTP)', await measure(N, () => post('quicksearch', { term: 'kin' }))]);
      // Email and SMS up-to-dateness (filter + columns) with an outcome recorded for half the register.
      await sql`insert into contact_states (tenant_id, member_id, medium, address, outcome, at)
        select tenant_id, id, 'email', email, case when id % 10 = 0 then 'bounced' else 'sent' end, created_at from members where tenant_id = ${tenantId} and id % 2 = 0 and email is not null`.execute(deps.db);
      const states = { ...pageBody, filter: [...FILTER, { field: 'uptodate_email', verb: 'neq', value: 'bounced' }], columns: [...pageBody.columns, 'uptodate_email', 'uptodate_sms'] };
      rows.push(['get_results: + tilaehto ja tilasarakkeet, kylmä (HTTP)', await measureAfter(N, save, () => post('get_results', states)), '< 50 ms']);

      console.log(`${'mittaus'.padEnd(52)} ${'p50'.padStart(10)} ${'p95'.padStart(10)}   n     tavoite (p95)`);
      for (const [name, r, goal] of rows) console.log(`${name.padEnd(52)} ${fmt(r.p50).padStart(10)} ${fmt(r.p95).padStart(10)}   ${String(r.n).padEnd(5)} ${goal ?? ''}`);
      console.log(`hakutekstit muistiin (kerran prosessia ja rekisteriä kohden, taustalla): ${builtMs.toFixed(0)} ms`);
      console.log(`(${starts.length} + ${inside.length} eri hakua; kuormitus ${os.loadavg().map((x) => x.toFixed(1)).join(' ')})`);
      if (ONLY_LISTS) {
        await app.close();
        return;
      }
    }

    // Whole-register operations: wall time and peak memory. The export and the page of everyone
    // each in a server process of its own (whole-child.ts), the bulk edits in this one.
    const fresh = { ...env, DATA_DIR: dataDir };
    if (!ONLY_EVERYONE) await inFreshProcess('export', fresh);
    await inFreshProcess('everyone', fresh);
    if (ONLY_EVERYONE) {
      await app.close();
      return;
    }
    const me = await deps.db.selectFrom('members').selectAll().where('email', '=', BENCH_ADMIN.email).executeTakeFirstOrThrow();
    // Issue 20's budgets: a whole-register bulk edit with its undo record, and its undo, each < 10 s on SQLite and < 20 s on PostgreSQL.
    const bulkBudget = deps.dialect === 'postgres' ? '< 20 s' : '< 10 s';
    const editAndUndo = async (label: string, data: Record<string, unknown>) => {
      const edit = await timed(() => bulkUpdate(deps, created.tenant, me, data, []));
      console.log(`${label} ${edit.result.count} jäsentä + kumoustiedot: ${edit.seconds.toFixed(1)} s, huippumuisti ${edit.peakMb} MB   tavoite ${bulkBudget}`);
      const undone = await timed(() => undoBatch(deps, created.tenant, me, edit.result.batch_id, { keepChanged: false }));
      console.log(`${label}: kumoaminen ${undone.seconds.toFixed(1)} s (${undone.result.restored} palautettu)   tavoite ${bulkBudget}`);
    };
    await editAndUndo('joukkomuokkaus', { kotiseura: 'HIFK', ryhma_1: true, jasenlaji: 'kannatus' });
    // An edit that leaves every search text as it was (a group and a checkbox): on PostgreSQL its
    // members rows change only updated_at, which migration 033's free room makes HOT updates.
    await editAndUndo('joukkomuokkaus ryhmä + valintaruutu', { ryhma_2: true, maksettu: true });

    await app.close();
  } finally {
    deps.mailer.close();
    await handle.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase(run);
