import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDeps } from '../src/server/bootstrap';
import { BENCH_ADMIN, serveSignedIn } from './http';
import { ensureDefaultTenant } from '../src/server/modules/tenants/service';
import { seed } from '../scripts/seed';
import { optimizeSqlite } from '../src/server/db/optimize';
import { onEachDatabase } from './databases';
import { fmt, measure } from './stats';
import { recordOutcome } from '../src/server/modules/contacts/repo';

// Message previews over real HTTP in a register of 100 000 members (BENCH_MEMBERS): an email
// announcement to everyone (goal < 1 s) and an SMS to a filtered group (goal < 50 ms).
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const N = Number(process.env.BENCH_PREVIEW_N ?? 20);

const CONTENT = '<h2>Syyskokous</h2><p>Hyvä jäsen, tervetuloa syyskokoukseen <strong>12.11.</strong> klo 18.</p><ul><li>Esityslista</li><li>Vaalit</li></ul><p><a href="https://seura.fi/kokous">Lisätietoja</a></p>';
const SMS = 'Syyskokous 12.11. klo 18 seurantalolla. Tervetuloa! T. Hallitus';
const GROUP = [
  { field: 'jasenlaji', verb: 'eq', value: 'nuori' },
  { field: 'address_city', verb: 'eq', value: 'Tampere' },
];

async function run(label: string, env: Record<string, string | undefined>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-bench-preview-'));
  const { deps, handle } = await openDeps({ ...env, DATA_DIR: dataDir, SEURA_ADMIN_EMAIL: BENCH_ADMIN.email, SEURA_ADMIN_PASSWORD: BENCH_ADMIN.password });
  try {
    const created = (await ensureDefaultTenant(deps))!;
    await seed(deps.db, created.tenant.id, MEMBERS, 1, { fields: true, groups: 20 });
    // Some addresses have bounced, as in a register that has been mailed before: those are skipped.
    const bounced = await deps.db.selectFrom('members').select(['id', 'email']).where('tenant_id', '=', created.tenant.id).where('email', 'is not', null).orderBy('id').limit(1000).execute();
    await deps.db.transaction().execute(async (trx) => {
      for (const m of bounced) await recordOutcome(trx, created.tenant.id, { member_id: m.id, medium: 'email', address: m.email!, outcome: 'bounced', at: new Date().toISOString() });
    });
    await optimizeSqlite(deps.db, deps.dialect);
    const app = await serveSignedIn(deps);
    const { base, headers } = app;
    let last: { recipient_count: number; unreachable_count: number; price: { total_cents: number } } | null = null;
    const preview = (body: unknown) =>
      fetch(`${base}/api/1/announcements/preview`, { method: 'POST', headers, body: JSON.stringify(body) }).then(async (r) => {
        if (!r.ok) throw new Error(`preview: ${r.status} ${await r.text()}`);
        last = (await r.json()) as typeof last;
      });

    const email = await measure(N, () => preview({ msg_media: 'email', subject: 'Syyskokous', content: CONTENT, filter: [] }));
    const emailReach = last!;
    const sms = await measure(N * 5, () => preview({ msg_media: 'sms', content: SMS, filter: GROUP }));
    const smsReach = last!;
    console.log(`\n${label}: tiedotteen esikatselu (HTTP), ${MEMBERS} jäsentä`);
    console.log(`  sähköposti kaikille (${emailReach.recipient_count} tavoitetaan, ${emailReach.unreachable_count} ei)   p50 ${fmt(email.p50)}  p95 ${fmt(email.p95)}   tavoite < 1 s`);
    console.log(`  tekstiviesti ryhmälle (${smsReach.recipient_count} tavoitetaan, ${smsReach.unreachable_count} ei, ${smsReach.price.total_cents} snt)   p50 ${fmt(sms.p50)}  p95 ${fmt(sms.p95)}   tavoite < 50 ms`);
    await app.close();
  } finally {
    deps.mailer.close();
    await handle.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase(run);
