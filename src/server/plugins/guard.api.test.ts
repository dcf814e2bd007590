import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { Client, makeTenant, testApp, testDialect, ADMIN_PASSWORD, type TestApp } from '../test/harness';
import { route } from '../http/route';
import { hashPassword } from '../lib/passwords';
import * as members from '../modules/members/repo';
import type { CreatedTenant } from '../modules/tenants/service';
import type { Access } from '../http/types';
import { guardPlugin } from './guard';

const LEVELS: Access[] = ['public', 'member', 'board', 'admin'];

describe(`role guard (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  const clients: Record<string, Client> = {};

  beforeAll(async () => {
    t = await testApp({
      extend: (app) => {
        for (const access of LEVELS) {
          route(app, { method: 'GET', url: `/api/1/test/${access}`, access, reply: z.object({ me: z.number().nullable() }), handler: async ({ me }) => ({ me: me?.id ?? null }) });
        }
      },
    });
    a = await makeTenant(t.deps);
    const now = new Date().toISOString();
    const add = async (email: string, board: 0 | 1) =>
      members.insert(t.deps.db, a.tenant.id, {
        firstname: 'R',
        lastname: 'Ooli',
        email,
        password_hash: await hashPassword(ADMIN_PASSWORD),
        active: 1,
        site_admin: 0,
        board,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      });
    await add('jasen@example.fi', 0);
    await add('hallitus@example.fi', 1);
    clients.anonymous = new Client(t.app, a.tenant.hostname!);
    for (const [name, email] of [
      ['member', 'jasen@example.fi'],
      ['board', 'hallitus@example.fi'],
      ['admin', a.admin.email!],
    ] as const) {
      clients[name] = new Client(t.app, a.tenant.hostname!);
      await clients[name].login(email);
    }
  });
  afterAll(() => t.close());

  // caller → expected status for routes marked public/member/board/admin
  const expected: Record<string, number[]> = {
    anonymous: [200, 401, 401, 401],
    member: [200, 200, 403, 403],
    board: [200, 200, 200, 403],
    admin: [200, 200, 200, 200],
  };
  for (const [caller, statuses] of Object.entries(expected)) {
    LEVELS.forEach((level, i) => {
      it(`${caller} calling a ${level} route gets ${statuses[i]}`, async () => {
        const r = await clients[caller]!.get(`/api/1/test/${level}`);
        expect(r.status).toBe(statuses[i]);
        if (r.status === 401) expect(r.body).toEqual({ error: 'A4SessionError' });
        if (r.status === 403) expect(r.body).toEqual({ error: 'forbidden' });
      });
    });
  }

  it('refuses to start when an API route declares no access level', async () => {
    const app = Fastify();
    guardPlugin(app);
    expect(() => app.get('/api/1/oops', async () => ({}))).toThrow(/no access level/);
    await app.close();
  });
});
