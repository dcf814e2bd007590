import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, apiWith, EARLY_MS, getEarly } from './client';

// getEarly: a first page's GETs go out before the modules that read them have loaded, and
// the first reader of each takes its reply instead of asking again.

const reply = z.object({ n: z.number() });

function fakeServer() {
  let n = 0;
  const asked: string[] = [];
  const fetchMock = vi.fn(async (url: string) => {
    asked.push(url.replace(/[?&]_=\d+/, ''));
    n += 1;
    return new Response(JSON.stringify({ n }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { asked };
}

describe('getEarly', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('lets the first reader of the path take the reply, once', async () => {
    const { asked } = fakeServer();
    getEarly('fields/all?all_headings=1');
    expect(asked).toEqual(['/api/1/fields/all?all_headings=1']);
    expect(await api.get('fields/all?all_headings=1', reply)).toEqual({ n: 1 });
    expect(asked).toHaveLength(1);
    // The next reader asks again.
    expect(await api.get('fields/all?all_headings=1', reply)).toEqual({ n: 2 });
    expect(asked).toHaveLength(2);
  });

  it('is not taken by another path, a call with headers of its own, or after EARLY_MS', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { asked } = fakeServer();
    getEarly('groups/all');
    expect(await api.get('groups/all?x=1', reply)).toEqual({ n: 2 });
    expect(await apiWith({ 'x-edit-link': 'abc' }).get('groups/all', reply)).toEqual({ n: 3 });
    vi.setSystemTime(Date.now() + EARLY_MS + 1);
    expect(await api.get('groups/all', reply)).toEqual({ n: 4 });
    expect(asked).toHaveLength(4);
  });

  it('gives its reader the failure of an early call', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'A4SessionError' }), { status: 401 })));
    getEarly('fields/all');
    await expect(api.get('fields/all', reply)).rejects.toMatchObject({ status: 401 });
  });
});
