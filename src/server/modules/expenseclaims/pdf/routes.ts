import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NotFound } from '../../../lib/errors';
import { loadSession } from '../../msgview/routes';
import { EXPENSE_CLAIM_STATUSES } from '../../../../shared/expenseclaims/status';
import type { ExpenseClaimStatus } from '../../../db/schema';
import { compactIban } from '../../../../shared/finnish/iban';
import { renderClaimsPdf } from './claims-pdf';
import { loadClaimsPdf } from './pdf-repo';

// The expense claims printout for site admins, outside the JSON API like the invoice PDFs
// (opened by a link with the session cookie): /claim_download_pdf/{person}/{account}/{status}/{timestamp}.

interface Params {
  personId?: string;
  account?: string;
  status?: string;
  timestamp?: string;
}

function parse(p: Params): { personId: number; account: string; status: ExpenseClaimStatus; timestamp: string } {
  const personId = /^\d{1,9}$/.test(p.personId ?? '') ? Number(p.personId) : 0;
  const status = (EXPENSE_CLAIM_STATUSES as readonly string[]).includes(p.status ?? '') ? (p.status as ExpenseClaimStatus) : null;
  // The timestamp may carry ".pdf" so the browser names the file well.
  const timestamp = (p.timestamp ?? '').replace(/\.pdf$/, '');
  const account = compactIban(p.account ?? '');
  if (personId <= 0 || !status || !/^\d{1,14}$/.test(timestamp) || !/^[A-Z0-9]{5,34}$/.test(account)) throw new NotFound();
  return { personId, account, status, timestamp };
}

export function expenseClaimPdfRoutes(app: FastifyInstance): void {
  app.route({
    method: 'GET',
    url: '/claim_download_pdf/:personId/:account/:status/:timestamp',
    config: { access: 'admin' },
    onRequest: loadSession,
    handler: async (req: FastifyRequest, reply) => {
      const key = parse(req.params as Params);
      const input = await loadClaimsPdf(app.deps.db, req.tenant.id, key);
      if (!input) throw new NotFound();
      const pdf = await renderClaimsPdf(input);
      const filename = `kulukorvaukset-${String(key.personId)}-${key.status}-${key.timestamp}.pdf`;
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).header('cache-control', 'private, no-cache').send(pdf);
    },
  });
}
