import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible } from './helpers/axe';
import { signIn, type SignedInApi } from './helpers/adminApi';
import { type OwnServer, startOwnServer } from './helpers/ownServer';
import { loginAsAdmin } from './helpers/session';
import { type SmtpSink, startSmtpSink } from './helpers/smtpSink';

// Money end to end on a server of its own (no Paytrail credentials, so the built-in test
// bank stands in through the real signed redirect and callback): 50 € of balance bought
// online, its receipt seen and mailed, an announcement paid from that balance, both in the
// transactions with the year's xlsx; a cancelled payment lands on the failure page and is
// paid on the second try.

const BASE_PORT = Number(process.env.SEURA_E2E_PORT ?? 3197);
const SERVER_PORT = BASE_PORT + 120;
const SMTP_PORT = BASE_PORT + 220;
const RUN = Date.now().toString(36);
const REPLY_TO = 'rahastonhoitaja@demoyhdistys.fi';

test.use({ baseURL: `http://127.0.0.1:${String(SERVER_PORT)}` });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let smtp: SmtpSink;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpSink(SMTP_PORT);
  server = await startOwnServer(SERVER_PORT, {
    SMTP_URL: `smtp://127.0.0.1:${String(SMTP_PORT)}`,
    PUBLIC_URL: `http://127.0.0.1:${String(SERVER_PORT)}`,
  }, {
    // Email costs 5 c here (free by default), so the announcement has something to pay.
    prices: (p) => {
      p.announcement.email = { cents: 5 };
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

async function readyToPay(api: SignedInApi): Promise<void> {
  await api.post('settings/save', { scope_: 'organisation', name_: 'Demoyhdistys ry', reply_to_email: REPLY_TO, business_id: '0112038-9' });
}

/** On the charge page: the first provider button, reached and pressed with the keyboard. */
async function chooseProviderByKeyboard(page: Page): Promise<void> {
  const first = page.getByTestId('provider-form').first().getByRole('button');
  await first.focus();
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
}

/** The built-in test bank: clearly a test, with "Maksa" and "Peruuta". */
async function testBank(page: Page, action: 'Maksa' | 'Peruuta'): Promise<void> {
  await expect(page.getByText('Testipankki – ei oikea maksu').first()).toBeVisible();
  await expectAccessible(page, `testipankki, ${action}`);
  await page.getByRole('button', { name: action, exact: true }).click();
}

test('50 € saldoa testipankista, kuitti, tiedote saldolla, maksut ja vuoden xlsx', async ({ page, request }) => {
  const api = await signIn(request);
  await readyToPay(api);
  const lastname = `Maksaja${RUN}`;
  const email = `maksaja.${RUN}@example.fi`;
  await api.post('members/new', { bypass_required_fields: true, firstname: 'Maija', lastname, email });

  await loginAsAdmin(page);
  // Admins find the balance on the settings page, beside the tier and its limits.
  await page.goto('/config/settings');
  const tier = page.getByTestId('tier-panel');
  await expect(tier.getByTestId('tier-name')).toHaveText('Free');
  await expect(tier.getByTestId('tier-discount')).toHaveText('0 %');
  await expect(tier.getByTestId('tier-updreq')).toHaveText('Ei');
  await expect(tier.getByTestId('tier-group-mail')).toHaveText('50 jäsentä');
  await expect(tier.getByTestId('tier-expense-claims')).toHaveText('10');
  await expect.poll(async () => plain(await tier.getByTestId('settings-balance').textContent())).toBe('0,00 €');
  await expectAccessible(page, 'asetukset, palvelutaso');
  await tier.getByRole('link', { name: 'Osta saldoa ja suosittele palvelua' }).click();

  await expect(page).toHaveURL(/\/balance\/buy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Osta saldoa' })).toBeVisible();
  const amount = page.getByRole('textbox', { name: 'Summa' });
  await expect(amount).toHaveValue('50');
  await expectAccessible(page, 'saldon osto');
  // Too little: the message is under the field and the field has focus.
  await amount.fill('0,5');
  await page.getByRole('button', { name: 'Siirry maksamaan' }).click();
  await expect(amount).toBeFocused();
  await expect(page.getByText('Summan pitää olla vähintään verkkomaksun vähimmäismäärä.')).toBeVisible();
  await expectAccessible(page, 'saldon osto, virhe');
  await amount.fill('50');
  await amount.press('Enter');

  await expect(page).toHaveURL(/\/m\/[0-9a-f-]+\/charge\?goto=%2Fbalance%2Fthanks$/);
  const chargeUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Verkkomaksu' })).toBeVisible();
  await expect(page.getByTestId('test-bank-notice')).toContainText('Testipankki – ei oikea maksu');
  await expect.poll(async () => plain(await page.getByTestId('charge-amount').textContent())).toBe('50,00 €');
  await expectAccessible(page, 'verkkomaksu, maksutavat');
  await chooseProviderByKeyboard(page);
  await testBank(page, 'Maksa');

  // Back with a notice, once: the marker leaves the address.
  await expect(page).toHaveURL(/\/balance\/thanks$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Maksu onnistui. Kiitos!' }).last()).toBeVisible();
  await expect(page.getByTestId('balance-thanks')).toBeVisible();
  await expect.poll(async () => plain(await page.getByTestId('balance-total').textContent())).toBe('50,00 €');
  await expect.poll(async () => plain(await page.getByTestId('balance-bought').textContent())).toBe('50,00 €');
  await expect.poll(async () => plain(await page.getByTestId('balance-free').textContent())).toBe('0,00 €');
  await expectAccessible(page, 'kiitos ostosta');
  // Paid already: the charge page sends straight on, saying so.
  await page.goto(chargeUrl);
  await expect(page).toHaveURL(/\/balance\/thanks$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Tämä on jo maksettu.' }).last()).toBeVisible();

  // The receipt: seller, buyer, rows and VAT, printable and as PDF.
  await page.getByTestId('thanks-receipt-link').click();
  await expect(page).toHaveURL(/\/log\/\d+\?nayta=kuitti$/);
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByRole('heading', { name: /^Kuitti nro 1$/ })).toBeVisible();
  await expect(receipt).toContainText('Demoyhdistys ry');
  await expect(receipt).toContainText('0112038-9');
  await expect.poll(async () => plain(await page.getByTestId('receipt-total').textContent())).toBe('50,00 €');
  await expect(page.getByTestId('receipt-vat')).toBeVisible();
  await expectAccessible(page, 'kuitti');
  const pdf = await page.request.get((await page.getByTestId('receipt-pdf').getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Mailed to the association's reply-to address.
  await page.getByRole('link', { name: 'Lähetä kuitti sähköpostiin' }).click();
  await expect(page).toHaveURL(/\/balance\/send_email\?kuitti=\d+$/);
  await expectAccessible(page, 'kuitti sähköpostiin');
  await page.getByTestId('send-email-submit').click();
  await expect(page.getByTestId('send-email-done')).toContainText(REPLY_TO);
  await expect.poll(() => smtp.recipients.includes(REPLY_TO), { timeout: 20_000 }).toBe(true);
  const mailed = smtp.mails.find((m) => m.attachments.some((a) => a.contentType === 'application/pdf'));
  expect(mailed).toBeDefined();

  // An announcement paid from the bought balance.
  const saved = await api.post<{ id: number; mooney_id?: string }>('announcements/save', {
    msg_media: 'email',
    subject: `Maksettu saldolla ${RUN}`,
    content: '<p>Hei</p>',
    filter: [{ field: 'lastname', verb: 'eq', value: lastname }],
    send: true,
  });
  expect(saved.mooney_id).toBeTruthy();
  await page.goto(`/m/${saved.mooney_id ?? ''}/method?goto=${encodeURIComponent(`/announcements/${String(saved.id)}`)}`);
  await expect(page.getByTestId('pay-online')).toBeVisible();
  await expect.poll(async () => plain(await page.getByTestId('mooney-balance').textContent())).toBe('50,00 €');
  await expectAccessible(page, 'maksutapa, saldo tai verkkomaksu');
  await page.getByTestId('pay-balance').click();
  await expect(page).toHaveURL(new RegExp(`/announcements/${String(saved.id)}$`));

  // Both payments in the transactions, with their receipts.
  await page.goto('/log');
  await page.getByRole('navigation', { name: 'Loki ja maksut' }).getByRole('link', { name: 'Maksut' }).click();
  await expect(page).toHaveURL(/\/log\/transactions$/);
  await expect(page.getByTestId('transactions-count')).toHaveText('2 maksua');
  const rows = page.getByTestId('transaction-row');
  await expect(rows).toHaveCount(2);
  const bought = rows.filter({ hasText: 'Verkkomaksu' });
  await expect.poll(async () => plain(await bought.textContent())).toContain('50,00 €');
  const paid = rows.filter({ hasText: 'Saldo' }).filter({ hasNotText: 'Verkkomaksu' });
  await expect.poll(async () => plain(await paid.textContent())).toContain('0,05 €');
  await expectAccessible(page, 'maksut');

  // The year's xlsx opens and holds both payments.
  const year = String(new Date().getFullYear());
  await expect(page.getByTestId('report-year')).toHaveValue(year);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-download').click()]);
  const file = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  expect(header).toEqual(expect.arrayContaining(['Päivämäärä', 'Kuitin numero', 'Maksutapa', 'Summa']));
  const amountColumn = header.indexOf('Summa');
  const amounts: number[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) amounts.push(Number(row.getCell(amountColumn).value));
  });
  expect(amounts.sort((a, b) => a - b)).toEqual([0.05, 50]);

  // The receipts list: the purchase and the announcement.
  await page.getByRole('navigation', { name: 'Loki ja maksut' }).getByRole('link', { name: 'Kuitit' }).click();
  await expect(page.getByTestId('receipts-count')).toHaveText('2 kuittia');
  await expectAccessible(page, 'kuitit');
  await page.getByRole('link', { name: 'Avaa kuitti 1' }).click();
  await expect(page.getByTestId('receipt')).toBeVisible();
});

test('suosittelu, ja peruttu maksu päätyy virhesivulle ja onnistuu uudelleen yritettynä', async ({ page, request }) => {
  const api = await signIn(request);
  await readyToPay(api);
  await loginAsAdmin(page, '/balance/buy');

  // Sharing the service: emails by line or comma; each is referred once.
  const friend = `ystava.${RUN}@example.fi`;
  const emails = page.getByRole('textbox', { name: 'Sähköpostiosoitteet' });
  await emails.fill(`${friend}, ei-osoite\n${friend}`);
  await page.getByRole('button', { name: 'Lähetä suositus' }).click();
  await expect(page.getByTestId('referral-referred')).toContainText(friend);
  await expect(page.getByTestId('referral-invalid')).toContainText('ei-osoite');
  await expectAccessible(page, 'suosittelu');
  await emails.fill(friend);
  await page.getByRole('button', { name: 'Lähetä suositus' }).click();
  await expect(page.getByTestId('referral-already')).toContainText(friend);
  await expect(page.getByTestId('referral-referred')).toHaveCount(0);

  const amount = page.getByRole('textbox', { name: 'Summa' });
  await amount.fill('20');
  await page.getByRole('button', { name: 'Siirry maksamaan' }).click();
  await expect(page).toHaveURL(/\/m\/[0-9a-f-]+\/charge/);
  const chargeUrl = new URL(page.url());
  await expect.poll(async () => plain(await page.getByTestId('charge-amount').textContent())).toBe('20,00 €');
  await chooseProviderByKeyboard(page);
  await testBank(page, 'Peruuta');

  await expect(page).toHaveURL(/\/m\/failure\?.*checkout-reference=/);
  await expect(page.getByTestId('payment-failure')).toHaveText('Maksun suorittamisessa tapahtui virhe tai se peruttiin. Ole hyvä ja yritä uudelleen.');
  await expectAccessible(page, 'maksu epäonnistui');
  // The retry goes to the same payment item's charge page.
  const retry = page.getByTestId('retry-payment');
  await retry.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${chargeUrl.pathname}`));
  await expect.poll(async () => plain(await page.getByTestId('charge-amount').textContent())).toBe('20,00 €');
  await chooseProviderByKeyboard(page);
  await testBank(page, 'Maksa');
  await expect(page).toHaveURL(/\/balance\/thanks$/);
  // 50 € bought, 0,05 € paid for the announcement, 20 € bought now.
  await expect.poll(async () => plain(await page.getByTestId('balance-bought').textContent())).toBe('69,95 €');
});
