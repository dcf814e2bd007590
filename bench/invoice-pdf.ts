import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDeps } from '../src/server/bootstrap';
import { ensureDefaultTenant } from '../src/server/modules/tenants/service';
import * as settings from '../src/server/modules/settings/repo';
import { insertInstances, insertInvoice } from '../src/server/modules/invoices/repo';
import { referenceOf } from '../src/server/modules/invoices/round';
import { invoiceInstancesPage } from '../src/server/modules/invoices/pdf/pdf-repo';
import { createPdfLoader } from '../src/server/modules/invoices/pdf/load';
import { renderInvoicePdf } from '../src/server/modules/invoices/pdf/invoice-pdf';
import { onEachDatabase } from './databases';
import { BENCH_ADMIN } from './http';
import { timed } from './stats';

// Invoice PDFs: 1 000 (BENCH_INVOICE_PDFS) recipients' invoices of one round, each read from
// the database as the outbox's personaliser does (load.ts) and rendered to its own PDF:
// letterhead, rows with VAT, the transfer form with its barcode and QR code, and one
// description page. Goal < 30 s.
const N = Number(process.env.BENCH_INVOICE_PDFS ?? 1000);

const ROWS = [
  { title: 'Jäsenmaksu 2027', amount_c: 3500, vat_percent: 0 },
  { title: 'Kevätretki', amount_c: 4550, vat_percent: 13.5 },
  { title: 'Yhdistyksen t-paita', amount_c: 1990, vat_percent: 25.5 },
];

async function run(label: string, env: Record<string, string | undefined>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-bench-invoice-pdf-'));
  const { deps, handle } = await openDeps({ ...env, DATA_DIR: dataDir, SEURA_ADMIN_EMAIL: BENCH_ADMIN.email, SEURA_ADMIN_PASSWORD: BENCH_ADMIN.password });
  try {
    const tenantId = (await ensureDefaultTenant(deps))!.tenant.id;
    const db = deps.db;
    await settings.set(db, tenantId, 'bank_account', 'FI21 1234 5600 0007 85');
    await settings.set(db, tenantId, 'business_id', '0112038-9');
    await settings.set(db, tenantId, 'reply_to_email', 'rahastonhoitaja@example.fi');
    const at = new Date().toISOString();
    const message = await db
      .insertInto('messages')
      .values({ tenant_id: tenantId, kind: 'invoice', msg_media: 'pdf', subject: 'Jäsenmaksu 2027', content: '<h2>Hyvä jäsen</h2><p>Tässä vuoden 2027 jäsenmaksu ja kevätretken maksu. Retki tehdään toukokuussa.</p>', status: 'sent', created_at: at, updated_at: at, sent_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invoiceId = await insertInvoice(db, tenantId, { message_id: message.id, rows: JSON.stringify(ROWS), amount_c: 10040, date_due: '2026-12-31', invoice_date: '2026-12-01', vat_obliged: 1, created_at: at, updated_at: at });
    await insertInstances(
      db,
      Array.from({ length: N }, (_, i) => ({
        tenant_id: tenantId,
        invoice_id: invoiceId,
        message_id: message.id,
        member_id: null,
        invoice_number: 1000 + i,
        reference: referenceOf(1000 + i, i % 2 === 1),
        recipient_name: `Jäsen Numero${String(i)}`,
        recipient_address: `Mäntytie ${String(i % 90)} B\n33100 Tampere`,
        amount_c: 10040,
        date_due: '2026-12-31',
        created_at: at,
        updated_at: at,
      })),
    );
    const rows = await invoiceInstancesPage(db, tenantId, invoiceId, N, 0);
    const loader = createPdfLoader(db, tenantId);
    // One warm-up (fonts are parsed once per process).
    await renderInvoicePdf((await loader.inputOf(rows[0]!))!);
    let bytes = 0;
    let pages = 0;
    const t = await timed(async () => {
      for (const row of rows) {
        const out = await renderInvoicePdf((await loader.inputOf(row))!);
        bytes += out.pdf.length;
        pages += out.pages;
      }
    });
    console.log(
      `\n${label}: ${String(N)} laskun PDF:ää (luettu kannasta, ${String(pages)} sivua, ${(bytes / N / 1024).toFixed(0)} kt/lasku): ${t.seconds.toFixed(1)} s = ${((t.seconds * 1000) / N).toFixed(1)} ms/lasku, huippumuisti ${String(t.peakMb)} MB   tavoite < 30 s`,
    );
  } finally {
    deps.mailer.close();
    await handle.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase(run);
