import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Member, Tenant } from '../db/schema';
import { NotFound, SessionRequired } from '../lib/errors';
import type { Access } from './types';
import { parseOrThrow } from './validate';
import { checkReply, replyChecksOn } from './replyCheck';

/** What a handler gets: the typed input, and the tenant and member already checked. */
export interface Ctx<B, Q, A extends Access> {
  req: FastifyRequest;
  reply: FastifyReply;
  body: B;
  query: Q;
  params: Record<string, string>;
  tenant: Tenant;
  /** The logged-in member; null only on public routes. */
  me: A extends 'public' ? Member | null : Member;
}

type Schema = z.ZodType | undefined;
type Infer<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;

/** A reply the handler sends itself (a file, a stream): not JSON, so no schema to check. */
export const RAW_REPLY = 'raw';

export interface RouteSpec<A extends Access, B extends Schema, Q extends Schema> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The guard; checked by plugins/guard.ts before the handler runs (CSRF first for mutations). */
  access: A;
  /** Set false only for public routes used from embeds on other sites, where no cookie can travel. */
  csrf?: A extends 'public' ? boolean : never;
  body?: B;
  query?: Q;
  /** A smaller body cap than the app's 2 MB, for endpoints whose bodies are known to be small. */
  bodyLimit?: number;
  /**
   * The reply's schema from src/shared/schemas (the same one the web client parses with),
   * or RAW_REPLY for a route that sends a file or stream itself. Required, so no JSON
   * route goes without a contract; checked on every reply outside production.
   */
  reply: z.ZodType | typeof RAW_REPLY;
  handler(ctx: Ctx<Infer<B>, Infer<Q>, A>): Promise<unknown>;
}

/**
 * Declares an API route so its protections read in one place:
 * `route(app, { method: 'POST', url: '/api/1/x/y', access: 'admin', body: schema, reply: schema, handler })`.
 * The reply is the handler's return value as JSON (or whatever it sent itself).
 * Outside production a JSON reply that does not match `reply` is a 500 with the
 * schema's complaints in the server log (replyCheck.ts).
 */
export function route<A extends Access, B extends Schema = undefined, Q extends Schema = undefined>(
  app: FastifyInstance,
  spec: RouteSpec<A, B, Q>,
): void {
  const replySchema = spec.reply === RAW_REPLY ? null : spec.reply;
  const check = replySchema !== null && replyChecksOn();
  const name = `${spec.method} ${spec.url}`;
  app.route({
    method: spec.method,
    url: spec.url,
    config: { access: spec.access, csrf: spec.csrf !== false },
    ...(spec.bodyLimit !== undefined ? { bodyLimit: spec.bodyLimit } : {}),
    handler: async (req, reply) => {
      // The guard set linkMember only on an 'self' route without a session.
      const me = req.auth?.member ?? req.linkMember ?? null;
      if (spec.access !== 'public' && !me) throw new SessionRequired();
      const body = (spec.body ? parseOrThrow(spec.body, req.body) : undefined) as Infer<B>;
      const query = (spec.query ? parseOrThrow(spec.query, req.query) : undefined) as Infer<Q>;
      const result = await spec.handler({
        req,
        reply,
        body,
        query,
        params: req.params as Record<string, string>,
        tenant: req.tenant,
        me: me as Ctx<Infer<B>, Infer<Q>, A>['me'],
      });
      if (reply.sent) return reply;
      const data = result ?? { ok: true };
      // A long reply streamed piece by piece (a page of everyone) is built by the same row
      // presenter as the checked short pages; parsing it whole would undo the streaming.
      if (check && !(data instanceof Readable)) checkReply(name, replySchema, data, req.log);
      return reply.send(data);
    },
  });
}


/** The numeric `:id` of a route; anything else is "not found" rather than a validation error. */
export function idOf(params: Record<string, string>): number {
  const raw = params.id ?? '';
  const n = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw new NotFound();
  return n;
}
