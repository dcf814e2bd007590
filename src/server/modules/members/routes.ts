import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idOf, route } from '../../http/route';
import { QUICKSEARCH_MIN_CHARS, SUPERSEARCH_MIN_CHARS } from '../../../shared/constants';
import { getResultsBody, memberSaveBody, memberStatsBody, searchBody } from '../../../shared/schemas/members';
import { queryFlag } from '../../../shared/schemas/common';
import * as service from './service';
import * as bulk from './bulk';
import { createExportToken, exportByToken } from './export-token';
import { exportTokenBody } from '../../../shared/schemas/export';
import { apply, applyForm, approve } from './apply';
import { deleteMemberReply, getResultsReply, historyReply, idBody, memberReply, memberStatsReply, searchReply } from '../../../shared/schemas/members';
import { bulkGetReply, bulkReply, bulkUpdateBody, countReply, filterBody } from '../../../shared/schemas/bulk';
import { exportTokenReply } from '../../../shared/schemas/export';
import { applyFormReply, approveReply } from '../../../shared/schemas/applications';
import { okReply } from '../../../shared/schemas/session';
import { RAW_REPLY } from '../../http/route';
import { BIG_PAGE } from './list-repo';
import { resultsStream } from './results';

// Board members may look at the register; changing it is for site admins.
export function memberRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/members/get_stats',
    access: 'board',
    reply: memberStatsReply,
    body: memberStatsBody,
    handler: ({ tenant, body }) => service.getStats(app.deps, tenant, { filter: body.filter ?? [], deleted: body.deleted, pending: body.pending }),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/members/get_results',
    access: 'board',
    reply: getResultsReply,
    body: getResultsBody,
    handler: async ({ tenant, body, reply }) => {
      const opts = {
        filter: body.filter ?? [],
        deleted: body.deleted,
        pending: body.pending,
        sort: body.sort,
        offset: body.offset ?? body.page * body.page_size,
        limit: body.limit ?? body.page_size,
        columns: body.columns,
      };
      if (opts.limit <= BIG_PAGE) return service.getResults(app.deps, tenant, opts);
      // A long page (everyone) is read, built and sent piece by piece so other requests are served meanwhile.
      void reply.type('application/json; charset=utf-8');
      return resultsStream(app.deps, tenant, opts);
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/1/members/quicksearch',
    access: 'board',
    reply: searchReply,
    body: searchBody,
    handler: ({ tenant, body }) => service.search(app.deps, tenant, body.term, { deleted: body.deleted, showAll: body.show_all, minChars: QUICKSEARCH_MIN_CHARS }),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/members/supersearch',
    access: 'board',
    reply: searchReply,
    body: searchBody,
    handler: ({ tenant, body }) => service.search(app.deps, tenant, body.term, { deleted: false, showAll: body.show_all, minChars: SUPERSEARCH_MIN_CHARS }),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/members/get_history',
    access: 'board',
    reply: historyReply,
    body: idBody,
    handler: ({ tenant, body }) => service.getHistory(app.deps, tenant, body.id),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/members/restore',
    access: 'admin',
    reply: memberReply,
    body: idBody,
    handler: ({ tenant, me, body }) => service.restoreMember(app.deps, tenant, me, body.id),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/members/bulkget',
    access: 'admin',
    reply: bulkGetReply,
    body: filterBody,
    handler: ({ tenant, body }) => bulk.bulkGet(app.deps, tenant, body.filter ?? []),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/members/bulkupdate',
    access: 'admin',
    reply: bulkReply,
    body: bulkUpdateBody,
    handler: ({ tenant, me, body }) => bulk.bulkUpdate(app.deps, tenant, me, body.data, body.filter ?? [], body.clear),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/members/bulkremove',
    access: 'admin',
    reply: bulkReply,
    body: filterBody,
    handler: ({ tenant, me, body }) => bulk.bulkRemove(app.deps, tenant, me, body.filter ?? []),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/members/bulkrestore',
    access: 'admin',
    reply: bulkReply,
    body: filterBody,
    handler: ({ tenant, me, body }) => bulk.bulkRestore(app.deps, tenant, me, body.filter ?? []),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/members/delete_permanently',
    access: 'admin',
    reply: countReply,
    body: filterBody,
    handler: ({ tenant, me, body }) => bulk.deletePermanently(app.deps, tenant, me, body.filter ?? []),
  });
  // Export: the filter goes in a POST body, the file comes from a GET
  // with the single-use token that POST answers (why: export-token.ts).
  route(app, {
    method: 'POST',
    url: '/api/1/members/export_token',
    access: 'admin',
    reply: exportTokenReply,
    body: exportTokenBody,
    handler: ({ tenant, me, body, req }) =>
      createExportToken(app.deps, tenant, me, req.auth!.sessionId, { filter: body.filter ?? [], columns: body.columns, format: body.format }),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/members/export',
    access: 'admin',
    reply: RAW_REPLY,
    query: z.object({ token: z.string().max(100).default('') }),
    handler: async ({ tenant, me, query, reply, req }) => {
      const file = await exportByToken(app.deps, tenant, me, req.auth!.sessionId, query.token);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/1/members/apply_form',
    access: 'public',
    reply: applyFormReply,
    handler: ({ tenant }) => applyForm(app.deps, tenant),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/members/apply',
    access: 'public',
    reply: okReply,
    // The form is embeddable on the association's own site, where no cookie reaches us:
    // honeypot, fill time and a per-address limit guard it instead of a CSRF token.
    csrf: false,
    body: memberSaveBody,
    handler: ({ tenant, body, req }) => apply(app.deps, tenant, body, { ip: req.ip }),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/members/approve',
    access: 'admin',
    reply: approveReply,
    body: idBody,
    handler: async ({ tenant, me, body }) => {
      const { id, mail } = await approve(app.deps, tenant, me, body.id);
      const member = await service.getMember(app.deps, tenant, id);
      // Whether the applicant got the approval email, for the admin's notification.
      return { ...member, meta_: { ...(member.meta_ as object), approval_mail: mail } };
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/1/members/new',
    access: 'admin',
    reply: memberReply,
    body: memberSaveBody,
    handler: ({ tenant, me, body }) => service.createMember(app.deps, tenant, me, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/members/:id',
    access: 'board',
    reply: memberReply,
    query: z.object({ any_state: queryFlag, pending: queryFlag }),
    handler: ({ tenant, params, query }) => service.getMember(app.deps, tenant, idOf(params), { anyState: query.any_state, pending: query.pending }),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/members/:id',
    access: 'admin',
    reply: memberReply,
    body: memberSaveBody,
    handler: ({ tenant, me, params, body }) => service.saveMember(app.deps, tenant, me, idOf(params), body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/1/members/:id',
    access: 'admin',
    reply: deleteMemberReply,
    handler: ({ tenant, me, params }) => service.deleteMember(app.deps, tenant, me, idOf(params)),
  });
}
