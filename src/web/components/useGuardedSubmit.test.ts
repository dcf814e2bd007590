import { describe, expect, it } from 'vitest';
import { LEAVING, submitGuard } from './useGuardedSubmit';

describe('submitGuard', () => {
  it('sends once while a submit is in flight, and again after it finished', async () => {
    const run = submitGuard();
    let calls = 0;
    let release = () => {};
    const handler = () => {
      calls += 1;
      return new Promise<void>((r) => (release = r));
    };
    const first = run(handler);
    await run(handler);
    expect(calls).toBe(1);
    release();
    await first;
    const again = run(handler);
    release();
    await again;
    expect(calls).toBe(2);
  });

  it('stays shut after a handler that leaves the page, and opens again after a failure', async () => {
    const states: boolean[] = [];
    const run = submitGuard((b) => states.push(b));
    let calls = 0;
    await expect(
      run(() => {
        calls += 1;
        return Promise.reject(new Error('login_failed'));
      }),
    ).rejects.toThrow('login_failed');
    await run(() => {
      calls += 1;
      return Promise.resolve(LEAVING);
    });
    await run(() => {
      calls += 1;
      return Promise.resolve();
    });
    expect(calls).toBe(2);
    expect(states).toEqual([true, false, true]);
  });
});
