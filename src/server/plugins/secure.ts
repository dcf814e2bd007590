import type { FastifyRequest } from 'fastify';

/**
 * Cookies are Secure when the public address is https, or when this request came over
 * https as a proxy named in TRUST_PROXY says (req.protocol believes X-Forwarded-Proto only
 * from those; without TRUST_PROXY it is the socket's own protocol).
 */
export function secureRequest(req: FastifyRequest): boolean {
  return req.server.deps.config.secureCookies || req.protocol === 'https';
}
