import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { parseOrThrow } from '../../http/validate';
import { NotFound } from '../../lib/errors';
import { okReply } from '../../../shared/schemas/session';
import { smsReportBody, smsReportQuery } from './schema';
import { applySmsReport, hookSecretOk } from './sms';

/** A delivery report is a few hundred bytes. */
const HOOK_BODY_LIMIT = 16 * 1024;

// Server-to-server callbacks: no session, no CSRF cookie (the caller is a gateway, not a
// browser); the shared secret is the credential.
export function hookRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/hooks/sms',
    access: 'public',
    csrf: false,
    bodyLimit: HOOK_BODY_LIMIT,
    query: smsReportQuery,
    reply: okReply,
    handler: async ({ query, req, tenant }) => {
      if (!hookSecretOk(app.deps.config.outbox.smsHookSecret, query.secret)) throw new NotFound();
      // The body is read only after the secret: without it the hook does not answer at all.
      await applySmsReport(app.deps, tenant.id, parseOrThrow(smsReportBody, req.body));
      return { ok: true as const };
    },
  });
}
