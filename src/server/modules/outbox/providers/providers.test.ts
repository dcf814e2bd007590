import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { testConfig } from '../../../test/harness';
import { outboxConfigFrom } from '../config';
import { readDeliveryToken } from '../tokens';
import type { OutgoingDelivery } from '../providers';
import { createProviders, closeProviders } from './index';

// The providers against local servers that speak the real protocols: an SMTP server that
// refuses some recipients for a while or for good, and an HTTP stand-in of GatewayAPI.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-providers-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const delivery = (over: Partial<OutgoingDelivery> = {}): OutgoingDelivery => ({
  deliveryId: 42,
  tenantId: 1,
  messageId: 7,
  memberId: 3,
  medium: 'email',
  address: 'maija@example.fi',
  subject: 'Kevätkokous',
  content: '<p>Tervetuloa <a href="https://alfa.fi/kokous">kokoukseen</a>!</p>',
  senderName: 'Alfa ry',
  replyTo: 'hallitus@alfa.fi',
  senderHost: 'alfa.example.fi',
  ...over,
});

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('email over SMTP', () => {
  const received: { from: string; to: string[]; raw: Buffer }[] = [];
  let server: SMTPServer;
  let url: string;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(addr, _s, done) {
        if (addr.address.startsWith('tilapaisesti')) return done(Object.assign(new Error('Mailbox busy'), { responseCode: 450 }));
        if (addr.address.startsWith('eiole')) return done(Object.assign(new Error('No such user'), { responseCode: 550 }));
        done();
      },
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
          done();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `smtp://127.0.0.1:${(server.server.address() as net.AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends with the VERP return path, a Message-ID naming the delivery, the association as sender, reply-to and both parts', async () => {
    const config = testConfig(dir, { smtpUrl: url, publicUrl: 'https://jasenet.example.fi', outbox: outboxConfigFrom({ BOUNCE_DOMAIN: 'palautus.example.fi' }, { dataDir: dir, publicUrl: null }) });
    const p = createProviders(config);
    const r = await p.email.send(delivery());
    expect(r.outcome).toBe('sent');
    const mail = received.at(-1)!;
    const m = /^bounce\+(.+)@palautus\.example\.fi$/.exec(mail.from);
    expect(m).not.toBeNull();
    expect(readDeliveryToken(config.sessionSecret, 'verp', m![1]!)).toBe(42);
    expect(mail.to).toEqual(['maija@example.fi']);
    const parsed = await simpleParser(mail.raw);
    expect(parsed.messageId).toBe(`<${m![1]!}@palautus.example.fi>`);
    expect(r).toEqual({ outcome: 'sent', ref: parsed.messageId });
    expect(parsed.from?.text).toBe('"Alfa ry" <noreply@alfa.example.fi>');
    expect(parsed.replyTo?.text).toBe('hallitus@alfa.fi');
    expect(parsed.subject).toBe('Kevätkokous');
    expect(parsed.html).toContain('kokoukseen');
    expect(parsed.text).toContain('https://alfa.fi/kokous');
    // The web view of this delivery, on the association's own host.
    expect(parsed.text).toMatch(/https:\/\/alfa\.example\.fi\/msg\/show\/email\/42\.[A-Za-z0-9_-]+/);
    await closeProviders(p);
  });

  it('answers retry to a 4xx, bounced to a 5xx and retry when the server cannot be reached', async () => {
    const p = createProviders(testConfig(dir, { smtpUrl: url }));
    expect(await p.email.send(delivery({ address: 'tilapaisesti@example.fi' }))).toMatchObject({ outcome: 'retry' });
    expect(await p.email.send(delivery({ address: 'eiole@example.fi' }))).toMatchObject({ outcome: 'bounced', error: expect.stringContaining('550') });
    await closeProviders(p);
    const down = createProviders(testConfig(dir, { smtpUrl: `smtp://127.0.0.1:${await freePort()}` }));
    expect(await down.email.send(delivery())).toMatchObject({ outcome: 'retry' });
    await closeProviders(down);
  });

  it('writes an .eml file to DATA_DIR/outbox without SMTP_URL', async () => {
    const p = createProviders(testConfig(dir));
    const r = await p.email.send(delivery());
    expect(r.outcome).toBe('sent');
    const file = (r as { ref: string }).ref;
    expect(path.dirname(file)).toBe(path.join(dir, 'outbox'));
    const parsed = await simpleParser(fs.readFileSync(file));
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('maija@example.fi');
    expect(parsed.messageId).toMatch(/^<42\.[0-9a-f]+@localhost>$/);
  });
});

describe('SMS through GatewayAPI', () => {
  const requests: { auth: string | undefined; body: Record<string, unknown> }[] = [];
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(text) as { recipients: { msisdn: number }[] };
        requests.push({ auth: req.headers.authorization, body });
        const msisdn = String(body.recipients[0]!.msisdn);
        res.setHeader('content-type', 'application/json');
        if (req.url !== '/rest/mtsms') res.writeHead(404).end('{}');
        else if (msisdn.endsWith('500')) res.writeHead(503).end('{"message":"busy"}');
        else if (msisdn.endsWith('400')) res.writeHead(422).end('{"message":"invalid recipient"}');
        else res.writeHead(200).end(JSON.stringify({ ids: [987654], usage: {} }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const smsConfig = (url: string) =>
    testConfig(dir, { publicUrl: 'https://jasenet.example.fi', outbox: outboxConfigFrom({ SMS_URL: url, SMS_TOKEN: 'tok', SMS_HOOK_SECRET: 'koukku' }, { dataDir: dir, publicUrl: null }) });

  it('posts the message with the token, userref and callback, and records the gateway id', async () => {
    const config = smsConfig(base);
    const p = createProviders(config);
    const r = await p.sms.send(delivery({ medium: 'sms', address: '+358401234567', content: 'Kokous tänään klo 18.' }));
    expect(r).toEqual({ outcome: 'sent', ref: '987654' });
    const req = requests.at(-1)!;
    expect(req.auth).toBe('Token tok');
    expect(req.body).toMatchObject({ sender: 'Alfa ry', message: 'Kokous tänään klo 18.', recipients: [{ msisdn: 358401234567 }], callback_url: 'https://alfa.example.fi/api/1/hooks/sms?secret=koukku' });
    expect(readDeliveryToken(config.sessionSecret, 'sms', req.body.userref as string)).toBe(42);
  });

  it('answers retry to 5xx and to a refused connection, bounced to 4xx', async () => {
    const p = createProviders(smsConfig(base));
    expect(await p.sms.send(delivery({ medium: 'sms', address: '+358401234500' }))).toMatchObject({ outcome: 'retry', error: expect.stringContaining('503') });
    expect(await p.sms.send(delivery({ medium: 'sms', address: '+358401234400' }))).toMatchObject({ outcome: 'bounced', error: expect.stringContaining('invalid recipient') });
    const down = createProviders(smsConfig(`http://127.0.0.1:${await freePort()}`));
    expect(await down.sms.send(delivery({ medium: 'sms', address: '+358401234567' }))).toMatchObject({ outcome: 'retry' });
  });

  it('writes a private JSON file to DATA_DIR/outbox/sms without SMS_URL', async () => {
    const r = await createProviders(testConfig(dir)).sms.send(delivery({ medium: 'sms', address: '+358401234567', content: 'Hei' }));
    const file = (r as { ref: string }).ref;
    expect(file).toBe(path.join(dir, 'outbox', 'sms', '42.json'));
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ to: '+358401234567', message: 'Hei' });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('letters and PDFs', () => {
  it('go to LETTER_DIR as print-ready files named by the delivery', async () => {
    const letters = path.join(dir, 'kirjeet');
    const p = createProviders(testConfig(dir, { outbox: outboxConfigFrom({ LETTER_DIR: letters }, { dataDir: dir, publicUrl: null }) }));
    const r = await p.letter.send(delivery({ medium: 'letter', address: 'Maija Meikäläinen\nKoulukatu 1 A 2\n33100 Tampere' }));
    expect(r).toEqual({ outcome: 'sent', ref: 'letter-7-42.pdf' });
    expect(fs.readFileSync(path.join(letters, 'letter-7-42.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await p.pdf.send(delivery({ medium: 'pdf', address: 'Maija Meikäläinen\nKoulukatu 1 A 2\n33100 Tampere' }))).toEqual({ outcome: 'sent', ref: 'pdf-7-42.pdf' });
  });

  it('default to DATA_DIR/outbox/letters', () => {
    expect(testConfig(dir).outbox.letterDir).toBe(path.join(dir, 'outbox', 'letters'));
  });
});
