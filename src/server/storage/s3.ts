import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { checkKey, type FileStore } from './types';
import { encodePath, sha256Hex, signS3, type S3Credentials } from './sigv4';

// Uploaded files in an S3-compatible bucket (AWS S3, MinIO, Hetzner, UpCloud …), addressed
// path-style so any endpoint works: S3_URL=https://KEY:SECRET@host/bucket[/prefix]?region=eu-north-1

export interface S3Target extends S3Credentials {
  /** `https://host` (or http for a local MinIO). */
  origin: string;
  host: string;
  /** `/bucket` or `/bucket/prefix`, unencoded, no trailing slash. */
  base: string;
}

/** Parses S3_URL; a URL without bucket or credentials stops the start. */
export function parseS3Url(raw: string): S3Target {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new Error('S3_URL is not a URL (https://KEY:SECRET@host/bucket?region=…)');
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error('S3_URL must be an http(s) URL');
  const base = decodeURIComponent(u.pathname).replace(/\/+$/, '');
  if (base === '' || base === '/') throw new Error('S3_URL names no bucket (https://KEY:SECRET@host/bucket)');
  if (!u.username || !u.password) throw new Error('S3_URL carries no access key and secret (https://KEY:SECRET@host/bucket)');
  return {
    origin: u.origin,
    host: u.host,
    base,
    accessKeyId: decodeURIComponent(u.username),
    secretAccessKey: decodeURIComponent(u.password),
    region: u.searchParams.get('region') ?? 'us-east-1',
  };
}

export function s3Store(target: S3Target, opts: { now?: () => Date } = {}): FileStore {
  const now = opts.now ?? (() => new Date());
  async function send(method: string, key: string, body?: Buffer): Promise<Response> {
    const path = encodePath(`${target.base}/${checkKey(key)}`);
    const payloadHash = sha256Hex(body ?? '');
    const headers = signS3(target, { method, host: target.host, path, payloadHash, now: now(), headers: body ? { 'content-type': 'application/octet-stream' } : {} });
    return fetch(`${target.origin}${path}`, { method, headers, ...(body ? { body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength) } : {}) });
  }
  const fail = async (what: string, key: string, res: Response) => {
    const text = await res.text().catch(() => '');
    return new Error(`S3 ${what} ${key}: ${res.status} ${text.slice(0, 200)}`);
  };
  return {
    async put(key, data) {
      const res = await send('PUT', key, data);
      if (!res.ok) throw await fail('PUT', key, res);
      await res.arrayBuffer();
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok || !res.body) throw await fail('GET', key, res);
      return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
    },
    async delete(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw await fail('DELETE', key, res);
      await res.arrayBuffer();
    },
    async exists(key) {
      const res = await send('HEAD', key);
      await res.arrayBuffer();
      if (res.status === 404) return false;
      if (!res.ok) throw new Error(`S3 HEAD ${key}: ${res.status}`);
      return true;
    },
  };
}
