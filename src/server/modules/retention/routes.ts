import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import {
  cleanAccountingBody,
  cleanAccountingReply,
  retentionDueReply,
  retentionReviewReply,
  revealPseudonymBody,
  revealPseudonymReply,
} from '../../../shared/schemas/retention';
import { cleanAccountingData, revealPseudonym } from './clean';
import { retentionDue, retentionReview } from './service';

/** Retention and accounting data (site admins). */
export function retentionRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/1/settings/retention_due',
    access: 'admin',
    reply: retentionDueReply,
    handler: ({ tenant }) => retentionDue(app.deps, tenant.id),
  });
  route(app, {
    method: 'GET',
    url: '/api/1/settings/retention_review',
    access: 'admin',
    reply: retentionReviewReply,
    handler: ({ tenant }) => retentionReview(app.deps, tenant.id),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/settings/clean_accounting_data',
    access: 'admin',
    body: cleanAccountingBody,
    reply: cleanAccountingReply,
    handler: ({ tenant, me, body }) => cleanAccountingData(app.deps, tenant, me, body.period, body.dry_run),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/settings/reveal_pseudonym',
    access: 'admin',
    body: revealPseudonymBody,
    reply: revealPseudonymReply,
    handler: ({ tenant, me, body }) => revealPseudonym(app.deps, tenant, me, body.pseudonym),
  });
}
