import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { RAW_REPLY, route } from '../../http/route';
import { SESSION_COOKIE } from '../../../shared/constants';
import * as sessions from '../session/service';
import { pagedPeriodBody, receivablesBody, receivablesReply, refsReply, reportBody, reportReply, salesListReply } from '../../../shared/schemas/invoices';
import { invoiceReport, periodOf, receivables, receivablesDate, receivablesPage, refsList, refsPage, salesList, salesPage } from './reports';
import { invoiceReportTables, receivablesTables, refsTables, salesTables } from './reports-files';
import { tablesPdf } from './reports-pdf';
import type { ReportTable } from './reports-table';
import { tablesXlsx } from './reports-xlsx';

// The invoice reports (spec §2, §7): four calls for the pages, and their downloads as xlsx and
// PDF under /invoice_report (plain GETs the browser saves). Site admins only, like invoices.

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '_validation_date_invalid');
const periodQuery = z.object({ from: day.optional(), to: day.optional() });
/** invoice_id=1,2,3 (empty: every invoice of the period). */
const reportQuery = periodQuery.extend({
  invoice_id: z
    .string()
    .regex(/^(\d{1,12}(,\d{1,12})*)?$/, '_validation_invalid')
    .optional()
    .transform((s) => (s ? [...new Set(s.split(',').map(Number))].filter((n) => n > 0) : []))
    .pipe(z.array(z.number().int().positive()).max(1000, '_validation_too_many')),
});
const dateQuery = z.object({ to: day.optional() });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function send(reply: FastifyReply, file: Buffer, type: string, filename: string) {
  return reply.header('content-type', type).header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store').send(file);
}
const xlsx = (reply: FastifyReply, tables: ReportTable[], name: string) => tablesXlsx(tables).then((f) => send(reply, f, XLSX, `${name}.xlsx`));
const pdf = (reply: FastifyReply, tables: ReportTable[], name: string, author: string) =>
  tablesPdf(tables, { title: tables[0]!.title, author }).then((f) => send(reply, f, 'application/pdf', `${name}.pdf`));

export function invoiceReportRoutes(app: FastifyInstance): void {
  const deps = app.deps;

  // The session plugin reads the cookie for /api only; the downloads are plain links the
  // browser opens, so they read it here (as the letter previews under /msg do).
  app.addHook('onRequest', async (req) => {
    if (req.auth || !req.url.startsWith('/invoice_report/')) return;
    const raw = req.cookies[SESSION_COOKIE];
    const unsigned = raw ? req.unsignCookie(raw) : null;
    if (unsigned?.valid && unsigned.value) req.auth = await sessions.resolve(deps, req.tenant, unsigned.value);
  });

  route(app, { method: 'POST', url: '/api/1/invoices/report', access: 'admin', body: reportBody, reply: reportReply, handler: ({ tenant, body }) => invoiceReport(deps, tenant, body.criteria) });
  route(app, { method: 'POST', url: '/api/1/invoices/refs', access: 'admin', body: pagedPeriodBody, reply: refsReply, handler: ({ tenant, body }) => refsPage(deps, tenant, body) });
  route(app, { method: 'POST', url: '/api/1/invoices/sales_invoice_list', access: 'admin', body: pagedPeriodBody, reply: salesListReply, handler: ({ tenant, body }) => salesPage(deps, tenant, body) });
  route(app, { method: 'POST', url: '/api/1/invoices/accounts_receivable', access: 'admin', body: receivablesBody, reply: receivablesReply, handler: ({ tenant, body }) => receivablesPage(deps, tenant, body) });

  for (const format of ['xls', 'pdf'] as const) {
    route(app, {
      method: 'GET',
      url: `/invoice_report/${format}`,
      access: 'admin',
      query: reportQuery,
      reply: RAW_REPLY,
      handler: async ({ tenant, query, reply }) => {
        const p = periodOf(deps, query, 'year');
        const tables = invoiceReportTables(await invoiceReport(deps, tenant, { ...p, invoice_id: query.invoice_id }), p);
        const name = `laskuraportti-${p.from}-${p.to}`;
        return format === 'xls' ? xlsx(reply, tables, name) : pdf(reply, tables, name, tenant.name);
      },
    });
  }
  route(app, {
    method: 'GET',
    url: '/invoice_report/refs',
    access: 'admin',
    query: periodQuery,
    reply: RAW_REPLY,
    handler: async ({ tenant, query, reply }) => {
      const p = periodOf(deps, query, 'year');
      return xlsx(reply, refsTables(await refsList(deps, tenant, p), p), `viitteet-${p.from}-${p.to}`);
    },
  });
  for (const format of ['xlsx', 'pdf'] as const) {
    route(app, {
      method: 'GET',
      url: `/invoice_report/sales_invoice_list.${format}`,
      access: 'admin',
      query: periodQuery,
      reply: RAW_REPLY,
      handler: async ({ tenant, query, reply }) => {
        const p = periodOf(deps, query, 'today');
        const tables = salesTables(await salesList(deps, tenant, p), p);
        const name = `myyntilaskut-${p.from}-${p.to}`;
        return format === 'xlsx' ? xlsx(reply, tables, name) : pdf(reply, tables, name, tenant.name);
      },
    });
    route(app, {
      method: 'GET',
      url: `/invoice_report/accounts_receivable.${format}`,
      access: 'admin',
      query: dateQuery,
      reply: RAW_REPLY,
      handler: async ({ tenant, query, reply }) => {
        const date = receivablesDate(deps, query.to);
        const tables = receivablesTables((await receivables(deps, tenant, date)).rows, date);
        const name = `myyntisaamiset-${date}`;
        return format === 'xlsx' ? xlsx(reply, tables, name) : pdf(reply, tables, name, tenant.name);
      },
    });
  }
}
