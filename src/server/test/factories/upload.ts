import crypto from 'node:crypto';
import type { Client, Reply } from '../harness';

/** Uploads a file to the import wizard as the browser does (multipart form, field "file"). */
export function uploadFile(c: Client, filename: string, bytes: Buffer | string, contentType = 'application/octet-stream'): Promise<Reply> {
  const boundary = `----seura${crypto.randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return c.request('POST', '/api/1/importer/upload', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}
