import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { saveEclaim } from './helpers/settings';
import sharp from 'sharp';
import { expectAccessible } from './helpers/axe';
import { type ApiField, requiredCustomValues, signIn } from './helpers/adminApi';
import { loginAsAdmin } from './helpers/session';

// The treasurer's side of expense claims. A member (signed in through the API) claims a
// receipt with a photo and kilometres; the treasurer finds the claimant, rejects the receipt
// claim (an empty reason is refused first), accepts the km claim, pays it in one batch, finds
// it in the archive and downloads the batch printout, whose text names the claimant and total.

const RUN = Date.now().toString(36);
const IBAN = 'FI21 1234 5600 0007 85';

test('rahastonhoitaja hylkää ja hyväksyy kulukorvaukset, maksaa ja tulostaa maksuerän', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const admin = await signIn(request);
  await saveEclaim(admin, { eclaim_enabled: true });
  const fields = await admin.get<ApiField[]>('fields/all?all_headings=1');
  const email = `kulut.${RUN}@example.fi`;
  const password = 'Kulu-Salasana-2026';
  const lastname = `Kuluttaja${RUN}`;
  await admin.post('members/new', {
    ...Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value])),
    firstname: 'Kaisa',
    lastname,
    email,
    newPassword_: password,
    confirmNewPassword_: password,
  });

  // The member's own claims, made through the API as the member's form would.
  const memberRequest = await playwrightRequest.newContext({ baseURL: baseURL! });
  const member = await signIn(memberRequest, { email, password });
  const csrf = (await memberRequest.storageState()).cookies.find((c) => c.name === 'csrftoken')!.value;
  const photo = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#e8e2d0' } }).jpeg().toBuffer();
  const upload = await memberRequest.post('/api/1/expenseclaim/upload', { multipart: { file: { name: 'kuitti.jpg', mimeType: 'image/jpeg', buffer: photo } }, headers: { 'x-csrftoken': csrf } });
  expect(upload.ok(), await upload.text()).toBe(true);
  const receiptId = ((await upload.json()) as { id: number }).id;
  await member.post('expenseclaim/save', {
    description: `Kahvit ${RUN}`,
    account_number: IBAN,
    items: [{ type: 'receipt', date: '2026-10-01', amount: '12,50', description: 'Kahvit talkoisiin', receipt_id: receiptId }],
  });
  await member.post('expenseclaim/save', {
    description: `Ajot ${RUN}`,
    account_number: IBAN,
    items: [{ type: 'km', date: '2026-10-02', location: 'Helsinki–Tampere', vehicle: 'Oma auto', km: '100', description: '' }],
  });
  await memberRequest.dispose();

  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Kulukorvaukset', exact: true }).first().click();
  await expect(page).toHaveURL('/expenseclaim');
  await expect(page.getByRole('heading', { level: 1, name: 'Kulukorvaukset' })).toBeVisible();
  const row = page.getByTestId('eclaim-claimant-row').filter({ hasText: lastname });
  await expect(row.getByTestId('eclaim-claimant-pending')).toHaveText('2 kpl · 67,50 €');
  await expectAccessible(page, 'kulukorvaukset, hakijat');
  await row.getByRole('link', { name: `Kaisa ${lastname}` }).click();
  await expect(page).toHaveURL(/\/expenseclaim\/view\/\d+\/FI2112345600000785$/);
  await expect(page.getByText('Tili FI21 1234 5600 0007 85')).toBeVisible();
  await expectAccessible(page, 'kulukorvaukset, hakijan hakemukset');

  // Reject the receipt claim: without a reason the server's message is under the field.
  await page.getByRole('link', { name: `Kahvit ${RUN}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Kulukorvaushakemus \d+/ })).toBeVisible();
  await expect(page.getByTestId('eclaim-item')).toContainText('Kahvit talkoisiin');
  await expect(page.getByRole('link', { name: 'Avaa kuitti: Kahvit talkoisiin' })).toBeVisible();
  // The thumbnail is the stored (re-encoded) photo, served to the treasurer.
  const thumb = page.getByRole('img', { name: 'Avaa kuitti: Kahvit talkoisiin' });
  await expect.poll(() => thumb.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(page, 'kulukorvaushakemus, kuitti');
  await page.getByRole('button', { name: 'Hylkää' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hylkää hakemus' });
  await dialog.getByRole('button', { name: 'Hylkää' }).click();
  await expect(dialog.getByText('Kirjoita hylkäyksen syy.')).toBeVisible();
  await expect(dialog.getByLabel('Hylkäyksen syy')).toBeFocused();
  await expectAccessible(page, 'hylkäys ilman syytä');
  await dialog.getByLabel('Hylkäyksen syy').fill('Kuitista ei näe ostopaikkaa.');
  await dialog.getByRole('button', { name: 'Hylkää' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('eclaim-status')).toHaveText('Hylätty');
  await expect(page.getByTestId('eclaim-events')).toContainText('Kuitista ei näe ostopaikkaa.');
  await expect(page.getByTestId('eclaim-events')).toContainText('Tila: Odottaa käsittelyä → Hylätty');
  await expect(page.getByRole('button', { name: 'Palauta käsittelyyn' })).toBeVisible();
  // A comment: an empty one is refused under the field, a written one joins the history.
  await page.getByRole('button', { name: 'Tallenna kommentti' }).click();
  await expect(page.getByLabel('Lisää kommentti')).toBeFocused();
  await expect(page.getByText('Tämä kenttä ei voi olla tyhjä.')).toBeVisible();
  await page.getByLabel('Lisää kommentti').fill('Voit lähettää uuden kuitin uutena hakemuksena.');
  await page.getByRole('button', { name: 'Tallenna kommentti' }).click();
  await expect(page.getByTestId('eclaim-event').last()).toContainText('Voit lähettää uuden kuitin uutena hakemuksena.');
  await expect(page.getByTestId('eclaim-event').last()).toContainText('Kommentti');

  // Accept the km claim.
  await page.getByRole('link', { name: `Kaisa ${lastname}` }).click();
  await page.getByRole('link', { name: `Ajot ${RUN}` }).click();
  await expect(page.getByTestId('eclaim-item')).toContainText('100 km × 0,55 €/km');
  await page.getByRole('button', { name: 'Hyväksy' }).click();
  await expect(page.getByTestId('eclaim-status')).toHaveText('Hyväksytty, odottaa maksua');
  await expectAccessible(page, 'kulukorvaushakemus, hyväksytty');

  // Pay it: the confirmation tells how many and how much; then the batch printout.
  await page.getByRole('link', { name: `Kaisa ${lastname}` }).click();
  await expect(page.getByTestId('eclaim-total-accepted')).toHaveText('Yhteensä 55,00 €');
  await page.getByRole('button', { name: 'Merkitse maksetuksi' }).click();
  const confirm = page.getByRole('dialog', { name: 'Merkitäänkö maksetuksi?' });
  await expect(confirm).toContainText('1 hyväksytty hakemus, yhteensä 55,00 €');
  await expectAccessible(page, 'maksun vahvistus');
  await confirm.getByRole('button', { name: 'Merkitse maksetuksi' }).click();
  await expect(page.getByTestId('eclaim-paid-done')).toBeVisible();
  await expect(page.getByTestId('eclaim-batch-printout')).toBeVisible();
  await expect(page.getByTestId('eclaim-view-accepted')).toHaveCount(0);

  // The archive lists it with its batch date and printout.
  await page.getByRole('link', { name: 'Takaisin kulukorvauksiin' }).click();
  await page.getByRole('link', { name: 'Arkisto' }).click();
  await expect(page).toHaveURL('/expenseclaim/archive');
  const archived = page.getByTestId('eclaim-archive-row').filter({ hasText: `Ajot ${RUN}` });
  await expect(archived).toContainText('55,00 €');
  await expectAccessible(page, 'kulukorvaukset, arkisto');
  const href = await archived.getByTestId('eclaim-archive-printout').getAttribute('href');
  expect(href).toMatch(/^\/claim_download_pdf\/\d+\/FI2112345600000785\/paid\/\d{14}$/);
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const body = await pdf.body();
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'eclaim-')), 'tuloste.pdf');
  fs.writeFileSync(file, body);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(`Kaisa ${lastname}`);
  expect(text).toMatch(/Yhteensä maksettavaa\s+55,00\s€/);
  expect(text).not.toContain('Kahvit talkoisiin');
});
