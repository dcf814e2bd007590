import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, ValidationError } from '../lib/errors';
import { isEmailTaken } from '../db/constraints';

// Every error leaves in one of the API's error shapes (docs/conventions.md); internals go only to the log.
export function errorPlugin(app: FastifyInstance, opts: { webRoot: string | null }): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) return reply.status(err.status).send(err.body);
    // A save that raced another past the email check: the same answer the check gives.
    if (isEmailTaken(err)) return reply.status(400).send(ValidationError.field('email', 'members_email_not_unique').body);
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large…: the client's fault, said plainly.
      req.log.info({ err }, 'bad request');
      return reply.status(400).send({ errors: { general: ['_validation_invalid'] } });
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: 'server_error' });
  });

  const indexHtml = opts.webRoot ? path.join(opts.webRoot, 'index.html') : null;
  app.setNotFoundHandler((req, reply) => {
    const accepts = req.headers.accept ?? '';
    if (!req.url.startsWith('/api/') && req.method === 'GET' && indexHtml && accepts.includes('text/html') && fs.existsSync(indexHtml)) {
      // Client-side routes (/@login, /members/…) all load the single-page app, which renders its own 404.
      if (req.url.startsWith('/@apply')) {
        // The application form may be embedded in the association's own website.
        const csp = String(reply.getHeader('content-security-policy') ?? '').replace(/frame-ancestors [^;]*/, 'frame-ancestors *');
        reply.header('content-security-policy', csp).removeHeader('x-frame-options');
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(fs.createReadStream(indexHtml));
    }
    return reply.status(404).send({ error: 'not_found' });
  });
}
