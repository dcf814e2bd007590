import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './admin';

// Seeding through the real API (fixtures are made by factories in code, architecture
// guide): a request context signs in like the browser does, CSRF token included.

export interface SignedInApi {
  get: <T = unknown>(path: string) => Promise<T>;
  post: <T = unknown>(path: string, body: unknown) => Promise<T>;
}

async function csrfToken(request: APIRequestContext): Promise<string> {
  const cookies = (await request.storageState()).cookies;
  const token = cookies.find((c) => c.name === 'csrftoken')?.value;
  if (!token) throw new Error('no csrftoken cookie');
  return token;
}

async function json<T>(what: string, response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: ${String(response.status())} ${await response.text()}`);
  return (await response.json()) as T;
}

/** `request` signed in as `who` (the demo admin by default); calls take paths under /api/1/. */
export async function signIn(request: APIRequestContext, who: { email: string; password: string } = E2E_ADMIN): Promise<SignedInApi> {
  await request.get('/api/1/health');
  const post = async <T>(path: string, body: unknown): Promise<T> =>
    json<T>(`POST ${path}`, await request.post(`/api/1/${path}`, { data: body, headers: { 'x-csrftoken': await csrfToken(request) } }));
  const get = async <T>(path: string): Promise<T> => json<T>(`GET ${path}`, await request.get(`/api/1/${path}`));
  await post('session/login', { email: who.email, password: who.password });
  return { get, post };
}

interface ApiField {
  name: string;
  label: string;
  type: string;
  visibility: number;
  fixed: boolean;
  options: { value: string; label: string }[];
}

/**
 * Values for the custom fields marked required (other journeys add some), so a member
 * made here can later save their own form: API form and the text a person would type.
 */
export function requiredCustomValues(fields: readonly ApiField[]): { field: ApiField; api: unknown; typed: string | boolean }[] {
  return fields
    .filter((f) => !f.fixed && f.visibility === 3 && f.type !== 'heading' && f.type !== 'password')
    .map((field) => {
      switch (field.type) {
        case 'integer':
          return { field, api: 1, typed: '1' };
        case 'decimal':
          return { field, api: 1.5, typed: '1,5' };
        case 'date':
          return { field, api: '2000-01-01', typed: '1.1.2000' };
        case 'checkbox':
          return { field, api: true, typed: true };
        case 'dropdown':
          return { field, api: field.options[0]?.value ?? '', typed: field.options[0]?.value ?? '' };
        case 'email':
          return { field, api: 'lisa@example.fi', typed: 'lisa@example.fi' };
        default:
          return { field, api: 'Testi', typed: 'Testi' };
      }
    });
}

export type { ApiField };
