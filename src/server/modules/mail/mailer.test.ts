import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureSmtp, type SmtpCapture } from '../../test/smtp';
import { createMailer } from './mailer';

describe('mailer', () => {
  let smtp: SmtpCapture;
  let received: SmtpCapture['mails'];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-mail-'));

  beforeAll(async () => {
    smtp = await captureSmtp();
    received = smtp.mails;
  });
  afterAll(async () => {
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends UTF-8 Finnish mail through SMTP_URL', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, dataDir });
    await mailer.send({
      from: 'Kuoro Laulu ry <noreply@laulu.fi>',
      to: 'jäsen@example.fi',
      subject: 'Tervetuloa jäseneksi – äö',
      text: 'Hyvä jäsen,\n\nTervetuloa! Jäsenmaksu 25,00 € erääntyy 5.3.2026.\n',
    });
    mailer.close();
    expect(received).toHaveLength(1);
    const msg = received[0]!;
    expect(msg.from).toBe('noreply@laulu.fi');
    expect(msg.to).toEqual(['jäsen@example.fi']);
    expect(msg.raw).toMatch(/^From: Kuoro Laulu ry <noreply@laulu\.fi>/m);
    expect(msg.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/im);
    // Subject is RFC 2047 encoded; decode it to compare.
    const subjectLine = /^Subject: (.+(?:\r?\n\s+.+)*)/m.exec(msg.raw)![1]!;
    const decoded = subjectLine
      .split(/\s+/)
      .map((w) => {
        const m = /^=\?utf-8\?([BQ])\?(.*)\?=$/i.exec(w);
        if (!m) return w;
        return m[1]!.toUpperCase() === 'B'
          ? Buffer.from(m[2]!, 'base64').toString('utf8')
          : Buffer.from(m[2]!.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
      })
      .join('');
    expect(decoded.replace(/\s/g, '')).toBe('Tervetuloajäseneksi–äö');
    const body = msg.raw.split(/\r?\n\r?\n/).slice(1).join('\n\n');
    const text = /quoted-printable/i.test(msg.raw)
      ? Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')
      : body;
    expect(text).toContain('Jäsenmaksu 25,00 € erääntyy 5.3.2026.');
  });

  it('writes an .eml file to DATA_DIR/outbox when SMTP_URL is not set', async () => {
    const logged: string[] = [];
    const mailer = createMailer({ smtpUrl: null, dataDir, log: (m) => logged.push(m) });
    const sent = await mailer.send({ from: 'a@example.fi', to: 'b@example.fi', subject: 'Hei', text: 'Kiitos jäsenyydestä' });
    expect(sent.file).toBeDefined();
    expect(path.dirname(sent.file!)).toBe(path.join(dataDir, 'outbox'));
    const eml = fs.readFileSync(sent.file!, 'utf8');
    expect(eml).toMatch(/^To: b@example\.fi$/m);
    expect(eml).toMatch(/^Subject: Hei$/m);
    expect(logged).toEqual(['mail written to outbox']);
  });
});
