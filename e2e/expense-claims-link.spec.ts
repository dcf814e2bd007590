import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { type ApiField, requiredCustomValues, signIn } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';
import { saveEclaim } from './helpers/settings';
import { editLinkFromOutbox } from './helpers/outbox';

// A member without a password claims expenses by their personal link: they order the link,
// open it from the mail, follow "Kulukorvaukset", send a claim of kilometres and a receipt
// photo (its thumbnail is fetched with the link's header, not from a URL carrying the token)
// and see it pending among their own claims. A dead link goes to ordering a new one.

const RUN = Date.now().toString(36);

test('kulukorvaus henkilökohtaisella linkillä ilman salasanaa', async ({ page, request }) => {
  const api = await signIn(request);
  const before = await saveEclaim(api, { eclaim_enabled: true, eclaim_km_help: `Kirjaa reitti ${RUN}.` });
  try {
    const fields = await api.get<ApiField[]>('fields/all?all_headings=1');
    const email = `linkkikorvaus.${RUN}@example.fi`;
    await api.post('members/new', {
      ...Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value])),
      firstname: 'Leena',
      lastname: `Linkkikorvaaja${RUN}`,
      email,
    });

    await page.goto('/updreqs/get_edit_links');
    await page.getByRole('textbox', { name: 'Sähköposti' }).fill(email);
    await page.getByRole('button', { name: 'Lähetä linkki' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Jos osoite on yhdistyksen jäsenrekisterissä' })).toBeVisible();
    const linkPath = await editLinkFromOutbox(email);

    await page.goto(linkPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Omat tiedot' })).toBeVisible();
    await expectAccessible(page, 'omat tiedot linkillä, kulukorvaukset tarjolla');
    await page.getByRole('link', { name: 'Kulukorvaukset' }).click();
    await expect(page).toHaveURL(`${linkPath}/expenseclaim`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kulukorvaukset' })).toBeVisible();
    await expect(page.getByText('Sinulla ei ole vielä kulukorvaushakemuksia.')).toBeVisible();
    await expectAccessible(page, 'omat kulukorvaukset linkillä');

    await page.getByRole('link', { name: 'Uusi kulukorvaushakemus' }).click();
    await expect(page).toHaveURL(`${linkPath}/expenseclaim/new`);
    await expect(page.getByRole('heading', { level: 1, name: 'Uusi kulukorvaushakemus' })).toBeVisible();
    await page.getByLabel('Hakemuksen kuvaus').fill(`Talkooajot ${RUN}`);
    await page.getByLabel('Tilinumero (IBAN)').fill('FI2112345600000785');

    await page.getByRole('button', { name: 'Lisää kilometrikorvaus' }).click();
    const trip = page.getByRole('group', { name: 'Kulu 1: Kilometrikorvaus' });
    await trip.getByLabel('Päivämäärä').fill('4.11.2026');
    await trip.getByLabel('Reitti tai paikka').fill('Oulu–Kemi–Oulu');
    await trip.getByLabel('Kulkuneuvo').fill('oma auto');
    await trip.getByLabel('Kilometrit').fill('100');
    await expect(trip.getByText(`Kirjaa reitti ${RUN}.`)).toBeVisible();
    await expect(trip.getByText('Korvaus: 100 km × 0,55 € = 55,00 €')).toBeVisible();

    await page.getByRole('button', { name: 'Lisää kuitti' }).click();
    const receipt = page.getByRole('group', { name: 'Kulu 2: Kuitti' });
    await receipt.getByLabel('Päivämäärä').fill('4.11.2026');
    await receipt.getByLabel('Summa (€)').fill('8,40');
    await receipt.getByLabel('Selite').fill('Pysäköinti');
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e86c1' } }).jpeg().toBuffer();
    await receipt.getByLabel('Kuitti (kuva tai PDF)').setInputFiles({ name: 'kuitti.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    const thumb = receipt.getByRole('img', { name: 'Kuitti, kulu 2' });
    await expect(thumb).toBeVisible();
    // The picture really loaded (through the link's header), from a blob: URL without the token.
    await expect.poll(() => thumb.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    expect(await thumb.getAttribute('src')).toMatch(/^blob:/);
    await expectAccessible(page, 'uusi kulukorvaushakemus linkillä');

    await page.getByRole('button', { name: 'Lähetä hakemus' }).click();
    await expect(page).toHaveURL(new RegExp(`${linkPath}/expenseclaim/\\d+$`));
    await expect(page.getByRole('status').filter({ hasText: 'Hakemus lähetetty' })).toBeVisible();
    await expect(page.getByTestId('eclaim-status')).toHaveText('Käsittelyssä');
    await expect(page.getByRole('group', { name: 'Kulu 2: Kuitti' }).getByRole('img', { name: 'Kuitti, kulu 2' })).toBeVisible();
    await expectAccessible(page, 'lähetetty kulukorvaushakemus linkillä');

    await page.getByRole('link', { name: 'Omat kulukorvaukset' }).click();
    await expect(page).toHaveURL(`${linkPath}/expenseclaim`);
    const row = page.getByTestId('eclaim-mine').getByRole('row').filter({ hasText: `Talkooajot ${RUN}` });
    await expect(row).toContainText('Käsittelyssä');
    await expect(row).toContainText('63,40 €');
    await expectAccessible(page, 'omat kulukorvaukset linkillä, yksi hakemus');

    // A link that does not work goes to ordering a new one, as on the own form.
    await page.goto(`/edit_me_h/${'x'.repeat(43)}/expenseclaim`);
    await expect(page).toHaveURL('/updreqs/get_edit_links');
    await expect(page.getByRole('alert')).toBeVisible();
  } finally {
    await saveEclaim(api, before);
  }
});
