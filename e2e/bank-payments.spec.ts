import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { camt054 } from '../src/server/test/factories/bank-statements';
import { expectAccessible } from './helpers/axe';
import { signIn, type SignedInApi } from './helpers/adminApi';
import { loginAsAdmin } from './helpers/session';
import { saveOrganisation } from './helpers/settings';

// Bank payments end to end (issue 16 acceptance): invoices sent to four members (one member
// gets two), a camt.054 statement built from their references — one exact payment, one with
// a typo in the reference, one combined payment for the member's two invoices, one unknown —
// uploaded in the browser; the dry run, the suggestion accepted, the statement applied, the
// statuses on the invoice pages (paid, combosettled), the same file again (nothing added);
// in the review list a name-and-amount suggestion accepted with one click, the unknown payment
// assigned, a donation dismissed with a comment; then the import undone and every status back
// to open. Every page state is checked with axe, and the page fits a phone.

const RUN = Date.now().toString(36);
const PHONE = { width: 390, height: 844 };
const ACCOUNT = 'FI21 1234 5600 0007 85';
const LASTNAME = `Pankki${RUN}`;
const helsinki = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' });
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const notification = (page: Page, text: string | RegExp): Locator => page.getByRole('alert').filter({ hasText: text }).last();

interface Instance {
  id: number;
  person_id: number | null;
  name: string;
  reference: string;
  invoice_number: number;
  status_c: string;
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

/** Sends a one-row email invoice to `ids` and waits until every instance has gone out (open). */
async function sendInvoice(api: SignedInApi, subject: string, amount: string, ids: number[]): Promise<{ id: number; instances: Instance[] }> {
  const saved = await api.post<{ id: number }>('invoices/save', {
    msg_media: 'email',
    subject,
    description: '<p>Maksu.</p>',
    invoice_rows_: [{ title: subject, amount_with_vat: amount, vat_percent: 0 }],
    date_due: helsinki.format(new Date(Date.now() + 14 * 86_400_000)),
    addrecips: ids,
    send: true,
    confirmed: true,
  });
  let instances: Instance[] = [];
  await expect
    .poll(
      async () => {
        instances = (await api.get<{ instances: Instance[] }>(`invoices/${String(saved.id)}`)).instances;
        return instances.map((i) => i.status_c);
      },
      { timeout: 30_000 },
    )
    .toEqual(ids.map(() => 'pending'));
  return { id: saved.id, instances };
}

/** A Finnish reference with its check digit changed: fails the check, one digit from the right one. */
function typo(reference: string): string {
  const last = Number(reference.at(-1));
  return `${reference.slice(0, -1)}${String((last + 3) % 10)}`;
}

/** The status badge of `name`'s row on an invoice page. */
async function expectStatus(page: Page, invoiceId: number, rows: [name: string, status: string][]): Promise<void> {
  await page.goto(`/invoices/${String(invoiceId)}`);
  for (const [name, status] of rows) {
    await expect(page.getByTestId('instance-row').filter({ hasText: name }).getByTestId('instance-status')).toHaveText(status);
  }
}

test('pankkimaksut: tiliote, ehdotuksen hyväksyntä, kirjaus, yhdistetty maksu, kohdistus ja kumoaminen', async ({ page, request }) => {
  const api = await signIn(request);
  const s = await api.get<Record<string, unknown>>('settings');
  await saveOrganisation(api, {
    reply_to_email: s.reply_to_email || 'hallitus@demoyhdistys.fi',
    business_id: s.business_id || '0112038-9',
    bank_account: ACCOUNT,
    // National references: the typo below changes a national reference's check digit.
    invoice_rf_reference: false,
  });
  const people = ['Aada', 'Bertta', 'Cecilia', 'Daniel', 'Eero'];
  const ids: Record<string, number> = {};
  for (const first of people) {
    const m = await api.post<{ id: number }>('members/new', { firstname: first, lastname: LASTNAME, email: `${first.toLowerCase()}.${RUN}@example.fi`, bypass_required_fields: true });
    ids[first] = m.id;
  }
  const name = (first: string) => `${first} ${LASTNAME}`;
  const fee = await sendInvoice(api, `Jäsenmaksu ${RUN}`, '30,00', [ids.Aada!, ids.Cecilia!, ids.Daniel!, ids.Eero!]);
  // Bertta's course fee has an amount of its own, so the typo points at exactly one open invoice.
  const course = await sendInvoice(api, `Kurssimaksu ${RUN}`, '27,40', [ids.Bertta!]);
  const magazine = await sendInvoice(api, `Lehtitilaus ${RUN}`, '12,50', [ids.Cecilia!]);
  const inst = (list: Instance[], first: string) => list.find((i) => i.person_id === ids[first])!;
  const aada = inst(fee.instances, 'Aada');
  const bertta = inst(course.instances, 'Bertta');
  const ceciliaFee = inst(fee.instances, 'Cecilia');
  const ceciliaMagazine = inst(magazine.instances, 'Cecilia');
  const daniel = inst(fee.instances, 'Daniel');
  const eero = inst(fee.instances, 'Eero');

  const statement = camt054({
    account: ACCOUNT,
    payments: [
      { amount_c: 3000, reference: aada.reference, payer_name: name('Aada').toUpperCase() },
      { amount_c: 2740, reference: typo(bertta.reference), payer_name: name('Bertta') },
      { amount_c: 4250, message: `Viitteet ${ceciliaFee.reference} ja ${ceciliaMagazine.reference}`, payer_name: name('Cecilia') },
      { amount_c: 3000, message: 'Jäsenmaksu', payer_name: 'Tuntematon Maksaja' },
      // No reference, but Eero's name and open amount: a suggestion left for the review list.
      { amount_c: 3000, message: 'jäsenmaksu', payer_name: name('Eero') },
      { amount_c: 5000, message: 'Lahjoitus kerholle', payer_name: 'Lahjoittaja Anonyymi' },
    ],
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'seura-bank-')), `viitemaksut-${RUN}.xml`);
  fs.writeFileSync(file, statement);

  // From the invoices to the payments page.
  await loginAsAdmin(page, '/invoices');
  await page.getByRole('link', { name: 'Pankkimaksut' }).click();
  await expect(page).toHaveURL(/\/invoices\/payments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pankkimaksut' })).toBeVisible();
  await expect(page).toHaveTitle(/^Pankkimaksut – /);
  await expectAccessible(page, 'pankkimaksut');

  // No file chosen: the error is under the input, which takes focus.
  const fileInput = page.getByLabel('Tiliotetiedosto');
  await page.getByRole('button', { name: 'Tarkista tiedosto' }).click();
  await expect(page.getByTestId('bank-file-error')).toHaveText('Valitse tiliotetiedosto.');
  await expect(fileInput).toBeFocused();

  // A file that is no statement: the server's reason under the input, which takes focus.
  await fileInput.setInputFiles({ name: 'muistio.txt', mimeType: 'text/plain', buffer: Buffer.from('Kokouksen muistio\n') });
  await page.getByRole('button', { name: 'Tarkista tiedosto' }).click();
  await expect(page.getByTestId('bank-file-error')).toHaveText(/^Tiedostoa ei tunnistettu tiliotteeksi\./);
  await expect(fileInput).toBeFocused();
  await expect(fileInput).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'pankkimaksut, virheellinen tiedosto');

  // The dry run.
  await fileInput.setInputFiles(file);
  await page.getByRole('button', { name: 'Tarkista tiedosto' }).click();
  const dry = page.getByTestId('bank-dry-run');
  await expect(dry.getByRole('heading', { name: `Tiliote viitemaksut-${RUN}.xml: tarkistus ennen kirjausta` })).toBeFocused();
  const summary = plain(await page.getByTestId('bank-summary').textContent());
  expect(summary).toContain('camt.054');
  expect(summary).toContain('Maksuja6');
  expect(summary).toContain('209,90 €');
  await expect(page.getByTestId('bank-duplicates')).toContainText('0');
  // The association's account is not on the bank mandate: a warning with the way there.
  await expect(page.getByTestId('bank-outside-mandate')).toContainText('FI21 1234 5600 0007 85');
  await expect(page.getByTestId('bank-outside-mandate').getByRole('link', { name: 'Pankkivaltuutus' })).toHaveAttribute('href', '/config/mandate');

  const matched = page.getByTestId('bank-matched-row');
  await expect(matched).toHaveCount(2);
  await expect(matched.filter({ hasText: `Lasku ${String(aada.invoice_number)}` })).toContainText('30,00');
  const combined = matched.filter({ hasText: `Lasku ${String(ceciliaMagazine.invoice_number)}` });
  await expect(combined).toContainText(`Lasku ${String(ceciliaFee.invoice_number)}`);
  await expect(combined.getByTestId('combined-badge')).toHaveCount(2);
  await expect(combined.getByTestId('combined-badge').first()).toHaveText('yhdistetty');
  await expect(page.getByTestId('bank-suggested-row')).toHaveCount(2);
  await expect(page.getByTestId('bank-suggested-row').filter({ hasText: name('Eero') })).toContainText('nimi ja summa täsmäävät');
  const suggested = page.getByTestId('bank-suggested-row').filter({ hasText: name('Bertta') });
  await expect(suggested).toContainText('viitteessä kirjoitusvirhe');
  await expect(suggested).toContainText(`Lasku ${String(bertta.invoice_number)} · ${name('Bertta')}`);
  const accept = suggested.getByRole('checkbox', { name: /^Hyväksy/ });
  await expect(accept).not.toBeChecked();
  await expect(page.getByTestId('bank-unmatched-row')).toHaveCount(2);
  await expect(page.getByTestId('bank-unmatched-row').filter({ hasText: 'Tuntematon Maksaja' })).toContainText('30,00');
  await expectAccessible(page, 'pankkimaksut, tarkistus');
  await page.setViewportSize(PHONE);
  await noSideways(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Accept the suggestion by keyboard and apply.
  await accept.focus();
  await page.keyboard.press('Space');
  await expect(accept).toBeChecked();
  await page.getByRole('button', { name: 'Kirjaa maksut' }).click();
  await expect(notification(page, /^Kirjattu \d+ maksua?\.$/)).toBeVisible();
  await expect(dry).toBeHidden();
  const applied = page.getByTestId('bank-statement-row').filter({ hasText: `viitemaksut-${RUN}.xml` });
  await expect(applied).toHaveCount(1);
  // Checking the same file again lists a second (unapplied) statement of that name.
  const imported = page.locator(`[data-statement-id="${String(await applied.getAttribute('data-statement-id'))}"]`);
  await expect(imported).toContainText('lataus');
  await expect(imported.getByTestId('bank-statement-status')).toHaveText('kirjattu');
  const waiting = page.getByTestId('bank-review-row').filter({ hasText: 'Tuntematon Maksaja' });
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText('Ei ehdotusta');
  await expect(page.getByTestId('bank-review-row').filter({ hasText: name('Eero') })).toContainText('nimi ja summa täsmäävät');
  await expectAccessible(page, 'pankkimaksut, kirjattu');
  await page.setViewportSize(PHONE);
  await noSideways(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The same file again adds nothing: every payment is a duplicate.
  await fileInput.setInputFiles(file);
  await page.getByRole('button', { name: 'Tarkista tiedosto' }).click();
  await expect(page.getByTestId('bank-duplicates')).toContainText('6');
  await expect(page.getByTestId('bank-matched-row')).toHaveCount(0);
  await page.getByRole('button', { name: 'Peruuta' }).click();
  await expect(dry).toBeHidden();
  await expect(fileInput).toBeFocused();
  await expect(page.getByTestId('bank-statement-row').filter({ hasText: `viitemaksut-${RUN}.xml` }).getByTestId('bank-statement-status')).toHaveText(['tarkistettu, ei kirjattu', 'kirjattu']);

  // The bank mandate page tells when the last statement came.
  await page.goto('/config/mandate');
  await expect(page.getByTestId('mandate-last')).toHaveText(/^Viimeisin tiliote: \d{1,2}\.\d{1,2}\.\d{4} klo \d{1,2}\.\d{2}$/);

  // The statuses on the invoice pages.
  await expectStatus(page, fee.id, [
    [name('Aada'), 'maksettu'],
    [name('Cecilia'), 'yhdistetysti maksettu'],
    [name('Daniel'), 'avoin'],
    [name('Eero'), 'avoin'],
  ]);
  await expectAccessible(page, 'lasku, pankkimaksut kirjattu');
  await expectStatus(page, course.id, [[name('Bertta'), 'maksettu']]);
  await expectStatus(page, magazine.id, [[name('Cecilia'), 'yhdistetysti maksettu']]);

  // The unknown payment is Daniel's: found by his name and assigned.
  await page.goto('/invoices/payments');
  await waiting.getByRole('button', { name: /^Kohdista…/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Kohdista maksu laskulle' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Hae laskua' }).fill(LASTNAME);
  const hit = dialog.getByRole('radio', { name: new RegExp(`^Lasku ${String(daniel.invoice_number)} · `) });
  await expect(hit).toBeVisible();
  await expectAccessible(page, 'pankkimaksut, kohdistus');
  await hit.check();
  await dialog.getByRole('button', { name: 'Kohdista', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(notification(page, `Maksu kirjattu laskulle ${String(daniel.invoice_number)}.`)).toBeVisible();
  await expect(page.getByTestId('bank-review-row').filter({ hasText: 'Tuntematon Maksaja' })).toHaveCount(0);

  // Eero's suggestion accepted with one click; the donation dismissed, which needs a comment.
  await page.goto('/invoices/payments');
  await page.getByRole('button', { name: `Hyväksy ehdotus: ${name('Eero')}, 30,00 €` }).click();
  await expect(notification(page, `Maksu kirjattu laskulle ${String(eero.invoice_number)}.`)).toBeVisible();
  await expect(page.getByTestId('bank-review-row').filter({ hasText: name('Eero') })).toHaveCount(0);
  const donation = page.getByTestId('bank-review-row').filter({ hasText: 'Lahjoittaja Anonyymi' });
  await donation.getByRole('button', { name: /^Ohita…/ }).click();
  const dismiss = page.getByRole('dialog', { name: 'Ohita maksu' });
  const comment = dismiss.getByRole('textbox', { name: 'Kommentti' });
  await expect(comment).toBeFocused();
  await dismiss.getByRole('button', { name: 'Ohita maksu' }).click();
  await expect(dismiss.getByText('Tämä kenttä ei voi olla tyhjä.')).toBeVisible();
  await expect(comment).toBeFocused();
  await expectAccessible(page, 'pankkimaksut, ohitus');
  await comment.fill('Lahjoitus, ei laskua.');
  await dismiss.getByRole('button', { name: 'Ohita maksu' }).click();
  await expect(dismiss).toBeHidden();
  await expect(notification(page, 'Maksu ohitettu.')).toBeVisible();
  await expect(page.getByTestId('bank-review-empty')).toBeVisible();
  await expectStatus(page, fee.id, [
    [name('Daniel'), 'maksettu'],
    [name('Eero'), 'maksettu'],
  ]);

  // Undo the import: what it booked goes, the later assignment too.
  await page.goto('/invoices/payments');
  await imported.getByRole('button', { name: `Kumoa tiliote viitemaksut-${RUN}.xml` }).click();
  const undo = page.getByRole('dialog', { name: 'Kumotaanko tiliotteen kirjaus?' });
  await expect(undo.getByRole('button', { name: 'Peruuta' })).toBeFocused();
  await expectAccessible(page, 'pankkimaksut, kumoamisen vahvistus');
  await undo.getByRole('button', { name: 'Kumoa kirjaus' }).click();
  await expect(undo).toBeHidden();
  await expect(notification(page, /^Kirjaus kumottu/)).toBeVisible();
  await expect(imported.getByTestId('bank-statement-status')).toHaveText('kumottu');
  await expect(imported.getByRole('button', { name: /^Kumoa/ })).toHaveCount(0);
  await expectAccessible(page, 'pankkimaksut, kumottu');

  await expectStatus(page, fee.id, [
    [name('Aada'), 'avoin'],
    [name('Cecilia'), 'avoin'],
    [name('Daniel'), 'avoin'],
    [name('Eero'), 'avoin'],
  ]);
  await expectStatus(page, course.id, [[name('Bertta'), 'avoin']]);
  await expectStatus(page, magazine.id, [[name('Cecilia'), 'avoin']]);
});
