import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, makeTenant, testApp, testDialect, type TestApp } from '../test/harness';
import { route } from '../http/route';
import { z } from 'zod';
import { precompressFile } from '../../../scripts/precompress';

/** A script large enough to be worth compressing. */
const APP_JS = Array.from({ length: 400 }, (_, i) => `export const text${i} = 'Jäsenrekisteri ${i}';`).join('\n');

describe(`error replies (${testDialect})`, () => {
  let t: TestApp;
  let c: Client;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'seura-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html lang="fi"><title>Seura</title></html>');
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
    // A build's script with its compressed copies (scripts/precompress.ts).
    fs.writeFileSync(path.join(webRoot, 'assets', 'big-5678.js'), APP_JS);
    await precompressFile(path.join(webRoot, 'assets', 'big-5678.js'));
    t = await testApp({
      webRoot,
      extend: (app) => {
        route(app, {
          method: 'GET',
          url: '/api/1/test/boom',
          access: 'public',
          reply: z.object({}),
          handler: async () => {
            throw new Error('secret internal detail: password=hunter2');
          },
        });
        route(app, {
          method: 'POST',
          url: '/api/1/test/validate',
          access: 'public',
          body: z.object({ name: z.string().min(1, '_validation_field_required').max(5), count: z.number().int().max(10) }),
          reply: z.object({ name: z.string(), count: z.number() }),
          handler: async ({ body }) => body,
        });
      },
    });
    const a = await makeTenant(t.deps);
    c = new Client(t.app, a.tenant.hostname!);
  });
  afterAll(() => {
    fs.rmSync(webRoot, { recursive: true, force: true });
    return t.close();
  });

  it('answers an unexpected error with 500 server_error and no internals', async () => {
    const r = await c.get('/api/1/test/boom');
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ error: 'server_error' });
    expect(JSON.stringify(r.body)).not.toContain('hunter2');
  });

  it('maps validation failures to message keys under each field', async () => {
    const r = await c.post('/api/1/test/validate', { name: 'liian pitkä', count: 11 });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errors: { name: ['_validation_too_long'], count: ['value_too_large'] } });
    const missing = await c.post('/api/1/test/validate', {});
    expect(missing.body.errors).toEqual({ name: ['_validation_field_required'], count: ['_validation_field_required'] });
  });

  it('answers malformed JSON with a general validation error, not a 500', async () => {
    await c.get('/api/1/health');
    const r = await c.request('POST', '/api/1/test/validate', '{"name": ', { 'content-type': 'application/json' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errors: { general: ['_validation_invalid'] } });
  });

  it('answers unknown API paths with 404 not_found', async () => {
    const r = await c.get('/api/1/ei-ole-olemassa');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'not_found' });
  });

  it('serves the web app for client-side routes, with a CSP and no caching of index.html', async () => {
    const r = await c.request('GET', '/jotain-muuta', undefined, { accept: 'text/html' });
    expect(r.status).toBe(200);
    expect(String(r.body)).toContain('lang="fi"');
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    expect(r.headers['cache-control']).toBe('no-cache');
    const login = await c.request('GET', '/@login?GOTO=%2F', undefined, { accept: 'text/html' });
    expect(login.status).toBe(200);
  });

  it('lets the charge page post to the banks and show Paytrail logos, nothing more', async () => {
    const r = await c.request('GET', '/m/00000000-0000-4000-8000-000000000000/charge', undefined, { accept: 'text/html' });
    expect(r.headers['content-security-policy']).toContain("form-action 'self' https:");
    expect(r.headers['content-security-policy']).toContain('img-src \'self\' data: blob: https://resources.paytrail.com;');
    expect(r.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('lets only the application form be framed by other sites', async () => {
    const form = await c.request('GET', '/@apply?embed=1', undefined, { accept: 'text/html' });
    expect(form.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(form.headers['x-frame-options']).toBeUndefined();
    const other = await c.request('GET', '/members', undefined, { accept: 'text/html' });
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves hashed assets as immutable', async () => {
    const r = await c.get('/assets/app-1234.js');
    expect(r.status).toBe(200);
    expect(String(r.headers['cache-control'])).toContain('immutable');
  });

  it("sends the build's compressed copy of a script to a browser that accepts it", async () => {
    const fetch = (encoding?: string) =>
      t.app.inject({ method: 'GET', url: '/assets/big-5678.js', headers: { host: c.host, ...(encoding ? { 'accept-encoding': encoding } : {}) } });
    const plain = await fetch();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
    const br = await fetch('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(APP_JS.length / 5);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);
    const gz = await fetch('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);
    for (const r of [plain, br, gz]) {
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^application\/javascript/);
      expect(String(r.headers['cache-control'])).toContain('immutable');
      // A shared cache keeps the copies apart.
      expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
    }
  });
});
