import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { Client, makeTenant, testApp, testDialect, type TestApp } from '../test/harness';
import { RAW_REPLY, route } from './route';
import { checkReply, ReplyContractError, replyChecksOn } from './replyCheck';

// Every JSON route declares its reply schema; outside production a reply that does not
// match it is a server error, so a drifted contract fails the API suite instead of the browser.
describe(`reply contracts (${testDialect})`, () => {
  let t: TestApp;
  let c: Client;
  const shape = z.object({ id: z.number().int(), name: z.string() });

  beforeAll(async () => {
    t = await testApp({
      extend: (app) => {
        route(app, { method: 'GET', url: '/api/1/test/reply_ok', access: 'public', reply: shape, handler: async () => ({ id: 1, name: 'Aino' }) });
        route(app, { method: 'GET', url: '/api/1/test/reply_wrong', access: 'public', reply: shape, handler: async () => ({ id: '1', name: 'Aino' }) });
        route(app, { method: 'GET', url: '/api/1/test/reply_missing', access: 'public', reply: shape, handler: async () => ({ id: 1 }) });
        route(app, {
          method: 'GET',
          url: '/api/1/test/reply_raw',
          access: 'public',
          reply: RAW_REPLY,
          handler: async ({ reply }) => reply.header('content-type', 'text/csv').send('a;b\n'),
        });
        // Production skips the check: the same wrong reply goes out as it is.
        const before = process.env.NODE_ENV;
        process.env.NODE_ENV = 'production';
        try {
          route(app, { method: 'GET', url: '/api/1/test/reply_prod', access: 'public', reply: shape, handler: async () => ({ id: '1' }) });
        } finally {
          process.env.NODE_ENV = before;
        }
      },
    });
    const a = await makeTenant(t.deps);
    c = new Client(t.app, a.tenant.hostname!);
  });
  afterAll(() => t.close());

  it('the harness runs with reply checks on', () => {
    expect(replyChecksOn()).toBe(true);
  });

  it('a reply that matches its schema goes out unchanged', async () => {
    const res = await c.get('/api/1/test/reply_ok');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 1, name: 'Aino' });
  });

  it('a reply of the wrong type or with a missing field is a 500, its details only in the log', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const path of ['/api/1/test/reply_wrong', '/api/1/test/reply_missing']) {
        const res = await c.get(path);
        expect(res.status).toBe(500);
        expect(res.body).toEqual({ error: 'server_error' });
      }
      const logged = errors.mock.calls.map((call) => String(call[0])).join('\n');
      expect(logged).toContain('GET /api/1/test/reply_wrong');
      expect(logged).toMatch(/→ at id/);
      expect(logged).toMatch(/→ at name/);
    } finally {
      errors.mockRestore();
    }
  });

  it('a route that sends a file itself is not checked', async () => {
    const res = await c.get('/api/1/test/reply_raw');
    expect(res.status).toBe(200);
    expect(res.body).toBe('a;b\n');
  });

  it('production does not check replies', async () => {
    const res = await c.get('/api/1/test/reply_prod');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: '1' });
  });
});

describe('route()', () => {
  it('will not take a route without a reply schema (the typecheck fails on the line below otherwise)', async () => {
    const app = Fastify();
    // @ts-expect-error -- `reply` is required: a JSON schema, or RAW_REPLY for a file.
    route(app, { method: 'GET', url: '/api/1/test/no_reply', access: 'public', handler: async () => ({}) });
    await app.ready();
    expect(app.hasRoute({ method: 'GET', url: '/api/1/test/no_reply' })).toBe(true);
    await app.close();
  });
});

describe('replyChecksOn', () => {
  it('is on in tests and development, off in a plain start and production, and SEURA_CHECK_REPLIES overrides', () => {
    expect(replyChecksOn({ NODE_ENV: 'test' })).toBe(true);
    expect(replyChecksOn({ NODE_ENV: 'development' })).toBe(true);
    expect(replyChecksOn({})).toBe(false);
    expect(replyChecksOn({ NODE_ENV: 'production' })).toBe(false);
    expect(replyChecksOn({ NODE_ENV: 'production', SEURA_CHECK_REPLIES: '1' })).toBe(true);
    expect(replyChecksOn({ NODE_ENV: 'development', SEURA_CHECK_REPLIES: '0' })).toBe(false);
  });

  it('names the route and the field in its error', () => {
    expect(() => checkReply('POST /api/1/x', z.object({ count: z.number() }), { count: 'many' }, { level: 'info' })).toThrow(ReplyContractError);
    expect(() => checkReply('POST /api/1/x', z.object({ count: z.number() }), { count: 'many' }, { level: 'info' })).toThrow(/POST \/api\/1\/x[\s\S]*count/);
  });
});
