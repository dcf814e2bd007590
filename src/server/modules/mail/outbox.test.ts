import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer, outboxNotice } from './mailer';

// Without SMTP_URL the outbox holds reset links and members' data, so it is the
// server user's alone, and the console says where mail goes.
describe.skipIf(process.platform === 'win32')('outbox without SMTP_URL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-outbox-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const mode = (p: string) => fs.statSync(p).mode & 0o777;

  it('writes each mail readable by the server user only, in a private directory', async () => {
    const old = process.umask(0o022);
    try {
      const mailer = createMailer({ smtpUrl: null, dataDir });
      const sent = await mailer.send({ from: 'a@example.fi', to: 'b@example.fi', subject: 'Hei', text: 'Salasanan vaihtolinkki' });
      expect(mode(sent.file!)).toBe(0o600);
      expect(mode(path.join(dataDir, 'outbox'))).toBe(0o700);
    } finally {
      process.umask(old);
    }
  });

  it('tightens an outbox an older version left readable to others', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-outbox-old-'));
    fs.mkdirSync(path.join(dir, 'outbox'), { mode: 0o755 });
    fs.chmodSync(path.join(dir, 'outbox'), 0o755);
    const sent = await createMailer({ smtpUrl: null, dataDir: dir }).send({ from: 'a@example.fi', to: 'b@example.fi', subject: 'Hei', text: 'x' });
    expect(mode(path.join(dir, 'outbox'))).toBe(0o700);
    expect(mode(sent.file!)).toBe(0o600);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has a start-up line saying mail is written to disk, and none with SMTP', () => {
    expect(outboxNotice({ smtpUrl: null, dataDir: '/srv/seura' })).toContain(path.join('/srv/seura', 'outbox'));
    expect(outboxNotice({ smtpUrl: null, dataDir: '/srv/seura' })).toMatch(/SMTP_URL/);
    expect(outboxNotice({ smtpUrl: 'smtp://mail.example.fi', dataDir: '/srv/seura' })).toBeNull();
  });
});
