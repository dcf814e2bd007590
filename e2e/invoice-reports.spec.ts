import fs from 'node:fs';
import { expect, type Download, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible } from './helpers/axe';
import { ensureInvoicing } from './helpers/settings';
import { signIn } from './helpers/adminApi';
import { loginAsAdmin } from './helpers/session';

// The invoice reports as a treasurer uses them: an invoice sent by email to two members,
// then the invoice report (change the period, download xlsx and PDF, the reference list),
// the sales invoice list of today and the receivables on a date, each page checked with axe.

const RUN = Date.now().toString(36);
const SUBJECT = `Raporttilasku ${RUN}`;
const helsinki = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' });
const TODAY = helsinki.format(new Date());
const finnish = (iso: string) => iso.split('-').reverse().map(Number).join('.');
const YEAR = Number(TODAY.slice(0, 4));
/** Amounts use a no-break space between thousands; plain spaces compare easier. */
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const api = await signIn(request);
  await ensureInvoicing(api);
  const ids: number[] = [];
  for (const first of ['Raili', 'Ritva']) {
    const m = await api.post<{ id: number }>('members/new', { firstname: first, lastname: `Raportti${RUN}`, email: `${first.toLowerCase()}.${RUN}@example.fi`, bypass_required_fields: true });
    ids.push(m.id);
  }
  const due = new Date(Date.now() + 14 * 86_400_000);
  await api.post('invoices/save', {
    msg_media: 'email',
    subject: SUBJECT,
    description: '<p>Jäsenmaksu.</p>',
    invoice_rows_: [{ title: 'Jäsenmaksu', amount_with_vat: '30,00', vat_percent: 0 }],
    date_due: helsinki.format(due),
    addrecips: ids,
    send: true,
    confirmed: true,
  });
});

async function download(page: Page, name: string | RegExp): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return file;
}

async function sheetRows(file: Download): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const out: string[] = [];
  book.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1).map(String).join(' | ')));
  return out;
}

async function expectPdf(file: Download): Promise<void> {
  expect(fs.readFileSync(await file.path()).subarray(0, 5).toString()).toBe('%PDF-');
}

test('invoice report: the period, the table and totals, the downloads and the references', async ({ page }) => {
  await loginAsAdmin(page, '/invoices/report');
  await expect(page.getByRole('heading', { level: 1, name: 'Laskuraportti' })).toBeVisible();
  await expect(page).toHaveTitle(/Laskuraportti/);
  const row = page.getByTestId('report-row').filter({ hasText: SUBJECT });
  await expect(row).toBeVisible();
  await expect.poll(async () => plain(await row.textContent())).toContain('60,00 €');
  await expect(page.getByTestId('report-totals')).toContainText('Yhteensä');
  await expect(page.getByRole('link', { name: 'Takaisin laskuihin' })).toHaveAttribute('href', '/invoices');
  await expectAccessible(page, 'laskuraportti');

  // Last year: nothing; the empty state says what to do.
  await page.getByTestId('period-year').selectOption(String(YEAR - 1));
  await expect(page.getByTestId('period-from')).toHaveValue(`1.1.${String(YEAR - 1)}`);
  await page.getByTestId('period-apply').click();
  await expect(page).toHaveURL(new RegExp(`from=${String(YEAR - 1)}-01-01`));
  await expect(page.getByTestId('report-empty')).toContainText('Valitse toinen aikaväli');
  // A reversed period is refused under the field, with focus there.
  await page.getByTestId('period-from').fill(finnish(TODAY));
  await page.getByTestId('period-to').fill(`1.1.${String(YEAR - 1)}`);
  await page.getByTestId('period-apply').click();
  await expect(page.getByText('Loppupäivä on ennen alkupäivää.')).toBeVisible();
  await expect(page.getByTestId('period-to')).toBeFocused();
  // Free days: today only.
  await page.getByTestId('period-to').fill(finnish(TODAY));
  await page.getByTestId('period-apply').click();
  await expect(page).toHaveURL(new RegExp(`from=${TODAY}&to=${TODAY}`));
  await expect(row).toBeVisible();

  const xlsx = await download(page, 'Lataa Excel (xlsx)');
  expect(xlsx.suggestedFilename()).toBe(`laskuraportti-${TODAY}-${TODAY}.xlsx`);
  const rows = await sheetRows(xlsx);
  expect(rows[0]).toBe(`Laskuraportti ${finnish(TODAY)}–${finnish(TODAY)}`);
  expect(rows.some((r) => r.includes(SUBJECT) && r.includes('| 60 |'))).toBe(true);
  expect(rows.at(-1)).toMatch(/^Yhteensä/);
  await expectPdf(await download(page, 'Lataa PDF'));

  // The period's reference numbers, on the page and as xlsx.
  const refs = page.getByTestId('refs-row').filter({ hasText: `Raportti${RUN}` });
  await expect(refs).toHaveCount(2);
  const refsFile = await download(page, 'Lataa viitenumerot (xlsx)');
  expect((await sheetRows(refsFile)).filter((r) => r.includes(`Raportti${RUN}`))).toHaveLength(2);
  await expectAccessible(page, 'laskuraportti, tämä päivä');
});

test('sales invoice list: today by default, another period, downloads', async ({ page }) => {
  await loginAsAdmin(page, '/invoices/report');
  await page.getByRole('navigation', { name: 'Laskujen raportit' }).getByRole('link', { name: 'Myyntilaskuluettelo' }).click();
  await expect(page).toHaveURL(/\/invoices\/sales_invoice_list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Myyntilaskuluettelo' })).toBeVisible();
  await expect(page.getByTestId('sales-row').filter({ hasText: `Raportti${RUN}` })).toHaveCount(2);
  await expect(page.getByRole('table', { name: `Myyntilaskut ${finnish(TODAY)}–${finnish(TODAY)}` })).toBeVisible();
  await expectAccessible(page, 'myyntilaskuluettelo');

  const xlsx = await download(page, 'Lataa Excel (xlsx)');
  expect((await sheetRows(xlsx)).filter((r) => r.includes(`Raportti${RUN}`))).toHaveLength(2);
  await expectPdf(await download(page, 'Lataa PDF'));

  await page.getByTestId('period-year').selectOption(String(YEAR - 1));
  await page.getByTestId('period-apply').click();
  await expect(page.getByTestId('sales-empty')).toContainText('Valitse pidempi aikaväli');
  await expectAccessible(page, 'myyntilaskuluettelo, tyhjä');
});

test('accounts receivable: open on today, nothing before the invoices, downloads', async ({ page }) => {
  await loginAsAdmin(page, '/invoices/accounts_receivable');
  await expect(page.getByRole('heading', { level: 1, name: 'Myyntisaamiset' })).toBeVisible();
  const mine = page.getByTestId('receivables-row').filter({ hasText: `Raportti${RUN}` });
  await expect(mine).toHaveCount(2);
  await expect.poll(async () => plain(await mine.first().textContent())).toContain('30,00 €');
  await expect(page.getByTestId('receivables-total')).toContainText('Avoinna yhteensä');
  await expectAccessible(page, 'myyntisaamiset');

  const xlsx = await download(page, 'Lataa Excel (xlsx)');
  expect(xlsx.suggestedFilename()).toBe(`myyntisaamiset-${TODAY}.xlsx`);
  expect((await sheetRows(xlsx)).filter((r) => r.includes(`Raportti${RUN}`))).toHaveLength(2);
  await expectPdf(await download(page, 'Lataa PDF'));

  await page.getByTestId('receivables-date').fill(`31.12.${String(YEAR - 1)}`);
  await page.getByTestId('period-apply').click();
  await expect(page).toHaveURL(new RegExp(`to=${String(YEAR - 1)}-12-31`));
  await expect(page.getByTestId('receivables-empty')).toBeVisible();
  await page.getByTestId('receivables-date').fill('31.2.2026');
  await page.getByTestId('period-apply').click();
  await expect(page.getByTestId('receivables-date')).toBeFocused();
  await expectAccessible(page, 'myyntisaamiset, virheellinen päivä');
});

test('on a phone the report pages fit the screen (tables scroll sideways) and work from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdmin(page);
  for (const [path, heading] of [
    ['/invoices/report', 'Laskuraportti'],
    ['/invoices/sales_invoice_list', 'Myyntilaskuluettelo'],
    ['/invoices/accounts_receivable', 'Myyntisaamiset'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(`Raportti${RUN}`).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page, `${heading} puhelimella`);
  }
  // Keyboard only: a year from the picker and "Näytä" with Enter.
  await page.goto('/invoices/sales_invoice_list');
  await page.getByTestId('period-year').focus();
  // Today is a free period (the last choice); the choice above it is a year.
  await page.keyboard.press('ArrowUp');
  await page.getByTestId('period-apply').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/from=\d{4}-01-01&to=\d{4}-12-31/);
});
