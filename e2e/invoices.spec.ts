import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { signIn, type SignedInApi } from './helpers/adminApi';
import { creditBalance, type OwnServer, startOwnServer } from './helpers/ownServer';
import { loginAsAdmin } from './helpers/session';
import { type SmtpSink, startSmtpSink } from './helpers/smtpSink';

// Invoices end to end (issue 15 acceptance), on a server of their own whose email goes to a
// local SMTP server: a two-row fee invoice to a group, previewed, paid from the balance,
// sent by email with the PDF attached; one recipient pays in two parts through the test
// bank row (underpaid, then paid), another is credited in part, a reminder goes to a third,
// and the receivables report downloads. Every page is checked with axe, the row editor is
// used by keyboard, and the pages fit a phone without sideways scrolling.

const BASE_PORT = Number(process.env.SEURA_E2E_PORT ?? 3315);
const SERVER_PORT = BASE_PORT + 100;
const SMTP_PORT = BASE_PORT + 200;
const RUN = Date.now().toString(36);
const PHONE = { width: 390, height: 844 };

test.use({ baseURL: `http://127.0.0.1:${String(SERVER_PORT)}` });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let smtp: SmtpSink;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpSink(SMTP_PORT);
  server = await startOwnServer(
    SERVER_PORT,
    {
      SMTP_URL: `smtp://127.0.0.1:${String(SMTP_PORT)}`,
      BOUNCE_DOMAIN: 'bounces.example.fi',
      PUBLIC_URL: `http://127.0.0.1:${String(SERVER_PORT)}`,
    },
    {
      // An emailed invoice costs 5 c here (free by default), so the journey has something to pay.
      prices: (p) => {
        p.invoice.email = { cents: 5 };
      },
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** The email preview is a sandboxed frame without scripts, where axe cannot run. */
const EMAIL_FRAME = { exclude: ['[data-testid="email-preview"]'] };
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const notification = (page: Page, text: string): Locator => page.getByRole('alert').filter({ hasText: text }).last();

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

/** Invoices need a bank account and a reply-to address in the organisation settings. */
async function readyToInvoice(api: SignedInApi): Promise<void> {
  await api.post('settings/save', {
    scope_: 'organisation',
    name_: 'Demoyhdistys ry',
    reply_to_email: 'hallitus@demoyhdistys.fi',
    bank_account: 'FI21 1234 5600 0007 85',
    business_id: '0112038-9',
  });
}

test('jäsenmaksulasku ryhmälle: esikatselu, maksu, lähetys, osamaksu, maksu, hyvitys, muistutus ja raportti', async ({ page, request }) => {
  const api = await signIn(request);
  await readyToInvoice(api);
  const group = await api.post<{ id: number; name: string }>('groups/new', { name: `e2e_laskutus_${RUN}`, label: `Laskutettavat ${RUN}` });
  const lastname = `Laskutettava${RUN}`;
  const people = ['Aino', 'Eino', 'Tuula'];
  const emails = people.map((n) => `${n.toLowerCase()}.lasku.${RUN}@example.fi`);
  for (const [i, firstname] of people.entries()) {
    await api.post('members/new', { firstname, lastname, email: emails[i], [group.name]: true, bypass_required_fields: true });
  }
  await api.post('members/new', { firstname: 'Ulla', lastname, email: `ulla.lasku.${RUN}@example.fi`, bypass_required_fields: true });

  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Laskut' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Laskut' })).toBeVisible();
  await expect(page).toHaveTitle(/^Laskut – /);
  await expect(page.getByTestId('invoices-empty')).toBeVisible();
  await expectAccessible(page, 'laskut, tyhjä lista');

  // The composer: subject, two rows by keyboard, the group as the filter.
  await page.getByRole('link', { name: 'Uusi lasku' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Uusi lasku' })).toBeVisible();
  await expect(page.getByLabel('Sähköposti (lasku PDF-liitteenä)')).toBeChecked();
  await expect(page.getByTestId('no-vat-note')).toBeVisible();
  const subject = `Jäsenmaksu 2027 ${RUN}`;
  await page.getByRole('textbox', { name: 'Otsikko', exact: true }).fill(subject);
  await page.getByRole('textbox', { name: 'Selite' }).first().fill('Jäsenmaksu');
  await page.keyboard.press('Tab');
  await page.keyboard.type('30');
  // "Lisää rivi" by keyboard: the new row's first field takes focus.
  await page.getByTestId('row-add').focus();
  await page.keyboard.press('Enter');
  const secondTitle = page.getByRole('group', { name: 'Rivi 2' }).getByRole('textbox', { name: 'Selite' });
  await expect(secondTitle).toBeFocused();
  await page.keyboard.type('Kuorolehti');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12,50');
  await expect(page.getByTestId('invoice-row-editor')).toHaveCount(2);
  // A third row added and removed by keyboard: focus goes back to the row before.
  await page.getByTestId('row-add').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('invoice-row-editor')).toHaveCount(3);
  await page.getByRole('button', { name: 'Poista rivi 3' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('invoice-row-editor')).toHaveCount(2);
  await expect(secondTitle).toBeFocused();
  // The editor's page break is a toolbar button of its own.
  await expect(page.getByRole('button', { name: 'Sivunvaihto' })).toBeVisible();

  await page.getByRole('button', { name: 'Lisää ehto' }).click();
  await page.getByLabel('Kenttä, ehto 1').selectOption({ label: `Laskutettavat ${RUN}` });
  await expect(page.getByTestId('recipient-count')).toHaveText('3 vastaanottajaa');
  await expect.poll(async () => plain(await page.getByTestId('invoice-total').textContent())).toBe('42,50 €');
  await expect.poll(async () => plain(await page.getByTestId('price-table').textContent())).toContain('3 × 0,05 €');
  await expect.poll(async () => plain(await page.getByTestId('price-total').textContent())).toBe('0,15 €');
  await expect(page.getByTestId('send')).toBeEnabled();
  await expectAccessible(page, 'laskun kirjoitus', EMAIL_FRAME);
  await page.setViewportSize(PHONE);
  await noSideways(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Leaving with unsaved changes asks first.
  await page.getByRole('link', { name: 'Takaisin laskuihin' }).click();
  await expect(page.getByRole('dialog', { name: 'Tallentamattomia muutoksia' })).toBeVisible();
  await page.getByRole('button', { name: 'Jää sivulle' }).click();

  await creditBalance(server.dataDir, '1,00');
  await page.getByTestId('send').click();
  const dialog = page.getByRole('dialog', { name: 'Lähetetäänkö lasku?' });
  await expect(dialog).toContainText('3 vastaanottajalle');
  await expectAccessible(page, 'laskun lähetyksen vahvistus', EMAIL_FRAME);
  await dialog.getByRole('button', { name: 'Lähetä ja siirry maksamaan' }).click();

  await expect(page).toHaveURL(/\/m\/[0-9a-f-]+\/method\?goto=%2Finvoices%2F\d+$/);
  await expect.poll(async () => plain(await page.getByTestId('mooney-amount').textContent())).toBe('0,15 €');
  await page.getByTestId('pay-balance').click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const invoiceUrl = page.url();
  const invoiceId = Number(/\/invoices\/(\d+)$/.exec(invoiceUrl)?.[1]);
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${subject} – `));
  // The worker delivers to the SMTP server; the page polls every 5 s while anything is on its way.
  await expect(page.getByTestId('delivery-counts')).toContainText('Lähetetty 3', { timeout: 60_000 });
  await expect(page.getByTestId('polling')).toHaveCount(0, { timeout: 15_000 });
  const rows = page.getByTestId('instance-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.getByTestId('instance-status')).toHaveText(['avoin', 'avoin', 'avoin']);
  await expectAccessible(page, 'lähetetty lasku');
  await page.setViewportSize(PHONE);
  await noSideways(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Each recipient got the invoice by email with the PDF attached.
  await expect.poll(() => smtp.mails.filter((m) => m.subject?.startsWith(`${subject} (lasku `)).length, { timeout: 30_000 }).toBe(3);
  const mail = smtp.mails.find((m) => m.subject?.startsWith(`${subject} (lasku `));
  expect(mail?.attachments.some((a) => a.contentType === 'application/pdf')).toBe(true);
  expect([...smtp.recipients].filter((r) => emails.includes(r)).sort()).toEqual([...emails].sort());

  // Aino pays in two parts through the test bank row: underpaid, then paid.
  await page.getByRole('link', { name: `Aino ${lastname}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Aino ${lastname}: ${subject}` })).toBeVisible();
  await expect(page.getByTestId('person-status')).toHaveText('avoin');
  const pdf = await page.request.get(await page.getByTestId('download-pdf').getAttribute('href') ?? '');
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await expectAccessible(page, 'vastaanottajan lasku');
  const fake = page.getByTestId('fake-bank-row');
  await fake.getByRole('textbox', { name: 'Summa' }).fill('20');
  await fake.getByRole('textbox', { name: 'Maksaja' }).fill(`Aino ${lastname}`);
  await fake.getByRole('button', { name: 'Kirjaa testimaksu' }).click();
  await expect(notification(page, 'Testimaksu kirjattu.')).toBeVisible();
  await expect(page.getByTestId('person-status')).toHaveText('vajaasti maksettu');
  await expect.poll(async () => plain(await page.getByTestId('person-open').textContent())).toBe('22,50 €');
  await fake.getByRole('textbox', { name: 'Summa' }).fill('22,50');
  await fake.getByRole('button', { name: 'Kirjaa testimaksu' }).click();
  await expect(page.getByTestId('person-status')).toHaveText('maksettu');
  await expect(page.getByTestId('history-row')).toHaveCount(2);
  await expect(page.getByTestId('history')).toContainText('Pankkimaksu');
  await expectAccessible(page, 'vastaanottajan lasku, maksettu');
  await page.setViewportSize(PHONE);
  await noSideways(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Eino's invoice is credited in part: 10 € of the fee, nothing of the magazine.
  await page.goto(invoiceUrl);
  await page.getByRole('link', { name: `Eino ${lastname}` }).click();
  const credit = page.getByTestId('credit-form');
  const creditRows = credit.getByRole('textbox');
  await expect(creditRows.nth(0)).toHaveValue('30');
  await expect(creditRows.nth(1)).toHaveValue('12,50');
  await creditRows.nth(0).fill('10');
  await creditRows.nth(1).fill('0');
  await credit.getByRole('textbox', { name: 'Kommentti' }).fill('Alennus');
  await credit.getByRole('button', { name: 'Tee hyvityslasku' }).click();
  const creditDialog = page.getByRole('dialog', { name: 'Hyvitä lasku' });
  await expectAccessible(page, 'hyvityksen vahvistus');
  await creditDialog.getByRole('button', { name: 'Tee hyvityslasku' }).click();
  await expect(notification(page, 'Hyvityslasku tehty.')).toBeVisible();
  await expect(page.getByTestId('person-status')).toHaveText('osittain hyvitetty');
  await expect(page.getByTestId('history')).toContainText('Hyvitys');
  await expect(page.getByTestId('history').getByRole('link', { name: /Hyvityslasku \d+ \(PDF\)/ })).toBeVisible();
  await expectAccessible(page, 'vastaanottajan lasku, hyvitetty');

  // Tuula pays part (through the API, as the bank would): underpaid, so she is reminded.
  const all = await api.get<{ instances: { id: number; name: string }[] }>(`invoices/${String(invoiceId)}`);
  const tuula = all.instances.find((i) => i.name.startsWith('Tuula'));
  await api.post('invoices/add_fake_bank_row', { instance_id: tuula?.id, amount: '5', pay_date: new Date().toISOString().slice(0, 10), payer_name: 'Tuula' });
  await page.goto(invoiceUrl);
  await page.getByTestId('reminder-link').click();
  await expect(page.getByRole('heading', { level: 1, name: `Maksumuistutus: ${subject}` })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Tuula/ })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Otsikko' })).toHaveValue(`Maksumuistutus: ${subject}`);
  await expect(page.getByTestId('reminder-count')).toContainText('1 muistutettava lasku');
  await expect.poll(async () => plain(await page.getByTestId('reminder-open').textContent())).toContain('37,50 €');
  await expectAccessible(page, 'maksumuistutus');
  await page.setViewportSize(PHONE);
  await noSideways(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('reminder-send').click();
  await page.getByRole('dialog', { name: 'Lähetä maksumuistutus' }).getByRole('button', { name: 'Lähetä maksumuistutus' }).click();
  await expect(page).toHaveURL(invoiceUrl);
  await expect(notification(page, 'Maksumuistutus lähetetty.')).toBeVisible();
  await expect.poll(() => smtp.mails.some((m) => m.subject?.startsWith(`Maksumuistutus: ${subject} (lasku `)), { timeout: 60_000 }).toBe(true);

  // The list shows the sums; the receivables report downloads.
  await page.getByRole('link', { name: 'Takaisin laskuihin' }).click();
  const listRow = page.getByTestId('invoice-row').filter({ hasText: subject });
  await expect(listRow).toContainText('Lähetetty');
  await expect.poll(async () => plain(await listRow.textContent())).toContain('47,50 €');
  await expectAccessible(page, 'laskut, lista');
  const xlsx = await page.request.get('/invoice_report/accounts_receivable.xlsx');
  expect(xlsx.status()).toBe(200);
  expect(xlsx.headers()['content-type']).toContain('spreadsheetml');
});

test('yli 9 999 euron lasku kysyy vahvistuksen; rivivirhe näkyy rivin kentän alla', async ({ page, request }) => {
  const api = await signIn(request);
  await readyToInvoice(api);
  const lastname = `Suurlasku${RUN}`;
  await api.post('members/new', { firstname: 'Sulo', lastname, email: `sulo.${RUN}@example.fi`, bypass_required_fields: true });
  await loginAsAdmin(page, '/invoices/new');
  await page.getByRole('textbox', { name: 'Otsikko', exact: true }).fill(`Iso lasku ${RUN}`);
  await page.getByRole('textbox', { name: 'Selite' }).fill('Tilavuokra');
  await page.getByRole('textbox', { name: 'Summa (€)' }).fill('12,345');
  await page.getByRole('button', { name: 'Lisää ehto' }).click();
  await page.getByLabel('Kenttä, ehto 1').selectOption({ label: 'Sukunimi' });
  await page.getByLabel('Vertailu, ehto 1').selectOption({ label: 'on' });
  await page.getByLabel('Arvo, ehto 1').fill(lastname);
  await expect(page.getByTestId('recipient-count')).toHaveText('1 vastaanottaja');
  // An amount the server cannot read: said under the row's field while typing, and a send focuses it.
  const amount = page.getByRole('textbox', { name: 'Summa (€)' });
  await expect(page.getByTestId('rows-editor')).toContainText('Kirjoita summa euroina, esimerkiksi 25 tai 25,50.');
  await page.getByTestId('send').click();
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'laskun rivivirhe', EMAIL_FRAME);
  await page.getByRole('textbox', { name: 'Summa (€)' }).fill('12 000');
  await expect.poll(async () => plain(await page.getByTestId('invoice-total').textContent())).toBe('12 000,00 €');
  await page.getByTestId('send').click();
  const dialog = page.getByRole('dialog', { name: 'Suuri laskun summa' });
  await expect(dialog.getByTestId('big-amount')).toHaveText('Laskun summa on yli 9 999 €. Haluatko varmasti lähettää sen?');
  await expectAccessible(page, 'suuren summan vahvistus', EMAIL_FRAME);
  await dialog.getByRole('button', { name: 'Peruuta' }).click();
  // A row without a title: the error under the row's field, which takes focus.
  await page.getByRole('textbox', { name: 'Selite' }).fill('');
  await page.getByTestId('send').click();
  const title = page.getByRole('textbox', { name: 'Selite' });
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
});
