import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as members from '../members/service';
import { editMeReply, updateMeBody } from '../../../shared/schemas/updreqs';

// Member self-edit by session (the /edit_me_s page; calls updreqs edit_me_s / update_me_s).
// Hash links and update-request mailings arrive with the messaging features.
export function updreqRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/updreqs/edit_me_s',
    access: 'member',
    reply: editMeReply,
    handler: ({ tenant, me }) => members.editMe(app.deps, tenant, me),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/updreqs/update_me_s',
    access: 'member',
    reply: editMeReply,
    body: updateMeBody,
    handler: ({ req, tenant, me, body }) => members.updateMe(app.deps, tenant, me, body.member, req.auth?.sessionId),
  });
}
