import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminClient, Client, makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import { makeField, type FieldOverrides } from '../../test/factories';
import { captureSmtp, type SmtpCapture } from '../../test/smtp';
import { mailText } from '../../test/mailText';
import { createMailer, type Mailer } from '../mail/mailer';
import type { CreatedTenant } from '../tenants/service';

// The application form shows only fields set to be on it (off for new
// custom fields, names and email always), the API enforces it, an admin can correct an
// application before approving it, and the applicant gets a confirmation and an approval email.
describe(`application form fields, corrections and applicant emails (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let admin: Client;
  let smtp: SmtpCapture;
  let failMail = false;
  let ip = 0;
  const visitor = () => new Client(t.app, a.tenant.hostname!, { ip: `10.88.0.${++ip}`, csrf: false });
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    smtp = await captureSmtp();
    const real = createMailer({ smtpUrl: smtp.url, dataDir: '/tmp' });
    // A mailer that can be made to fail, as an unreachable SMTP server would.
    const mailer: Mailer = { send: (m) => (failMail ? Promise.reject(new Error('smtp down')) : real.send(m)), close: () => real.close() };
    t = await testApp({ mailer });
    a = await makeTenant(t.deps, 'Kylän Kuoro ry');
    admin = await adminClient(t, a);
    const add = async (body: FieldOverrides) => {
      ids[body.name] = (await makeField(admin, body)).id;
    };
    await add({ name: 'sisaiset', label: 'Sisäiset tiedot', type: 'heading', visibility: 2 });
    await add({ name: 'jasenmaksu_maksettu', label: 'Jäsenmaksu maksettu', type: 'checkbox', visibility: 2 });
    await add({ name: 'kunniajasen', label: 'Kunniajäsen', type: 'checkbox', visibility: 2 });
    await add({ name: 'lisatiedot', label: 'Lisätiedot', type: 'heading', visibility: 2 });
    await add({ name: 'kotikunta', label: 'Kotikunta', type: 'text', visibility: 3, on_apply_form: true });
    await add({ name: 'tunnus', label: 'Tunnus', type: 'password', visibility: 2, on_apply_form: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.mails.length = 0;
    failMail = false;
  });

  const application = (over: Record<string, unknown> = {}) => ({
    firstname: 'Hilkka',
    lastname: 'Hakija',
    email: 'hilkka@x.fi',
    kotikunta: 'Kuopio',
    hp_website: '',
    form_started_at: t.clock.now().getTime() - 60_000,
    ...over,
  });
  const pendingByEmail = async (email: string): Promise<number> => {
    const r = await admin.post('/api/1/members/get_results', { pending: true, filter: [{ field: 'email', verb: 'eq', value: email }] });
    expect(r.body.results).toHaveLength(1);
    return r.body.results[0].id;
  };
  const formNames = async (): Promise<string[]> => (await visitor().get('/api/1/members/apply_form')).body.fields.map((f: { name: string }) => f.name);
  const setOnForm = async (name: string, on: boolean) => {
    const f = (await admin.get(`/api/1/fields/${ids[name]!}`)).body;
    return admin.post(`/api/1/fields/${ids[name]!}`, { name: f.name, label: f.label, type: f.type, visibility: f.visibility, on_apply_form: on });
  };

  it('keeps new custom fields off the form unless asked, names and contact fields on, headings only above shown fields', async () => {
    expect((await admin.get(`/api/1/fields/${ids.jasenmaksu_maksettu!}`)).body.on_apply_form).toBe(false);
    expect((await admin.get(`/api/1/fields/${ids.kotikunta!}`)).body.on_apply_form).toBe(true);
    // A password is never asked of an applicant, whatever the request says.
    expect((await admin.get(`/api/1/fields/${ids.tunnus!}`)).body.on_apply_form).toBe(false);
    const fixed = (await admin.get('/api/1/fields/all')).body.filter((f: { fixed: boolean }) => f.fixed);
    expect(fixed.every((f: { on_apply_form: boolean }) => f.on_apply_form)).toBe(true);

    expect(await formNames()).toEqual(['firstname', 'lastname', 'email', 'phone', 'address_street', 'address_zip', 'address_city', 'lisatiedot', 'kotikunta']);
  });

  it('refuses to take names or email off the form', async () => {
    const all = (await admin.get('/api/1/fields/all')).body;
    const email = all.find((f: { name: string }) => f.name === 'email');
    const r = await admin.post(`/api/1/fields/${String(email.id)}`, { name: 'email', label: email.label, type: 'email', visibility: email.visibility, on_apply_form: false });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ on_apply_form: ['fields_apply_form_locked'] });
    // Other contact fields may go off.
    const phone = all.find((f: { name: string }) => f.name === 'phone');
    const off = await admin.post(`/api/1/fields/${String(phone.id)}`, { name: 'phone', label: phone.label, type: 'text', visibility: phone.visibility, on_apply_form: false });
    expect(off.body.on_apply_form).toBe(false);
    expect(await formNames()).not.toContain('phone');
    await admin.post(`/api/1/fields/${String(phone.id)}`, { name: 'phone', label: phone.label, type: 'text', visibility: phone.visibility, on_apply_form: true });
  });

  it('ignores values for fields not on the form, and accepts them once the setting is on (logged)', async () => {
    expect((await visitor().post('/api/1/members/apply', application({ email: 'ohi@x.fi', jasenmaksu_maksettu: true, kunniajasen: true }))).status).toBe(200);
    const first = (await admin.get(`/api/1/members/${await pendingByEmail('ohi@x.fi')}?pending=1`)).body;
    expect(first).toMatchObject({ kotikunta: 'Kuopio', jasenmaksu_maksettu: false, kunniajasen: false });

    const on = await setOnForm('kunniajasen', true);
    expect(on.status).toBe(200);
    expect(on.body.on_apply_form).toBe(true);
    // Its heading comes along, before it.
    expect(await formNames()).toEqual(expect.arrayContaining(['sisaiset', 'kunniajasen']));
    expect(await formNames()).not.toContain('jasenmaksu_maksettu');
    const log = (await admin.post('/api/1/log/all', { event: 'field_updated' })).body;
    expect(log.all_results[0]).toMatchObject({ context: 'fields:kunniajasen', data: [{ field: 'on_apply_form', old: false, new: true }] });

    await visitor().post('/api/1/members/apply', application({ email: 'mukana@x.fi', jasenmaksu_maksettu: true, kunniajasen: true }));
    const second = (await admin.get(`/api/1/members/${await pendingByEmail('mukana@x.fi')}?pending=1`)).body;
    expect(second).toMatchObject({ jasenmaksu_maksettu: false, kunniajasen: true });
    await setOnForm('kunniajasen', false);
  });

  it('sends the applicant a confirmation naming the association', async () => {
    expect((await visitor().post('/api/1/members/apply', application({ email: 'vahvistus@x.fi' }))).status).toBe(200);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual(['vahvistus@x.fi']);
    const mail = mailText(smtp.mails[0]!.raw);
    expect(mail.subject).toBe('Jäsenhakemuksesi on vastaanotettu – Kylän Kuoro ry');
    expect(mail.text).toContain('Hei Hilkka,');
    expect(mail.text).toContain('kiitos jäsenhakemuksestasi yhdistykseen Kylän Kuoro ry');
  });

  it('keeps the application when the confirmation cannot be sent, and logs the failure', async () => {
    failMail = true;
    expect((await visitor().post('/api/1/members/apply', application({ email: 'postivika@x.fi' }))).status).toBe(200);
    const id = await pendingByEmail('postivika@x.fi');
    const log = (await admin.post('/api/1/log/all', { event: 'application_mail_failed' })).body;
    expect(log.all_results).toHaveLength(1);
    expect(log.all_results[0]).toMatchObject({ context: `member:${String(id)}`, data: [{ field: 'email', new: 'postivika@x.fi' }, { field: 'subject', new: expect.stringContaining('Kylän Kuoro ry') }] });
  });

  it('lets an admin correct an application before approving: validated like the member form, in the member history, then the approval email', async () => {
    await visitor().post('/api/1/members/apply', application({ email: 'hilkka.typo@x.fi', lastname: 'Hakia' }));
    const id = await pendingByEmail('hilkka.typo@x.fi');
    smtp.mails.length = 0;

    const bad = await admin.post(`/api/1/members/${String(id)}`, { email: 'ei-osoite', phone: '123' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'phone']);

    const fixed = await admin.post(`/api/1/members/${String(id)}`, { lastname: 'Hakija', email: 'hilkka.oikea@x.fi', jasenmaksu_maksettu: true });
    expect(fixed.status).toBe(200);
    expect((await admin.get(`/api/1/members/${String(id)}`)).status).toBe(404); // still an application
    const corrected = (await admin.post('/api/1/members/get_history', { id })).body;
    expect(corrected).toHaveLength(1);
    expect(corrected[0]).toMatchObject({ context: 'PersonUpdate', author: expect.any(String) });
    expect(corrected[0].data).toEqual(
      expect.arrayContaining([
        { field: 'lastname', label: 'Sukunimi', old: 'Hakia', new: 'Hakija' },
        { field: 'email', label: 'Sähköposti', old: 'hilkka.typo@x.fi', new: 'hilkka.oikea@x.fi' },
        { field: 'jasenmaksu_maksettu', label: 'Jäsenmaksu maksettu', old: null, new: '1' },
      ]),
    );

    const ok = await admin.post('/api/1/members/approve', { id });
    expect(ok.status).toBe(200);
    expect(ok.body.meta_).toMatchObject({ pending: false, approval_mail: 'sent' });
    expect(ok.body).toMatchObject({ lastname: 'Hakija', jasenmaksu_maksettu: true });
    const hist = (await admin.post('/api/1/members/get_history', { id })).body;
    expect(hist.map((h: { context: string }) => h.context).sort()).toEqual(['PersonInsert', 'PersonUpdate']);

    // The approval goes to the corrected address.
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual(['hilkka.oikea@x.fi']);
    const mail = mailText(smtp.mails[0]!.raw);
    expect(mail.subject).toBe('Jäsenhakemuksesi on hyväksytty – Kylän Kuoro ry');
    expect(mail.text).toContain('jäsenhakemuksesi yhdistykseen Kylän Kuoro ry on hyväksytty');
  });

  it('sends no approval email when the application has no email address left', async () => {
    await visitor().post('/api/1/members/apply', application({ email: 'poistuva@x.fi', firstname: 'Ilman' }));
    const id = await pendingByEmail('poistuva@x.fi');
    expect((await admin.post(`/api/1/members/${String(id)}`, { email: '' })).status).toBe(200);
    smtp.mails.length = 0;
    const ok = await admin.post('/api/1/members/approve', { id });
    expect(ok.body.meta_.approval_mail).toBe('no_email');
    expect(smtp.mails).toHaveLength(0);
  });
});
