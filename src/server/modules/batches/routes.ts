import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { batchesBody, batchesReply, undoBody, undoReply } from '../../../shared/schemas/batches';
import { listBatches, undoBatch } from './service';

// Undoable batches live under the members' URLs: every batch so far changes members.
export function batchRoutes(app: FastifyInstance): void {
  // "Viimeisimmät muutokset": the undoable batches, newest first.
  route(app, {
    method: 'POST',
    url: '/api/1/members/batches',
    access: 'admin',
    reply: batchesReply,
    body: batchesBody,
    handler: ({ tenant, body }) => listBatches(app.deps, tenant, body.page),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/members/undo',
    access: 'admin',
    reply: undoReply,
    body: undoBody,
    handler: ({ tenant, me, body }) => undoBatch(app.deps, tenant, me, body.batch_id, { keepChanged: body.keep_changed }),
  });
}
