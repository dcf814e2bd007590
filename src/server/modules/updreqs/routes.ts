import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import {
  confirmHBody,
  confirmHReply,
  editMeHBody,
  editMeReply,
  editMeSBody,
  sendEditLinksBody,
  sendEditLinksReply,
  updateMeBody,
  updateMeHBody,
} from '../../../shared/schemas/updreqs';
import * as editme from './editme-service';
import { sendEditLinks } from './send-links';

// The member's own form: by session (/edit_me_s, also for dependants with edit_for) and by
// personal link (/edit_me_h/{hash}: public, the link is the key), and ordering fresh links by
// email (/updreqs/get_edit_links). Public calls keep CSRF (the pages are our own) and are
// rate limited per IP.
export function updreqRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/updreqs/edit_me_s',
    access: 'member',
    reply: editMeReply,
    body: editMeSBody,
    handler: ({ tenant, me, body }) => editme.editMeS(app.deps, tenant, me, body.edit_for),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/updreqs/update_me_s',
    access: 'member',
    reply: editMeReply,
    body: updateMeBody,
    handler: ({ req, tenant, me, body }) => editme.updateMeS(app.deps, tenant, me, body.member, body.edit_for, req.auth?.sessionId),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/updreqs/edit_me_h',
    access: 'public',
    reply: editMeReply,
    body: editMeHBody,
    handler: ({ req, tenant, body }) => editme.editMeH(app.deps, tenant, body.hash, req.ip),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/updreqs/update_me_h',
    access: 'public',
    reply: editMeReply,
    body: updateMeHBody,
    handler: ({ req, tenant, body }) => editme.updateMeH(app.deps, tenant, body.hash, body.member, req.ip),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/updreqs/confirm_h',
    access: 'public',
    reply: confirmHReply,
    body: confirmHBody,
    handler: ({ req, tenant, body }) => editme.confirmH(app.deps, tenant, body.hash, req.ip),
  });
  route(app, {
    method: 'POST',
    url: '/api/1/updreqs/send_edit_links',
    access: 'public',
    reply: sendEditLinksReply,
    body: sendEditLinksBody,
    handler: async ({ req, tenant, body }) => {
      // The mail goes out after the reply: the same answer, in the same time, for any address.
      await sendEditLinks(app.deps, tenant, body.email, req.ip, (err) => req.log.error({ err }, 'edit link mail failed'));
      return { sent: true as const };
    },
  });
}
