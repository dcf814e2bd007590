import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { afterFirstData, type Idle } from './useAfterFirstData';

/** Idle moments run by hand. */
function manualIdle() {
  const waiting = new Set<() => void>();
  const idle: Idle = (run) => {
    waiting.add(run);
    return () => waiting.delete(run);
  };
  const pass = () => {
    const now = [...waiting];
    waiting.clear();
    for (const run of now) run();
  };
  return { idle, pass, pending: () => waiting.size };
}

/** A query whose answer comes when `answer` is called. */
function slowQuery(client: QueryClient, key: string) {
  let answer!: () => void;
  const done = client.fetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((resolve) => (answer = () => resolve(key))) });
  return { answer: () => answer(), done };
}

describe('afterFirstData', () => {
  it('waits for every fetch to end and then for an idle moment', async () => {
    const client = new QueryClient();
    const { idle, pass, pending } = manualIdle();
    const first = slowQuery(client, 'fields');
    let ready = 0;
    afterFirstData(client, idle, () => ready++);
    expect(pending()).toBe(0);
    first.answer();
    await first.done;
    expect(ready).toBe(0);
    expect(pending()).toBe(1);
    pass();
    expect(ready).toBe(1);
  });

  it('puts the moment off when a fetch starts before it (the page asking for its rows)', async () => {
    const client = new QueryClient();
    const { idle, pass } = manualIdle();
    let ready = 0;
    afterFirstData(client, idle, () => ready++);
    const rows = slowQuery(client, 'rows');
    pass();
    expect(ready).toBe(0);
    rows.answer();
    await rows.done;
    expect(ready).toBe(0);
    pass();
    expect(ready).toBe(1);
    // Once only.
    await client.fetchQuery({ queryKey: ['more'], queryFn: () => 'x' });
    pass();
    expect(ready).toBe(1);
  });

  it('does nothing once stopped', async () => {
    const client = new QueryClient();
    const { idle, pass, pending } = manualIdle();
    let ready = 0;
    const stop = afterFirstData(client, idle, () => ready++);
    stop();
    expect(pending()).toBe(0);
    await client.fetchQuery({ queryKey: ['later'], queryFn: () => 'x' });
    pass();
    expect(ready).toBe(0);
  });
});
