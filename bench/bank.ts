import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDeps } from '../src/server/bootstrap';
import type { Db } from '../src/server/db/kysely';
import { ensureDefaultTenant } from '../src/server/modules/tenants/service';
import { seed } from '../scripts/seed';
import { optimizeSqlite } from '../src/server/db/optimize';
import { createReference } from '../src/shared/finnish/reference';
import { camt054, type BuiltPayment } from '../src/server/test/factories/bank-statements';
import { apply, parseFile, undo, upload } from '../src/server/modules/bank/import';
import { matchPayments } from '../src/server/modules/bank/match';
import { knownArchiveIds, matchableInstances } from '../src/server/modules/bank/import-repo';
import { onEachDatabase } from './databases';
import { BENCH_ADMIN } from './http';
import { timed } from './stats';
import { insertInvoiceRows } from '../src/server/test/factories/invoice-rows';

// A camt.054 of 10 000 payments against 100 000 open invoice instances (BENCH_BANK_INSTANCES):
// 8 000 exact references, 1 000 combined payments and suggestions, 1 000 unknown. Parse, dry
// run (upload: parse, store, load the instances, match, the reply) and apply timed apart.
// Goal: matching < 5 s.
const INSTANCES = Number(process.env.BENCH_BANK_INSTANCES ?? 100_000);
const PER_MEMBER = 5;
const PAYMENTS = 10_000;
const IBAN = 'FI4950009420028730';

const amountOf = (k: number) => 1000 + (k % 7) * 500;
const numberOf = (k: number) => 1000 + k;

/** One sent invoice with INSTANCES instances, five per member, inserted in bulk. */
async function seedInstances(db: Db, tenantId: number): Promise<void> {
  const at = new Date().toISOString();
  const members = await db.selectFrom('members').select(['id', 'firstname', 'lastname']).where('tenant_id', '=', tenantId).orderBy('id').execute();
  await db.transaction().execute(async (trx) => {
    const { messageId, invoiceId } = await insertInvoiceRows(trx, tenantId, { subject: 'Jäsenmaksu 2026', amount_c: 2500, at });
    for (let k = 0; k < INSTANCES; k += 500) {
      const rows = [];
      for (let j = k; j < Math.min(INSTANCES, k + 500); j++) {
        const member = members[Math.floor(j / PER_MEMBER) % members.length]!;
        rows.push({
          tenant_id: tenantId,
          invoice_id: invoiceId,
          message_id: messageId,
          member_id: member.id,
          recipient_name: `${member.firstname} ${member.lastname}`,
          invoice_number: numberOf(j),
          reference: createReference(String(numberOf(j))),
          amount_c: amountOf(j),
          date_due: '2099-01-01',
          created_at: at,
          updated_at: at,
        });
      }
      await trx.insertInto('invoice_instances').values(rows).execute();
    }
  });
}

/** 8 000 exact, 500 combined (two references in the text), 250 typos, 250 invoice numbers in the text, 1 000 unknown. */
function statement(): string {
  const payments: BuiltPayment[] = [];
  let archive = 0;
  const id = () => `BENCH${String((archive += 1)).padStart(11, '0')}`;
  for (let k = 0; k < 8000; k++) payments.push({ amount_c: amountOf(k), reference: createReference(String(numberOf(k))), archive_id: id(), payer_name: 'Maksaja' });
  // Members whose instances the exact payments did not touch: the first two of each.
  const firstFree = Math.ceil(8000 / PER_MEMBER) * PER_MEMBER;
  for (let c = 0; c < 500; c++) {
    const a = firstFree + c * PER_MEMBER;
    payments.push({ amount_c: amountOf(a) + amountOf(a + 1), message: `Laskut ${createReference(String(numberOf(a)))} ja ${createReference(String(numberOf(a + 1)))}`, archive_id: id() });
  }
  for (let c = 0; c < 250; c++) {
    const k = firstFree + 2 + c * PER_MEMBER;
    const ref = createReference(String(numberOf(k)));
    payments.push({ amount_c: amountOf(k), reference: ref.slice(0, -1) + String((Number(ref.slice(-1)) + 1) % 10), archive_id: id() });
  }
  for (let c = 0; c < 250; c++) {
    const k = firstFree + 3 + c * PER_MEMBER;
    payments.push({ amount_c: amountOf(k), message: `Lasku ${numberOf(k)}`, archive_id: id() });
  }
  for (let u = 0; payments.length < PAYMENTS; u++) {
    payments.push({ amount_c: 777, reference: createReference(String(90_000_000 + u)), payer_name: 'Tuntematon Maksaja', archive_id: id() });
  }
  return camt054({ account: IBAN, payments });
}

async function run(label: string, env: Record<string, string | undefined>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-bench-bank-'));
  const { deps, handle } = await openDeps({ ...env, DATA_DIR: dataDir, SEURA_ADMIN_EMAIL: BENCH_ADMIN.email, SEURA_ADMIN_PASSWORD: BENCH_ADMIN.password });
  try {
    const created = (await ensureDefaultTenant(deps))!;
    const tenant = created.tenant;
    const t0 = performance.now();
    await seed(deps.db, tenant.id, INSTANCES / PER_MEMBER, 1);
    await seedInstances(deps.db, tenant.id);
    await optimizeSqlite(deps.db, deps.dialect);
    console.log(`\n${label}: ${INSTANCES} avointa laskua (${INSTANCES / PER_MEMBER} jäsentä), tiliote ${PAYMENTS} maksua; alustus ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const bytes = Buffer.from(statement());
    const parsed = await timed(() => Promise.resolve(parseFile(bytes)));
    console.log(`  jäsennys (camt.054, ${(bytes.length / 1024 / 1024).toFixed(1)} MB): ${parsed.seconds.toFixed(2)} s`);
    const matchOnly = await timed(async () => {
      const [instances, known] = await Promise.all([matchableInstances(deps.db, tenant.id), knownArchiveIds(deps.db, tenant.id, parsed.result.payments.map((p) => p.archive_id))]);
      return matchPayments(parsed.result.payments, instances, known);
    });
    const m = matchOnly.result;
    console.log(
      `  kohdistus (laskujen luku ja täsmäytys): ${matchOnly.seconds.toFixed(2)} s   tavoite < 5 s — täsmälliset ${m.matched.filter((x) => x.kind === 'exact').length}, yhdistetyt ${m.matched.filter((x) => x.kind === 'combined').length}, ehdotukset ${m.suggested.length}, kohdistamattomat ${m.unmatched.length}`,
    );
    const dry = await timed(() => upload(deps, tenant, null, 'viitemaksut.xml', bytes));
    console.log(`  koeajo (upload: jäsennys, tallennus, kohdistus, vastaus): ${dry.seconds.toFixed(2)} s, huippumuisti ${dry.peakMb} MB`);
    const accept = dry.result.dry_run.suggested.map((s) => s.payment.key);
    const applied = await timed(() => apply(deps, tenant, null, dry.result.id, accept));
    console.log(`  kirjaus (apply, ${applied.result.booked} maksua ja ehdotukset hyväksyttyinä): ${applied.seconds.toFixed(2)} s, huippumuisti ${applied.peakMb} MB`);
    const undone = await timed(() => undo(deps, tenant, null, dry.result.id));
    console.log(`  kumoaminen (${undone.result.removed} maksua): ${undone.seconds.toFixed(2)} s`);
  } finally {
    deps.mailer.close();
    await handle.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase(run);
