import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDeps } from '../src/server/bootstrap';
import { BENCH_ADMIN, serveSignedIn } from './http';
import { ensureDefaultTenant } from '../src/server/modules/tenants/service';
import * as settings from '../src/server/modules/settings/repo';
import { seed } from '../scripts/seed';
import { optimizeSqlite } from '../src/server/db/optimize';
import { onEachDatabase } from './databases';
import { timed } from './stats';

// Creating and queuing an invoice to 10 000 members (BENCH_INVOICE_MEMBERS) over real HTTP:
// one save with send: true, which numbers every instance, builds its reference, inserts the
// instances and queues the email deliveries in one transaction. Goal < 10 s.
const MEMBERS = Number(process.env.BENCH_INVOICE_MEMBERS ?? 10_000);

async function run(label: string, env: Record<string, string | undefined>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-bench-invoices-'));
  const { deps, handle } = await openDeps({ ...env, DATA_DIR: dataDir, SEURA_ADMIN_EMAIL: BENCH_ADMIN.email, SEURA_ADMIN_PASSWORD: BENCH_ADMIN.password });
  try {
    const created = (await ensureDefaultTenant(deps))!;
    const tenantId = created.tenant.id;
    await seed(deps.db, tenantId, MEMBERS, 1, { fields: true, groups: 5 });
    await settings.set(deps.db, tenantId, 'reply_to_email', 'hallitus@seura.fi');
    await settings.set(deps.db, tenantId, 'business_id', '0112038-9');
    await settings.set(deps.db, tenantId, 'bank_account', 'FI49 5000 9420 0287 30');
    await optimizeSqlite(deps.db, deps.dialect);
    const app = await serveSignedIn(deps);
    const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const body = {
      msg_media: 'email',
      subject: 'Jäsenmaksu 2026',
      description: '<p>Hyvä jäsen, tässä vuoden jäsenmaksusi.</p>',
      invoice_rows_: [
        { title: 'Jäsenmaksu', amount_with_vat: '25,00', vat_percent: 0 },
        { title: 'Lehden tilaus', amount_with_vat: '10,00', vat_percent: 0 },
      ],
      date_due: due,
      filter: [],
      send: true,
    };
    const sent = await timed(async () => {
      const r = await fetch(`${app.base}/api/1/invoices/save`, { method: 'POST', headers: app.headers, body: JSON.stringify(body) });
      if (!r.ok) throw new Error(`save: ${r.status} ${await r.text()}`);
      return (await r.json()) as { id: number; queued: boolean };
    });
    const n = await deps.db.selectFrom('invoice_instances').select((eb) => eb.fn.countAll<number>().as('n')).where('invoice_id', '=', sent.result.id).executeTakeFirstOrThrow();
    const q = await deps.db.selectFrom('deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'queued').executeTakeFirstOrThrow();
    console.log(`\n${label}: lasku ${MEMBERS} jäsenen rekisterissä (HTTP, tallennus ja lähetys): ${Number(n.n)} laskua, ${Number(q.n)} toimitusta jonossa`);
    console.log(`  ${sent.seconds.toFixed(2)} s, huippumuisti ${sent.peakMb} MB   tavoite < 10 s`);
    // The invoice's page sums all its instances (statuses derived on reading).
    const page = await timed(async () => {
      const r = await fetch(`${app.base}/api/1/invoices/${sent.result.id}`, { headers: app.headers });
      if (!r.ok) throw new Error(`get: ${r.status} ${await r.text()}`);
      return r.json();
    });
    console.log(`  laskun sivu (${MEMBERS} laskua koostettuna): ${(page.seconds * 1000).toFixed(0)} ms`);
    await app.close();
  } finally {
    deps.mailer.close();
    await handle.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase(run);
