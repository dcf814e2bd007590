import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../lib/errors';
import { createDocument } from '../pdf/document';
import { loadSession } from '../msgview/routes';
import { compactIban, validateIban } from '../../../shared/finnish/iban';
import { addInvoicePages, renderInvoicePdf, type InvoicePdfInput } from './pdf/invoice-pdf';
import { createPdfLoader } from './pdf/load';

// Invoice PDFs for site admins, outside the JSON API (opened in a browser tab or by a link
// with the session cookie): one instance's invoice or credit invoice, and every invoice of
// an invoice in one file for the association to print and post itself.

/** Instances one request renders into the file of all (~15 ms each: a few seconds). */
export const ALL_PDF_MAX = 500;

function idBefore(raw: string | undefined): number {
  const m = /^(\d{1,9})\.pdf$/.exec(raw ?? '');
  if (!m) throw new NotFound();
  return Number(m[1]);
}

function pdfHeaders(reply: FastifyReply, filename: string): FastifyReply {
  return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).header('cache-control', 'private, no-cache');
}

/** The transfer form needs a valid Finnish account; sending checks it, settings may change later. */
function payable(input: InvoicePdfInput | null): boolean {
  return input !== null && (input.kind === 'credit' || (compactIban(input.seller.iban).startsWith('FI') && validateIban(input.seller.iban) === null));
}

function noAccount(reply: FastifyReply): FastifyReply {
  return reply.status(409).type('text/plain; charset=utf-8').send('Laskua ei voi tulostaa: yhdistyksen asetuksista puuttuu kelvollinen suomalainen tilinumero (IBAN).\n');
}

export function invoicePdfRoutes(app: FastifyInstance): void {
  app.route({
    method: 'GET',
    url: '/invoices/download_pdf/:file',
    config: { access: 'admin' },
    onRequest: loadSession,
    handler: async (req: FastifyRequest, reply) => {
      const id = idBefore((req.params as { file?: string }).file);
      const input = await createPdfLoader(app.deps.db, req.tenant.id).input(id);
      if (!input) throw new NotFound();
      if (!payable(input)) return noAccount(reply);
      const { pdf } = await renderInvoicePdf(input);
      const prefix = input.kind === 'credit' ? 'hyvityslasku' : 'lasku';
      return pdfHeaders(reply, `${prefix}-${String(input.invoiceNumber)}.pdf`).send(pdf);
    },
  });

  app.route({
    method: 'GET',
    url: '/invoices/download_pdf/all/:file',
    config: { access: 'admin' },
    onRequest: loadSession,
    handler: async (req: FastifyRequest, reply) => {
      const invoiceId = idBefore((req.params as { file?: string }).file);
      const page = Math.max(1, Math.min(10_000, Number((req.query as { page?: string }).page) || 1));
      const db = app.deps.db;
      const tenantId = req.tenant.id;
      const exists = await db.selectFrom('invoices').select('id').where('tenant_id', '=', tenantId).where('id', '=', invoiceId).executeTakeFirst();
      if (!exists) throw new NotFound();
      // Credit invoices are not posted with the round; ?page=2… gives the next ALL_PDF_MAX.
      const rows = await db
        .selectFrom('invoice_instances')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('invoice_id', '=', invoiceId)
        .where('kind', '=', 'invoice')
        .orderBy('invoice_number')
        .limit(ALL_PDF_MAX + 1)
        .offset((page - 1) * ALL_PDF_MAX)
        .execute();
      if (rows.length === 0) throw new NotFound();
      if (!payable(await createPdfLoader(db, tenantId).inputOf(rows[0]!))) return noAccount(reply);
      const more = rows.length > ALL_PDF_MAX;
      const loader = createPdfLoader(db, tenantId);
      const inputs = [];
      for (const row of rows.slice(0, ALL_PDF_MAX)) {
        const input = await loader.inputOf(row);
        if (input) inputs.push(input);
      }
      // Streamed: the file goes out page by page while the rest is drawn.
      const doc = createDocument({ title: `Laskut ${String(invoiceId)}` });
      pdfHeaders(reply, `laskut-${String(invoiceId)}${page > 1 ? `-${String(page)}` : ''}.pdf`);
      // More than one file's worth: the next file is ?page=N (the web page links them).
      if (more) reply.header('x-seura-next-page', String(page + 1));
      void (async () => {
        try {
          for (const input of inputs) {
            addInvoicePages(doc, input);
            // Lets the stream drain between invoices.
            await new Promise((r) => setImmediate(r));
          }
        } catch (e) {
          req.log.error({ err: e }, 'invoice pdf file');
        } finally {
          doc.end();
        }
      })();
      return reply.send(doc);
    },
  });
}
