import http from 'node:http';

// A stand-in for GatewayAPI (SMS_URL): answers `POST /rest/mtsms` as the real one does
// (`{"ids":[n]}`) and keeps each request's body, so a journey can read the SMS it sent.

export interface SmsBody {
  sender?: string;
  message: string;
  recipients: { msisdn: number }[];
}

export interface SmsGateway {
  url: string;
  received: SmsBody[];
  close(): Promise<void>;
}

export async function startSmsGateway(port: number): Promise<SmsGateway> {
  const received: SmsBody[] = [];
  let next = 1000;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/rest/mtsms') {
        res.writeHead(404).end();
        return;
      }
      try {
        received.push(JSON.parse(raw) as SmsBody);
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"bad json"}');
        return;
      }
      next += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ids: [next] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${String(port)}`, received, close: () => new Promise((r) => server.close(() => r())) };
}
