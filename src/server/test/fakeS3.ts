import http from 'node:http';
import crypto from 'node:crypto';

// A tiny S3 stand-in for tests: PUT/GET/DELETE/HEAD of objects under path-style URLs,
// refusing (403) any request without a SigV4 Authorization header for the expected key,
// a date header and a payload hash that matches the body.

export interface FakeS3 {
  url: string;
  objects: Map<string, Buffer>;
  /** Requests seen, as `METHOD /path`. */
  requests: string[];
  close(): Promise<void>;
}

export async function fakeS3(accessKeyId = 'testkey'): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      requests.push(`${req.method} ${path}`);
      const auth = req.headers.authorization ?? '';
      const hash = req.headers['x-amz-content-sha256'];
      const signed = new RegExp(`^AWS4-HMAC-SHA256 Credential=${accessKeyId}/\\d{8}/[\\w-]+/s3/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$`).test(auth);
      if (!signed || !req.headers['x-amz-date'] || hash !== crypto.createHash('sha256').update(body).digest('hex')) {
        res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const obj = objects.get(path);
      if (req.method === 'PUT') {
        objects.set(path, body);
        res.writeHead(200).end();
      } else if (req.method === 'DELETE') {
        objects.delete(path);
        res.writeHead(204).end();
      } else if (!obj) {
        res.writeHead(404).end(req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>');
      } else {
        res.writeHead(200, { 'content-length': obj.length, 'content-type': 'application/octet-stream' });
        res.end(req.method === 'HEAD' ? undefined : obj);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://${accessKeyId}:testsecret@127.0.0.1:${port}/seura-bucket?region=eu-north-1`,
    objects,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
