import crypto from 'node:crypto';
import type { Client, Reply } from '../harness';

/** Uploads a statement file to /invoices/payments as the browser does (multipart form, field "file"). */
export function uploadStatement(c: Client, bytes: Buffer | string, filename = 'tiliote.xml'): Promise<Reply> {
  const boundary = `----seura${crypto.randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return c.request('POST', '/api/1/invoices/bank/upload', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}
