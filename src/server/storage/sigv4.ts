import crypto from 'node:crypto';

// AWS Signature Version 4 for S3 requests (path-style), as every S3-compatible service
// accepts it: https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();
export const sha256Hex = (data: crypto.BinaryLike) => crypto.createHash('sha256').update(data).digest('hex');

/** RFC 3986 encoding of one path segment (S3 encodes each segment once, keeping `/`). */
const encodeSegment = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
export const encodePath = (p: string) => p.split('/').map(encodeSegment).join('/');

/** `20130524T000000Z` */
export const amzDate = (d: Date) => d.toISOString().replace(/[:-]|\.\d{3}/g, '');

/**
 * The headers to send: the given ones plus x-amz-date, x-amz-content-sha256 and Authorization.
 * `path` is already encoded; every given header is signed, along with host.
 */
export function signS3(creds: S3Credentials, req: { method: string; host: string; path: string; headers?: Record<string, string>; payloadHash: string; now: Date }): Record<string, string> {
  const date = amzDate(req.now);
  const day = date.slice(0, 8);
  const headers: Record<string, string> = { ...req.headers, host: req.host, 'x-amz-content-sha256': req.payloadHash, 'x-amz-date': date };
  const names = Object.keys(headers).map((h) => h.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')]));
  const signed = names.join(';');
  const canonical = [req.method, req.path, '', ...names.map((n) => `${n}:${lower[n]}`), '', signed, req.payloadHash].join('\n');
  const scope = `${day}/${creds.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), 's3'), 'aws4_request');
  const signature = crypto.createHmac('sha256', key).update(toSign).digest('hex');
  const { host: _host, ...out } = headers;
  return { ...out, authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signed}, Signature=${signature}` };
}
