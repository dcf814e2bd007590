import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { type ApiField, requiredCustomValues, signIn } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';
import { saveEclaim } from './helpers/settings';
import { loginAsAdmin, submitLogin } from './helpers/session';

// A member claims a receipt (a photo) and kilometres, sees the claim pending among their own,
// changes it while it is pending; with expense claims switched off the menu has no entry and
// the page says why; with the association's yearly limit reached the page says so instead of
// offering a new claim.

const RUN = Date.now().toString(36);
const PASSWORD = 'Kulukorvaus-Salasana-2026';
const RATE_SOURCE = 'Verohallinnon päätös verovapaista matkakustannusten korvauksista vuonna 2026';

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Päävalikko' });

test('jäsen hakee kulukorvausta kuitista ja kilometreistä ja muuttaa käsittelyssä olevaa hakemusta', async ({ page, request }) => {
  // A long journey (two claims, edits, the limit and switching off, axe on each page): 30 s was
  // too little beside the Vitest suites on two cores.
  test.setTimeout(90_000);
  const api = await signIn(request);
  const before = await saveEclaim(api, { eclaim_enabled: true, eclaim_km_help: `Kirjaa reitti ja matkan tarkoitus ${RUN}.`, eclaim_per_diem_help: 'Päiväraha vain yli 15 km:n matkoista.' });
  try {
    const fields = await api.get<ApiField[]>('fields/all?all_headings=1');
    const email = `kulukorvaus.${RUN}@example.fi`;
    await api.post('members/new', {
      ...Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value])),
      firstname: 'Kaisa',
      lastname: `Kulukorvaaja${RUN}`,
      email,
      newPassword_: PASSWORD,
      confirmNewPassword_: PASSWORD,
    });

    await page.goto('/@login');
    await submitLogin(page, email, PASSWORD);
    await expect(page).toHaveURL('/edit_me_s');
    await mainMenu(page).getByRole('link', { name: 'Kulukorvaukset' }).click();
    await expect(page).toHaveURL('/expenseclaim');
    await expect(page.getByRole('heading', { level: 1, name: 'Kulukorvaukset' })).toBeVisible();
    await expect(page.getByText('Sinulla ei ole vielä kulukorvaushakemuksia.')).toBeVisible();
    await expectAccessible(page, 'omat kulukorvaukset, tyhjä');

    await page.getByRole('link', { name: 'Uusi kulukorvaushakemus' }).click();
    await expect(page).toHaveURL('/expenseclaim/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Uusi kulukorvaushakemus' })).toBeVisible();
    await page.getByLabel('Hakemuksen kuvaus').fill(`Syyskokouksen järjestelyt ${RUN}`);
    const account = page.getByLabel('Tilinumero (IBAN)');
    await account.fill('fi2112345600000785');
    await expect(account).toHaveValue('FI21 1234 5600 0007 85');
    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'Omat kulukorvaukset' }).click();
    const unsaved = page.getByRole('dialog', { name: 'Tallentamattomia muutoksia' });
    await expect(unsaved).toBeVisible();
    await unsaved.getByRole('button', { name: 'Jää sivulle' }).click();
    await expect(page).toHaveURL('/expenseclaim/new');

    // A receipt with a photo, uploaded as soon as it is picked.
    await page.getByRole('button', { name: 'Lisää kuitti' }).click();
    const receipt = page.getByRole('group', { name: 'Kulu 1: Kuitti' });
    await expect(receipt.getByLabel('Päivämäärä')).toBeFocused();
    await receipt.getByLabel('Päivämäärä').fill('3.11.2026');
    await receipt.getByLabel('Summa (€)').fill('12,50');
    await receipt.getByLabel('Selite').fill('Kahvit ja pullat');
    // Something that is no image is refused under the field.
    await receipt.getByLabel('Kuitti (kuva tai PDF)').setInputFiles({ name: 'kuitti.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('ei kuva vaan tekstiä') });
    await expect(receipt.getByText('Tiedostoa ei voitu lukea. Liitä kuva (JPEG, PNG tai WebP) tai PDF.')).toBeVisible();
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } }).jpeg().toBuffer();
    await receipt.getByLabel('Kuitti (kuva tai PDF)').setInputFiles({ name: 'kuitti.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect(receipt.getByRole('img', { name: 'Kuitti, kulu 1' })).toBeVisible();
    await expect(receipt.getByText(/^Liitetty: /)).toBeVisible();
    await expect(receipt.getByText('Tiedostoa ei voitu lukea.', { exact: false })).toHaveCount(0);

    // Kilometres with a decimal comma; a typo first is caught under its field, which gets focus.
    await page.getByRole('button', { name: 'Lisää kilometrikorvaus' }).click();
    const trip = page.getByRole('group', { name: 'Kulu 2: Kilometrikorvaus' });
    await trip.getByLabel('Päivämäärä').fill('4.11.2026');
    await trip.getByLabel('Reitti tai paikka').fill('Helsinki–Tampere–Helsinki');
    await trip.getByLabel('Kulkuneuvo').fill('oma auto');
    await trip.getByLabel('Kilometrit').fill('123,4,5');
    await expect(trip.getByText(`Kirjaa reitti ja matkan tarkoitus ${RUN}.`)).toBeVisible();
    await page.getByRole('button', { name: 'Lähetä hakemus' }).click();
    await expect(trip.getByText('Tarkista kilometrit (esim. 123,4).')).toBeVisible();
    await expect(trip.getByLabel('Kilometrit')).toBeFocused();
    await expectAccessible(page, 'uusi kulukorvaushakemus, virhe kilometreissä');

    // The server's refusal of an item lands under that item's field too: no rates before 2022.
    await trip.getByLabel('Päivämäärä').fill('31.12.2021');
    await trip.getByLabel('Kilometrit').fill('123,4');
    await page.getByRole('button', { name: 'Lähetä hakemus' }).click();
    await expect(trip.getByText('Tälle vuodelle ei ole korvausperusteita.')).toBeVisible();
    await expect(trip.getByLabel('Päivämäärä')).toBeFocused();
    await trip.getByLabel('Päivämäärä').fill('4.11.2026');
    await expect(trip.getByText('Korvaus: 123,4 km × 0,55 € = 67,87 €')).toBeVisible();
    await expect(trip.getByText(`0,55 €/km (${RATE_SOURCE})`)).toBeVisible();
    await expect(page.getByTestId('eclaim-total')).toHaveText('Yhteensä: 80,37 €');

    await page.getByRole('button', { name: 'Lähetä hakemus' }).click();
    await expect(page).toHaveURL(/\/expenseclaim\/\d+$/);
    await expect(page.getByRole('status').filter({ hasText: 'Hakemus lähetetty' })).toBeVisible();
    await expect(page.getByTestId('eclaim-status')).toHaveText('Käsittelyssä');
    const claimUrl = page.url();
    await expectAccessible(page, 'lähetetty kulukorvaushakemus');

    // Pending among the member's own claims.
    await page.getByRole('link', { name: 'Omat kulukorvaukset' }).click();
    await expect(page).toHaveURL('/expenseclaim');
    const row = page.getByTestId('eclaim-mine').getByRole('row').filter({ hasText: `Syyskokouksen järjestelyt ${RUN}` });
    await expect(row).toContainText('Käsittelyssä');
    await expect(row).toContainText('80,37 €');
    await expect(row).toContainText('3.11.2026 – 4.11.2026');
    await expectAccessible(page, 'omat kulukorvaukset, yksi hakemus');

    // Changed while pending: the receipt's amount, and a per diem with its live allowance.
    await row.getByRole('link').click();
    await expect(page).toHaveURL(claimUrl);
    const saved = page.getByRole('group', { name: 'Kulu 1: Kuitti' });
    await expect(saved.getByLabel('Summa (€)')).toHaveValue('12,50');
    await expect(saved.getByRole('img', { name: 'Kuitti, kulu 1' })).toBeVisible();
    await saved.getByLabel('Summa (€)').fill('15');
    await page.getByRole('button', { name: 'Lisää päiväraha' }).click();
    const perDiem = page.getByRole('group', { name: 'Kulu 3: Päiväraha' });
    await perDiem.getByLabel('Lähtöpäivä').fill('5.11.2026');
    await perDiem.getByLabel('Lähtöaika').fill('8.30');
    await perDiem.getByLabel('Paluupäivä').fill('5.11.2026');
    await perDiem.getByLabel('Paluuaika').fill('14.00');
    await expect(perDiem.getByText('6 tuntia tai alle: ei päivärahaa')).toBeVisible();
    await perDiem.getByLabel('Paluupäivä').fill('6.11.2026');
    await perDiem.getByLabel('Paluuaika').fill('12.00');
    await expect(perDiem.getByText('1 kokopäiväraha, 1 osapäiväraha: 79,00 €')).toBeVisible();
    await expect(perDiem.getByText('Päiväraha vain yli 15 km:n matkoista.')).toBeVisible();
    await perDiem.getByLabel('Matkakohde').fill('Tampere');
    await expect(page.getByTestId('eclaim-total')).toHaveText('Yhteensä: 161,87 €');
    await expectAccessible(page, 'kulukorvaushakemuksen muokkaus');
    await page.getByRole('button', { name: 'Tallenna muutokset' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Muutokset tallennettu' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Kulu 1: Kuitti' }).getByLabel('Summa (€)')).toHaveValue('15');
    await page.getByRole('link', { name: 'Omat kulukorvaukset' }).click();
    await expect(page.getByTestId('eclaim-mine').getByRole('row').filter({ hasText: `Syyskokouksen järjestelyt ${RUN}` })).toContainText('161,87 €');

    // Once the treasurer has handled it, the claim is read-only: what became of it and why.
    const claimId = Number(/\/expenseclaim\/(\d+)$/.exec(claimUrl)?.[1]);
    await api.post('expenseclaim/update_status', { id: claimId, status: 'rejected', comment: `Päiväraha kuuluu matkalaskuun ${RUN}.` });
    await page.goto(claimUrl);
    await expect(page.getByTestId('eclaim-status')).toHaveText('Hylätty');
    await expect(page.getByText('Hakemusta on jo käsitelty, joten sitä ei voi enää muuttaa.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tallenna muutokset' })).toHaveCount(0);
    await expect(page.getByText(`Hylkäyksen syy: Päiväraha kuuluu matkalaskuun ${RUN}.`)).toBeVisible();
    const items = page.getByRole('table', { name: 'Kulut' });
    await expect(items.getByRole('row').filter({ hasText: 'Kilometrikorvaus' })).toContainText('Helsinki–Tampere–Helsinki, oma auto, 123,4 km × 0,55 €');
    await expect(items.getByRole('row').filter({ hasText: 'Päiväraha' })).toContainText('1 kokopäiväraha, 1 osapäiväraha');
    await expect(items.getByRole('img', { name: 'Kuitti, kulu 1' })).toBeVisible();
    await expect(items.getByRole('row').filter({ hasText: 'Yhteensä' })).toContainText('161,87 €');
    await expect(page.getByRole('region', { name: 'Kommentit ja tapahtumat' })).toContainText('Tila muuttui: Käsittelyssä → Hylätty');
    await expectAccessible(page, 'hylätty kulukorvaushakemus');
    await page.getByRole('link', { name: 'Omat kulukorvaukset' }).click();

    // The association's yearly limit reached: a notice instead of the button.
    await page.route('**/api/1/expenseclaim/mine', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), yearly_limit_reached: true } });
    });
    await page.reload();
    await expect(page.getByTestId('eclaim-limit-notice')).toHaveText(/kulukorvausraja tälle vuodelle on täynnä/);
    await expect(page.getByRole('link', { name: 'Uusi kulukorvaushakemus' })).toHaveCount(0);
    await expectAccessible(page, 'omat kulukorvaukset, vuoden raja täynnä');
    await page.unroute('**/api/1/expenseclaim/mine');

    // Switched off: no menu entry, and the page says why.
    await saveEclaim(api, { eclaim_enabled: false });
    await page.goto('/edit_me_s');
    await expect(page.getByRole('heading', { level: 1, name: 'Omat tiedot' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kulukorvaukset', exact: true })).toHaveCount(0);
    await page.goto('/expenseclaim');
    await expect(page.getByText('Kulukorvaukset eivät ole käytössä tässä yhdistyksessä.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Uusi kulukorvaushakemus' })).toHaveCount(0);
    await expectAccessible(page, 'kulukorvaukset pois käytöstä');
  } finally {
    await saveEclaim(api, before);
  }
});

test('kulukorvauslomake toimii puhelimella ja varoittaa vuoden verottomien rajojen ylityksestä', async ({ page, request }) => {
  const api = await signIn(request);
  const before = await saveEclaim(api, { eclaim_enabled: true });
  try {
    const fields = await api.get<ApiField[]>('fields/all?all_headings=1');
    const email = `kulupuhelin.${RUN}@example.fi`;
    await api.post('members/new', {
      ...Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value])),
      firstname: 'Pekka',
      lastname: `Puhelin${RUN}`,
      email,
      newPassword_: PASSWORD,
      confirmNewPassword_: PASSWORD,
    });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/@login');
    await submitLogin(page, email, PASSWORD);
    await expect(page).toHaveURL('/edit_me_s');
    await page.goto('/expenseclaim/new');
    // With the keyboard: the new item's first field gets focus.
    await page.getByRole('button', { name: 'Lisää kilometrikorvaus' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('group', { name: 'Kulu 1: Kilometrikorvaus' }).getByLabel('Päivämäärä')).toBeFocused();
    await page.getByRole('button', { name: 'Lisää päiväraha' }).click();
    await page.getByRole('button', { name: 'Lisää kuitti' }).click();
    // Nothing wider than the screen: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'uusi kulukorvaushakemus puhelimella');

    // Only the kilometres stay, and they go over a volunteer's tax-free 3 000 € of the year.
    await page.getByRole('button', { name: 'Poista kulu 3' }).click();
    await page.getByRole('button', { name: 'Poista kulu 2' }).click();
    await expect(page.getByRole('group', { name: /^Kulu \d/ })).toHaveCount(1);
    await page.getByLabel('Hakemuksen kuvaus').fill(`Kesäkiertue ${RUN}`);
    await page.getByLabel('Tilinumero (IBAN)').fill('FI2112345600000785');
    const trip = page.getByRole('group', { name: 'Kulu 1: Kilometrikorvaus' });
    await trip.getByLabel('Päivämäärä').fill('2.11.2026');
    await trip.getByLabel('Reitti tai paikka').fill('Kiertue ympäri Suomen');
    await trip.getByLabel('Kilometrit').fill('5500');
    await expect(page.getByTestId('eclaim-total')).toHaveText('Yhteensä: 3 025,00 €');
    await page.getByRole('button', { name: 'Lähetä hakemus' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Hakemus lähetetty' })).toBeVisible();
    await expect(page.getByTestId('eclaim-volunteer-warning')).toHaveText(
      'Vuoden verottomat rajat ylittyvät: kilometrikorvauksia 3 025,00 € vuonna 2026 (raja 3 000,00 €). Ylittävä osa on veronalaista tuloa (Tuloverolaki 71 § 4 mom.).',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'lähetetty hakemus puhelimella, verottomat rajat ylittyvät');
    await page.getByRole('link', { name: 'Omat kulukorvaukset' }).click();
    await expect(page.getByTestId('eclaim-mine').getByRole('link', { name: `Kesäkiertue ${RUN}` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'omat kulukorvaukset puhelimella');
  } finally {
    await saveEclaim(api, before);
  }
});

test('pääkäyttäjä hakee omaa kulukorvaustaan ja voi muuttaa sitä, kun se on käsittelyssä', async ({ page, request }) => {
  const api = await signIn(request);
  const before = await saveEclaim(api, { eclaim_enabled: true });
  try {
    await loginAsAdmin(page, '/expenseclaim/new');
    await page.getByLabel('Hakemuksen kuvaus').fill(`Pääkäyttäjän matka ${RUN}`);
    await page.getByLabel('Tilinumero (IBAN)').fill('FI2112345600000785');
    await page.getByRole('button', { name: 'Lisää kilometrikorvaus' }).click();
    const trip = page.getByRole('group', { name: 'Kulu 1: Kilometrikorvaus' });
    await trip.getByLabel('Päivämäärä').fill('1.11.2026');
    await trip.getByLabel('Reitti tai paikka').fill('Espoo–Vantaa');
    await trip.getByLabel('Kilometrit').fill('40');
    await expect(trip.getByText('Korvaus: 40 km × 0,55 € = 22,00 €')).toBeVisible();
    await page.getByRole('button', { name: 'Lähetä hakemus' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Hakemus lähetetty' })).toBeVisible();
    // Their own pending claim opens in the form, also after a reload.
    await page.reload();
    await expect(page.getByRole('group', { name: 'Kulu 1: Kilometrikorvaus' }).getByLabel('Kilometrit')).toHaveValue('40');
    await expect(page.getByRole('button', { name: 'Tallenna muutokset' })).toBeVisible();
    await expectAccessible(page, 'pääkäyttäjän oma hakemus');
  } finally {
    await saveEclaim(api, before);
  }
});

