import type { FastifyInstance } from 'fastify';
import { idOf, RAW_REPLY, route } from '../../http/route';
import { receiveUpload } from '../../http/upload';
import { NotFound } from '../../lib/errors';
import { hasRole } from '../../../shared/members/roles';
import { EXPENSE_RECEIPT_MAX_BYTES } from '../../../shared/constants';
import {
  expenseAddCommentBody,
  expenseArchiveQuery,
  expenseArchiveReply,
  expenseClaimantsQuery,
  expenseClaimantsReply,
  expenseClaimReply,
  expenseClaimSaveBody,
  expenseMarkPaidBody,
  expenseMarkPaidReply,
  expenseMineReply,
  expenseSaveReply,
  expenseUpdateStatusBody,
  expenseUploadReply,
  expenseViewQuery,
  expenseViewReply,
} from '../../../shared/schemas/expenseclaims';
import * as files from './files';
import * as filesRepo from './files-repo';
import * as service from './service';
import * as treasurer from './treasurer';

// Expense claims over HTTP. Member calls (access 'self': a signed-in member or the member of
// a personal link in the x-edit-link header; only while e-claims are enabled) work on the
// caller's own claims; the treasurer's calls are for site admins. The
// batch printout (/claim_download_pdf/…) is in its own module.

export function expenseClaimRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  route(app, { method: 'POST', url: '/api/1/expenseclaim/save', access: 'self', body: expenseClaimSaveBody, reply: expenseSaveReply, handler: ({ tenant, me, body }) => service.save(deps, tenant, me, body) });
  route(app, { method: 'POST', url: '/api/1/expenseclaim/mine', access: 'self', reply: expenseMineReply, handler: ({ tenant, me }) => service.mine(deps, tenant, me) });
  route(app, {
    method: 'POST',
    url: '/api/1/expenseclaim/upload',
    access: 'self',
    reply: expenseUploadReply,
    handler: async ({ req, tenant, me }) => {
      await service.ensureEnabled(deps, tenant);
      const file = await receiveUpload(deps, req, tenant.id, me.id, { rate: 'expense_upload', rateError: 'expense_upload_rate_limited', maxBytes: EXPENSE_RECEIPT_MAX_BYTES, tooLargeKey: 'expense_receipt_too_large' });
      return files.upload(deps, tenant, me, file.filename, file.bytes);
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/1/expenseclaim/receipt/:id',
    access: 'self',
    reply: RAW_REPLY,
    handler: async ({ reply, tenant, me, params }) => {
      const f = await filesRepo.findData(deps.db, tenant.id, idOf(params));
      // Its uploader or a site admin; anyone else is told it does not exist.
      if (!f || (f.member_id !== me.id && !hasRole(me, 'admin'))) throw new NotFound();
      return reply
        .header('content-type', f.mime)
        .header('content-disposition', `inline; filename="${f.filename.replace(/[^\w.\- ]/g, '_') || 'kuitti'}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(Buffer.from(f.data));
    },
  });

  route(app, { method: 'GET', url: '/api/1/expenseclaim/claimants', access: 'admin', query: expenseClaimantsQuery, reply: expenseClaimantsReply, handler: ({ tenant, query }) => treasurer.claimants(deps, tenant, query.page) });
  route(app, { method: 'GET', url: '/api/1/expenseclaim/view', access: 'admin', query: expenseViewQuery, reply: expenseViewReply, handler: ({ tenant, query }) => treasurer.view(deps, tenant, query.person_id, query.person_account_number) });
  route(app, { method: 'GET', url: '/api/1/expenseclaim/all', access: 'admin', query: expenseArchiveQuery, reply: expenseArchiveReply, handler: ({ tenant, query }) => treasurer.archive(deps, tenant, query.page) });
  route(app, { method: 'POST', url: '/api/1/expenseclaim/update_status', access: 'admin', body: expenseUpdateStatusBody, reply: expenseClaimReply, handler: ({ tenant, me, body }) => treasurer.updateStatus(deps, tenant, me, body) });
  route(app, { method: 'POST', url: '/api/1/expenseclaim/add_comment', access: 'admin', body: expenseAddCommentBody, reply: expenseClaimReply, handler: ({ tenant, me, body }) => treasurer.addComment(deps, tenant, me, body) });
  route(app, { method: 'POST', url: '/api/1/expenseclaim/mark_paid', access: 'admin', body: expenseMarkPaidBody, reply: expenseMarkPaidReply, handler: ({ tenant, me, body }) => treasurer.markPaid(deps, tenant, me, body) });

  // The router prefers the fixed paths above, so "claimants", "view" and "all" are never read as an id.
  route(app, {
    method: 'GET',
    url: '/api/1/expenseclaim/:id',
    access: 'self',
    reply: expenseClaimReply,
    handler: async ({ tenant, me, params }) => {
      // A site admin reads any claim even with e-claims off (the treasurer's archive stays readable).
      if (!hasRole(me, 'admin')) await service.ensureEnabled(deps, tenant);
      const c = await service.visibleClaim(deps, tenant, me, idOf(params));
      return service.claimReply(deps, tenant, me, c);
    },
  });
}
