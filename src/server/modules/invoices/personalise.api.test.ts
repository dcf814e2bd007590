import { describe, expect, it } from 'vitest';
import { adminContext } from '../../test/adminContext';
import { testDialect } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import { invoiceSettings, sentInvoice } from '../../test/factories/invoice';
import { recordingProvider, type RecordingProvider } from '../../test/factories/outbox';
import { createOutboxWorker } from '../outbox/worker';
import type { OutgoingDelivery, Providers } from '../outbox/providers';
import { composeEmail } from '../outbox/providers/email';
import { deliveryToken } from '../outbox/tokens';
import { queueDeliveries } from '../outbox/queue-repo';
import { renderEmail } from '../messages/email-render';
import { decodeBarcode, pageToPng, pdfWords } from '../pdf/poppler';
import { creditByOperator } from '../payments/balance';
import { virtualBarcode } from '../../../shared/finnish/barcode';
import { formatReference } from '../../../shared/finnish/reference';
import { formatFinnishDate } from '../../../shared/finnish/date';
import { smsNoticeText } from '../../../shared/invoices/sms-notice';
import { iso } from '../../lib/clock';
import { insertAction, recompute } from './instances-repo';
import { helsinkiToday } from './present';
import { invoicePersonalisers } from './personalise';

// The outbox worker with the invoice personalisers, as the jobs start it: every recipient's
// email, letter and SMS carries their own number, amount and reference, and the PDF.

describe(`invoice deliveries made personal (${testDialect})`, () => {
  const ctx = adminContext({ name: 'Maksuseura ry' });
  const { t, tenant, admin } = ctx;
  let providers: Providers & Record<'email' | 'sms' | 'letter' | 'pdf', RecordingProvider>;

  const run = async (): Promise<void> => {
    providers = { email: recordingProvider(), sms: recordingProvider(), letter: recordingProvider(), pdf: recordingProvider() };
    await createOutboxWorker(t.deps, providers, { personalise: invoicePersonalisers(t.deps) }).runOnce();
  };
  const instances = (invoiceId: number) => t.deps.db.selectFrom('invoice_instances').selectAll().where('invoice_id', '=', invoiceId).orderBy('id').execute();
  const iban = async (): Promise<string> => (await admin.get('/api/1/settings')).body.bank_account as string;
  const mine = (sent: OutgoingDelivery[], memberId: number | null) => sent.find((d) => d.memberId === memberId)!;

  it("each recipient's email has their own reference, amount and barcode digits in a payment box, and their PDF attached", async () => {
    const sent = await sentInvoice(ctx, { members: 2, rows: [{ title: 'Jäsenmaksu', amount_with_vat: '35,00', vat_percent: 0 }] });
    await run();
    expect(providers.email.sent).toHaveLength(2);
    const account = await iban();
    for (const inst of await instances(sent.invoiceId)) {
      const d = mine(providers.email.sent, inst.member_id);
      const barcode = virtualBarcode({ iban: account, amountCents: 3500, reference: inst.reference, dueDate: inst.date_due });
      expect(d.subject).toBe(`Jäsenmaksu (lasku ${String(inst.invoice_number)})`);
      expect(d.content).toContain('<p>Vuoden jäsenmaksu.</p>');
      expect(d.content).toContain(`Viitenumero: <strong>${formatReference(inst.reference)}</strong>`);
      expect(d.content).toContain('Summa: <strong>35,00');
      expect(d.content).toContain(`Eräpäivä: <strong>${formatFinnishDate(inst.date_due)}</strong>`);
      expect(d.content).toContain(barcode);
      expect(d.document?.filename).toBe(`lasku-${String(inst.invoice_number)}.pdf`);
      const words = (await pdfWords(d.document!.pdf)).map((w) => w.text).join(' ');
      expect(words).toContain(formatReference(inst.reference));
      expect(words).toContain(inst.recipient_name);
      expect(await decodeBarcode(await pageToPng(d.document!.pdf, 1, 3508), 'code128')).toBe(barcode);

      // What the email provider sends: the box survives the renderer, the text part has the digits and the web-view link.
      const mail = composeEmail({ config: t.deps.config, render: renderEmail }, d);
      expect(mail.html).toContain('<blockquote>');
      expect(mail.html).toContain(barcode);
      expect(mail.text).toContain(barcode);
      expect(mail.text).toContain(`Viitenumero: ${formatReference(inst.reference)}`);
      expect(mail.text).toContain('/msg/show/email/');
      expect(mail.attachments).toEqual([{ filename: `lasku-${String(inst.invoice_number)}.pdf`, content: d.document!.pdf, contentType: 'application/pdf' }]);
    }
    // The other recipient's reference is nowhere in this one's email.
    const [x, y] = await instances(sent.invoiceId);
    expect(mine(providers.email.sent, x!.member_id).content).not.toContain(formatReference(y!.reference));
  });

  it('letters carry the PDF as the document; the SMS notice has its own reference', async () => {
    await invoiceSettings(ctx);
    const members = [
      await makeMember(t.deps, tenant, { firstname: 'Kirje', lastname: 'Ykkönen', phone: '0401234567', address_street: 'Postitie 1', address_zip: '00100', address_city: 'Helsinki' }),
      await makeMember(t.deps, tenant, { firstname: 'Kirje', lastname: 'Kakkonen', phone: '0407654321', address_street: 'Postitie 2', address_zip: '00100', address_city: 'Helsinki' }),
    ];
    const due = new Date(`${helsinkiToday(t.clock.now())}T12:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 21);
    const r = await admin.post('/api/1/invoices/save', {
      msg_media: 'letter',
      subject: 'Kausimaksu',
      description: '<p>Kausimaksu.</p>',
      invoice_rows_: [{ title: 'Kausimaksu', amount_with_vat: '60,00', vat_percent: 0 }],
      date_due: due.toISOString().slice(0, 10),
      addrecips: members.map((m) => m.id),
      sms_notify: true,
      send: true,
      confirmed: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await creditByOperator(t.deps, tenant.tenant.id, 1_000_000, 'testi');
    expect((await admin.post('/api/1/mooney/balance_pay', { balance_mid: r.body.mooney_id })).body).toMatchObject({ paid: true });
    await run();
    expect(providers.letter.sent).toHaveLength(2);
    expect(providers.sms.sent).toHaveLength(2);
    for (const inst of await instances(r.body.id as number)) {
      const letter = mine(providers.letter.sent, inst.member_id);
      expect(letter.document?.filename).toBe(`lasku-${String(inst.invoice_number)}.pdf`);
      expect(letter.document?.pages).toBe(2);
      const words = (await pdfWords(letter.document!.pdf)).map((w) => w.text).join(' ');
      expect(words).toContain(`${inst.recipient_name} Postitie`);
      expect(words).toContain(formatReference(inst.reference));
      const sms = mine(providers.sms.sent, inst.member_id);
      expect(sms.content).toBe(smsNoticeText({ association: 'Maksuseura ry', subject: 'Kausimaksu', amount_c: 6000, date_due: inst.date_due, reference: inst.reference, iban: await iban() }));
      expect(sms.document).toBeUndefined();
    }
  });

  it("a reminder's email and PDF ask for the open amount by the new due date with the original reference", async () => {
    const sent = await sentInvoice(ctx, { members: 1, rows: [{ title: 'Jäsenmaksu', amount_with_vat: '40,00', vat_percent: 0 }] });
    await run();
    const [inst] = await instances(sent.invoiceId);
    const at = iso(t.clock.now());
    const db = t.deps.db;
    const tenantId = tenant.tenant.id;
    const newDue = '2099-01-31';
    const messageId = await db.transaction().execute(async (trx) => {
      const m = await trx
        .insertInto('messages')
        .values({ tenant_id: tenantId, kind: 'reminder', msg_media: 'email', subject: 'Maksumuistutus: Jäsenmaksu', content: '<p>Muistathan maksaa.</p>', status: 'sent', invoice_id: sent.invoiceId, created_at: at, updated_at: at, sent_at: at, recipient_count: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertAction(trx, { tenant_id: tenantId, instance_id: inst!.id, action_type: 'manual_payment', amount_c: 1500, created_at: at });
      await insertAction(trx, { tenant_id: tenantId, instance_id: inst!.id, action_type: 'reminder', message_id: m.id, date_due: newDue, created_at: at });
      await recompute(trx, tenantId, inst!.id, at);
      await queueDeliveries(trx, tenantId, m.id, [{ memberId: inst!.member_id, medium: 'email', address: inst!.recipient_email }], at);
      return m.id;
    });
    await run();
    const d = providers.email.sent.find((x) => x.messageId === messageId)!;
    expect(d.subject).toBe(`Maksumuistutus: Jäsenmaksu (lasku ${String(inst!.invoice_number)})`);
    expect(d.content).toContain('<p>Muistathan maksaa.</p>');
    expect(d.content).toContain('Avoinna: <strong>25,00');
    expect(d.content).toContain(`Eräpäivä: <strong>31.1.2099</strong>`);
    expect(d.content).toContain(formatReference(inst!.reference));
    const words = (await pdfWords(d.document!.pdf)).map((w) => w.text).join(' ');
    expect(words).toContain('MAKSUMUISTUTUS');
    expect(words).toContain('Muistathan maksaa.');
    expect(await decodeBarcode(await pageToPng(d.document!.pdf, 1, 3508), 'code128')).toBe(virtualBarcode({ iban: await iban(), amountCents: 2500, reference: inst!.reference, dueDate: newDue }));
  });

  it("the web view of an invoice email shows the recipient's own payment details", async () => {
    const sent = await sentInvoice(ctx, { members: 2 });
    const [x, y] = await instances(sent.invoiceId);
    const delivery = await t.deps.db.selectFrom('deliveries').select('id').where('message_id', '=', x!.message_id).where('member_id', '=', x!.member_id).executeTakeFirstOrThrow();
    const token = deliveryToken(t.deps.config.sessionSecret, 'show', delivery.id);
    const res = await t.app.inject({ method: 'GET', url: `/msg/show/email/${token}`, headers: { host: admin.host } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Jäsenmaksu (lasku ${String(x!.invoice_number)})`);
    expect(res.body).toContain(formatReference(x!.reference));
    expect(res.body).toContain('25,00');
    expect(res.body).toContain('Vuoden jäsenmaksu.');
    expect(res.body).not.toContain(formatReference(y!.reference));
  });

  it('a delivery of an invoice message that names no instance bounces with the reason', async () => {
    const at = iso(t.clock.now());
    const m = await t.deps.db
      .insertInto('messages')
      .values({ tenant_id: tenant.tenant.id, kind: 'invoice', msg_media: 'email', subject: 'Orpo', content: '<p>x</p>', status: 'sent', created_at: at, updated_at: at, sent_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const member = await makeMember(t.deps, tenant, { firstname: 'Ei', lastname: 'Laskua', email: 'ei.laskua@example.fi' });
    await queueDeliveries(t.deps.db, tenant.tenant.id, m.id, [{ memberId: member.id, medium: 'email', address: 'ei.laskua@example.fi' }], at);
    await run();
    const d = await t.deps.db.selectFrom('deliveries').select(['status', 'error']).where('message_id', '=', m.id).executeTakeFirstOrThrow();
    expect(d).toEqual({ status: 'bounced', error: 'personalise_failed: invoice_instance_missing' });
    expect(providers.email.sent.some((x) => x.messageId === m.id)).toBe(false);
  });
});
