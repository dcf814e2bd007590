import { afterAll, beforeAll } from 'vitest';
import type { CreatedTenant } from '../modules/tenants/service';
import { adminClient, makeTenant, testApp, type Client, type TestApp, type TestAppOptions } from './harness';

// The set-up most API suites share: a fresh app, one association, its admin signed in,
// and the app closed after the suite.

export interface AdminContext {
  t: TestApp;
  tenant: CreatedTenant;
  admin: Client;
}

/**
 * Registers the suite's beforeAll/afterAll and answers stand-ins for the app, the
 * association and its signed-in admin, so a suite keeps writing `t.deps`, `a.tenant.id`
 * and `admin.post(...)`. Each stand-in forwards to the real object once the beforeAll has
 * run: use them in tests and in later hooks (a suite's own beforeAll runs after this one),
 * not while the suite is being collected.
 */
export function adminContext(opts: TestAppOptions & { name?: string; at?: string } = {}): AdminContext {
  let real: AdminContext | undefined;
  beforeAll(async () => {
    const t = await testApp(opts);
    // `at`: the clock is set before the association exists, so its creation and the login happen then.
    if (opts.at) t.clock.set(opts.at);
    const tenant = await makeTenant(t.deps, opts.name);
    real = { t, tenant, admin: await adminClient(t, tenant) };
  });
  afterAll(() => real?.t.close());
  const now = (): AdminContext => {
    if (!real) throw new Error('adminContext: used before its beforeAll ran');
    return real;
  };
  return { t: lateBound(() => now().t), tenant: lateBound(() => now().tenant), admin: lateBound(() => now().admin) };
}

/** An object that behaves as `target()` does when it is used; methods keep their own `this`. */
function lateBound<T extends object>(target: () => T): T {
  return new Proxy({} as T, {
    get(_, key) {
      const obj = target();
      const value: unknown = Reflect.get(obj, key, obj);
      return typeof value === 'function' ? value.bind(obj) : value;
    },
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(target(), key);
      // The stand-in's own target is an empty, extensible object: report keys as configurable.
      return d ? { ...d, configurable: true } : undefined;
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
}
