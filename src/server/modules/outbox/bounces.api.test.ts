import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import { sentMessage } from '../../test/factories/outbox';
import { statesOf } from '../contacts/repo';
import { outboxConfigFrom } from './config';
import { startBounceServer, parseDeliveryStatus, type BounceServer } from './bounces';
import { verpAddress } from './providers/email';
import type { CreatedTenant } from '../tenants/service';
import type { Member } from '../../db/schema';

/** A bounce as a receiving mail server writes it (RFC 3464: multipart/report, delivery-status part). */
function dsn(to: string, status: string, action: string, diagnostic: string): string {
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.fi>',
    `To: ${to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="RAJA"',
    '',
    '--RAJA',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'I\'m sorry to have to inform you that your message could not be delivered.',
    '',
    '--RAJA',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.fi',
    'Arrival-Date: Tue, 24 Nov 2026 14:00:00 +0200',
    '',
    'Final-Recipient: rfc822; maija@example.fi',
    'Original-Recipient: rfc822;maija@example.fi',
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${diagnostic}`,
    '',
    '--RAJA',
    'Content-Type: text/rfc822-headers',
    '',
    'Subject: Kevätkokous',
    '',
    '--RAJA--',
    '',
  ].join('\r\n');
}

describe(`bounce receiver (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let member: Member;
  let server: BounceServer;
  const deliveryOf = (id: number) => t.deps.db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function sentEmail(): Promise<number> {
    const mid = await sentMessage(t.deps.db, a.tenant.id, 'email', [{ memberId: member.id, medium: 'email', address: 'maija@example.fi' }], new Date().toISOString());
    const d = await t.deps.db.selectFrom('deliveries').select('id').where('message_id', '=', mid).executeTakeFirstOrThrow();
    await t.deps.db.updateTable('deliveries').set({ status: 'sent' }).where('id', '=', d.id).execute();
    return d.id;
  }
  /** Sends a report to the receiver as a remote mail server would. */
  async function deliver(to: string, raw: string): Promise<void> {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.port, secure: false, ignoreTLS: true });
    try {
      await transport.sendMail({ envelope: { from: 'MAILER-DAEMON@mx.example.fi', to }, raw });
    } finally {
      transport.close();
    }
  }

  beforeAll(async () => {
    t = await testApp();
    t.deps.config.outbox = outboxConfigFrom({ BOUNCE_DOMAIN: 'palautus.example.fi' }, { dataDir: t.dataDir, publicUrl: null });
    a = await makeTenant(t.deps, 'Alfa ry');
    member = await makeMember(t.deps, a, { email: 'maija@example.fi' });
    server = await startBounceServer(t.deps, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  it('marks the delivery bounced with the diagnostic code, and the member’s email bounced', async () => {
    const id = await sentEmail();
    const to = verpAddress(t.deps.config.sessionSecret, 'palautus.example.fi', id);
    await deliver(to, dsn(to, '5.1.1', 'failed', '550 5.1.1 <maija@example.fi>: Recipient address rejected: User unknown'));
    expect(await deliveryOf(id)).toMatchObject({ status: 'bounced', error: 'smtp; 550 5.1.1 <maija@example.fi>: Recipient address rejected: User unknown' });
    expect((await statesOf(t.deps.db, a.tenant.id, [member.id]))[0]).toMatchObject({ medium: 'email', address: 'maija@example.fi', outcome: 'bounced' });
  });

  it('changes nothing for a temporary failure (4.x.x, delayed)', async () => {
    await t.deps.db.deleteFrom('contact_states').execute();
    const id = await sentEmail();
    const to = verpAddress(t.deps.config.sessionSecret, 'palautus.example.fi', id);
    await deliver(to, dsn(to, '4.2.2', 'delayed', '452 4.2.2 Mailbox full'));
    await deliver(to, dsn(to, '4.4.1', 'failed', '421 4.4.1 Connection timed out'));
    expect((await deliveryOf(id)).status).toBe('sent');
    expect(await statesOf(t.deps.db, a.tenant.id, [member.id])).toEqual([]);
  });

  it('accepts only bounce+<valid token>@BOUNCE_DOMAIN recipients', async () => {
    const id = await sentEmail();
    const good = verpAddress(t.deps.config.sessionSecret, 'palautus.example.fi', id);
    const rejected = async (to: string) => {
      const err = await deliver(to, dsn(to, '5.1.1', 'failed', '550 User unknown')).then(
        () => null,
        (e: { responseCode?: number }) => e,
      );
      expect(err?.responseCode, to).toBe(550);
    };
    await rejected('postmaster@palautus.example.fi');
    await rejected(good.replace('@palautus.example.fi', '@muu.example.fi'));
    await rejected(`bounce+${id}.00000000000000000000@palautus.example.fi`);
    await rejected(`bounce+${id + 1}${good.slice(good.indexOf('.'))}`);
    expect((await deliveryOf(id)).status).toBe('sent');
  });

  it('refuses a report over the size cap without reading it', async () => {
    const id = await sentEmail();
    const to = verpAddress(t.deps.config.sessionSecret, 'palautus.example.fi', id);
    const huge = dsn(to, '5.1.1', 'failed', '550 User unknown').replace('--RAJA--', `--RAJA\r\nContent-Type: text/plain\r\n\r\n${'x'.repeat(76).concat('\r\n').repeat(8000)}\r\n--RAJA--`);
    const err = await deliver(to, huge).then(
      () => null,
      (e: { responseCode?: number }) => e,
    );
    expect(err?.responseCode).toBe(552);
    expect((await deliveryOf(id)).status).toBe('sent');
  });

  it('reads folded fields and several recipients of a delivery-status part', () => {
    const parsed = parseDeliveryStatus('Reporting-MTA: dns; mx\r\n\r\nFinal-Recipient: rfc822; a@b.fi\r\nAction: failed\r\nStatus: 5.2.2\r\nDiagnostic-Code: smtp; 552 5.2.2 Mailbox\r\n full\r\n\r\nFinal-Recipient: rfc822; c@d.fi\r\nAction: delayed\r\nStatus: 4.0.0\r\n');
    expect(parsed).toEqual([
      { action: 'failed', status: '5.2.2', diagnostic: 'smtp; 552 5.2.2 Mailbox full', recipient: 'rfc822; a@b.fi' },
      { action: 'delayed', status: '4.0.0', diagnostic: '4.0.0', recipient: 'rfc822; c@d.fi' },
    ]);
  });
});
