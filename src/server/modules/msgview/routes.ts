import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route, idOf } from '../../http/route';
import { NotFound } from '../../lib/errors';
import { SESSION_COOKIE } from '../../../shared/constants';
import { messageReply } from '../../../shared/schemas/messages';
import * as sessions from '../session/service';
import { PopplerMissing } from '../pdf/poppler';
import { getMessage } from './message';
import { letterPreviewPdf, letterPreviewPng } from './letter-preview';
import { showDelivery } from './show';
import { notFoundPage, WEB_VIEW_CSP } from './page';

// Message views outside the JSON API: letter previews for site admins (PDF and page images,
// loaded by <img>/<a> with the session cookie) and the public web view of a delivery. Every
// /msg/ path is answered here, so none falls through to the single-page app.

/** The session plugin reads sessions only for /api/; these admin-only files need it too. */
export async function loadSession(req: FastifyRequest): Promise<void> {
  if (req.auth) return;
  const raw = req.cookies[SESSION_COOKIE];
  if (!raw) return;
  const unsigned = req.unsignCookie(raw);
  if (unsigned.valid && unsigned.value) req.auth = await sessions.resolve(req.server.deps, req.tenant, unsigned.value);
}

function numberBefore(raw: string | undefined, ext: string): number {
  const m = new RegExp(`^(\\d{1,9})\\.${ext}$`).exec(raw ?? '');
  if (!m) throw new NotFound();
  return Number(m[1]);
}

function previewFailed(req: FastifyRequest, reply: FastifyReply, e: unknown): FastifyReply {
  if (!(e instanceof PopplerMissing)) throw e;
  req.log.error({ err: e }, 'letter page image');
  return reply.status(503).type('text/plain; charset=utf-8').send(`Sivukuvia ei voi tehdä: palvelimelta puuttuu pdftoppm (poppler-utils).\n${e.message}\n`);
}

function htmlPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .status(status)
    .header('content-security-policy', WEB_VIEW_CSP)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

export function msgviewRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/1/messages/:id',
    access: 'admin',
    reply: messageReply,
    handler: ({ tenant, params }) => getMessage(app.deps, tenant, idOf(params)),
  });

  app.route({
    method: 'GET',
    url: '/msg/letter-preview/:file',
    config: { access: 'admin' },
    onRequest: loadSession,
    handler: async (req, reply) => {
      const id = numberBefore((req.params as { file?: string }).file, 'pdf');
      const pdf = await letterPreviewPdf(app.deps, req.tenant, id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="kirje-${String(id)}.pdf"`)
        .header('cache-control', 'private, no-cache')
        .send(pdf);
    },
  });

  app.route({
    method: 'GET',
    url: '/msg/letter-preview/:id/:file',
    config: { access: 'admin' },
    onRequest: loadSession,
    handler: async (req, reply) => {
      const params = req.params as { id?: string; file?: string };
      const id = idOf({ id: params.id ?? '' });
      const page = numberBefore(params.file, 'png');
      try {
        const png = await letterPreviewPng(app.deps, req.tenant, id, page);
        return await reply.type('image/png').header('cache-control', 'private, no-cache').send(png);
      } catch (e) {
        return previewFailed(req, reply, e);
      }
    },
  });

  app.route({
    method: 'GET',
    url: '/msg/show/:media/:token',
    config: { access: 'public' },
    handler: async (req, reply) => {
      const { media, token } = req.params as { media: string; token: string };
      const html = await showDelivery(app.deps, req.tenant, media, token, { markRead: req.method === 'GET' });
      return htmlPage(reply, html === null ? 404 : 200, html ?? notFoundPage());
    },
  });

  // Anything else under /msg/ (a cut-off link) gets the same Finnish page, not the web app.
  app.route({
    method: 'GET',
    url: '/msg/*',
    config: { access: 'public' },
    handler: (_req, reply) => htmlPage(reply, 404, notFoundPage()),
  });
}
