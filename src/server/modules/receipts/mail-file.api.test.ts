import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import { makeReceipt } from '../../test/factories/receipt';
import * as settings from '../settings/repo';

describe(`receipt email through the real mailer (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('writes the mail with the PDF attached (outbox without SMTP_URL)', async () => {
    const a = await makeTenant(t.deps, 'Alfa ry');
    await settings.set(t.deps.db, a.tenant.id, 'reply_to_email', 'rahastonhoitaja@alfa.fi');
    const r = await makeReceipt(t.deps, a.tenant);
    const admin = await adminClient(t, a);
    const sent = await admin.post('/api/1/balance/send_email', { receipt_id: r.id });
    expect(sent.body).toEqual({ sent_to: 'rahastonhoitaja@alfa.fi' });
    const dir = path.join(t.dataDir, 'outbox');
    const emls = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
    const eml = emls.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).find((m) => m.includes('rahastonhoitaja@alfa.fi'))!;
    expect(eml).toMatch(/Content-Type: application\/pdf; name=kuitti-\d+\.pdf/);
    expect(eml).toMatch(/Content-Disposition: attachment; filename=kuitti-\d+\.pdf/);
    expect(eml).toContain('multipart/mixed');
  });
});
