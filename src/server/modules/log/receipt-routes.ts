import type { FastifyInstance } from 'fastify';
import { RAW_REPLY, route } from '../../http/route';
import { receiptQuery, receiptSchema, transactionReportQuery } from '../../../shared/schemas/payments';
import { getReceipt, receiptsOfYear } from '../receipts/service';
import { receiptPdf } from '../receipts/pdf';
import { transactionReport } from '../receipts/report';

// The log's payment documents: a receipt, the same as PDF, and the year's transactions as
// xlsx. Site admins only, like the log; another association's receipt id is not found.
export function receiptLogRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/1/log/get_receipt',
    access: 'admin',
    query: receiptQuery,
    reply: receiptSchema,
    handler: ({ tenant, query }) => getReceipt(app.deps, tenant, query.id),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/log/receipt_pdf',
    access: 'admin',
    query: receiptQuery,
    reply: RAW_REPLY,
    handler: async ({ tenant, query, reply }) => {
      const receipt = await getReceipt(app.deps, tenant, query.id);
      const pdf = await receiptPdf(receipt);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="kuitti-${receipt.number}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/1/log/transaction_report_xls',
    access: 'admin',
    query: transactionReportQuery,
    reply: RAW_REPLY,
    handler: async ({ tenant, query, reply }) => {
      const file = await transactionReport(await receiptsOfYear(app.deps, tenant, query.year));
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="tapahtumat-${query.year}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  });
}
