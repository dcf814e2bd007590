import type { z } from 'zod';
import { API_BASE, CSRF_HEADER } from '../../shared/constants';
import { errorReply, validationErrorReply } from '../../shared/schemas/errors';
import { readCsrfToken } from './csrf';
import { ApiError } from './errors';

// Typed client for /api/1: every reply is parsed with the shared zod schema, so a
// contract drift shows up as an error here instead of as undefined deep in a page.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Public endpoint the lead guarantees; used only to obtain a CSRF cookie before a first write. */
const CSRF_PRIMER = 'health';

async function fetchJson(method: Method, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
  let url = `${API_BASE}/${path}`;
  if (method === 'GET') {
    // Cache-buster on every GET so no proxy or browser cache serves stale data.
    url += `${url.includes('?') ? '&' : '?'}_=${Date.now()}`;
  } else {
    const token = readCsrfToken() ?? (await primeCsrfToken());
    if (token) headers[CSRF_HEADER] = token;
  }
  // A FormData body (file upload) sets its own multipart Content-Type with the boundary.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, { code: 'network_error' });
  }
  const text = await res.text();
  let json: unknown = undefined;
  if (text !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      // Proxies and crashed servers answer with HTML; treated as a server error below.
    }
  }
  return { status: res.status, json };
}

/** The cookie is set by any response; a page served from a cache may not have it yet. */
async function primeCsrfToken(): Promise<string | null> {
  try {
    await fetch(`${API_BASE}/${CSRF_PRIMER}?_=${Date.now()}`, { credentials: 'same-origin' });
  } catch {
    return null;
  }
  return readCsrfToken();
}

function toApiError(status: number, json: unknown): ApiError {
  const validation = validationErrorReply.safeParse(json);
  if (validation.success) {
    return new ApiError(status, { errors: validation.data.errors, params: validation.data.params });
  }
  const plain = errorReply.safeParse(json);
  if (plain.success) return new ApiError(status, { code: plain.data.error });
  return new ApiError(status, { code: status >= 500 ? 'server_error' : undefined });
}

/** GETs started before the module that reads their reply has loaded, by path; see getEarly. */
const early = new Map<string, { at: number; reply: Promise<{ status: number; json: unknown }> }>();
/** How long an early reply waits for its reader; older ones are not used. */
export const EARLY_MS = 10_000;

/**
 * Starts a plain GET now, for the first `get` of the same path (without extra headers) within
 * EARLY_MS to take instead of asking again: a first page's answers go out with the session,
 * while the chunks that read them are still loading and the main thread renders the frame.
 */
export function getEarly(path: string): void {
  if (early.has(path)) return;
  const reply = fetchJson('GET', path);
  reply.catch(() => undefined); // its reader sees the failure
  early.set(path, { at: Date.now(), reply });
}

/** The early reply for `path`, once. */
function takeEarly(path: string): Promise<{ status: number; json: unknown }> | undefined {
  const e = early.get(path);
  if (!e) return undefined;
  early.delete(path);
  return Date.now() - e.at <= EARLY_MS ? e.reply : undefined;
}

async function request<T>(method: Method, path: string, schema: z.ZodType<T>, body?: unknown, extra?: Record<string, string>): Promise<T> {
  const plain = method === 'GET' && (extra === undefined || Object.keys(extra).length === 0);
  const { status, json } = await ((plain ? takeEarly(path) : undefined) ?? fetchJson(method, path, body, extra));
  if (status < 200 || status >= 300) throw toApiError(status, json);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.error(`Unexpected reply from ${method} ${path}`, parsed.error);
    throw new ApiError(status, { code: 'invalid_reply' });
  }
  return parsed.data;
}

/**
 * The client with extra request headers on every call (the personal link's x-edit-link on
 * the expense-claim pages opened by link); `api` is the plain one.
 */
export function apiWith(extra: Record<string, string>) {
  return {
    get: <T>(path: string, schema: z.ZodType<T>) => request('GET', path, schema, undefined, extra),
    post: <T>(path: string, body: unknown, schema: z.ZodType<T>) => request('POST', path, schema, body, extra),
    put: <T>(path: string, body: unknown, schema: z.ZodType<T>) => request('PUT', path, schema, body, extra),
    patch: <T>(path: string, body: unknown, schema: z.ZodType<T>) => request('PATCH', path, schema, body, extra),
    delete: <T>(path: string, schema: z.ZodType<T>) => request('DELETE', path, schema, undefined, extra),
    /** multipart/form-data POST (file uploads); same CSRF header and error handling as the JSON calls. */
    upload: <T>(path: string, form: FormData, schema: z.ZodType<T>) => request('POST', path, schema, form, extra),
  };
}

export const api = apiWith({});
