import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { signIn } from './helpers/adminApi';
import { saveOrganisation } from './helpers/settings';
import { loginAsAdmin, submitLogin } from './helpers/session';

// Fields, groups and settings in the browser: one field of each type, reordered with the keyboard
// and by dragging, the order kept after a reload and used by the member form; a
// member saved past an empty required field; a group created, renamed and deleted;
// the bank account refused with a Finnish error under the field, then saved grouped.
// The tests build on each other (the member form needs the fields), so they run in order.

test.describe.configure({ mode: 'serial', timeout: 90_000 });

/** The ten field types, created in this order; names follow the labels ("E2E Teksti" → e2e_teksti). */
const NEW_FIELDS = [
  { label: 'E2E Teksti', type: 'Teksti', required: true },
  { label: 'E2E Lisätiedot', type: 'Monirivinen teksti' },
  { label: 'E2E Syntymävuosi', type: 'Kokonaisluku' },
  { label: 'E2E Jäsenmaksu', type: 'Desimaaliluku' },
  { label: 'E2E Liittymispäivä', type: 'Päivämäärä' },
  { label: 'E2E Lehti', type: 'Valintaruutu' },
  { label: 'E2E Jäsenlaji', type: 'Pudotusvalikko', options: ['Varsinainen', 'Kannatusjäsen'] },
  { label: 'E2E Työsähköposti', type: 'Sähköpostiosoite' },
  { label: 'E2E Tunnuskoodi', type: 'Salasana' },
  { label: 'E2E Väliotsikko', type: 'Väliotsikko' },
] as const;

/** A success notification; earlier ones may still be fading out, so the newest is checked. */
async function expectNotification(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('alert').filter({ hasText: text }).last()).toBeVisible();
}

const fieldRows = (page: Page): Locator => page.getByTestId('fields-table').locator('tbody tr');

/** Labels of the E2E fields in the list's order. */
async function listedE2eLabels(page: Page): Promise<string[]> {
  const labels = await fieldRows(page).locator('td:nth-child(2) a').allInnerTexts();
  return labels.map((l) => l.trim()).filter((l) => l.startsWith('E2E '));
}

/** Counts answered reorder calls, so a reload only happens once every move is saved. */
function countReorders(page: Page): () => number {
  let answered = 0;
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && response.url().endsWith('/api/1/fields/reorder')) answered += 1;
  });
  return () => answered;
}

test('kentät: jokainen tyyppi, järjestys näppäimistöllä ja vetämällä, järjestys jäsenlomakkeella', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page);

  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Kentät' }).click();
  await expect(page).toHaveURL('/config/fields');
  await expect(page.getByRole('heading', { level: 1, name: 'Kentät' })).toBeFocused();
  await expect(page).toHaveTitle(/^Kentät – /);
  await expect(fieldRows(page).filter({ hasText: 'Etunimi' })).toContainText('Vakiokenttä');
  await expectAccessible(page, 'kenttälista');

  for (const [index, field] of NEW_FIELDS.entries()) {
    await page.getByRole('link', { name: 'Lisää kenttä' }).click();
    await expect(page).toHaveURL('/config/fields/add');
    await expect(page.getByRole('heading', { level: 1, name: 'Lisää kenttä' })).toBeVisible();
    await page.getByLabel('Nimi lomakkeella').fill(field.label);
    await page.getByLabel('Tyyppi').selectOption({ label: field.type });
    if ('required' in field) await page.getByRole('radio', { name: 'Pakollinen' }).check();
    if ('options' in field) {
      // Saving without choices is refused in Finnish, with focus in the choice editor.
      await page.getByRole('button', { name: 'Tallenna' }).click();
      await expect(page.getByText('Anna pudotusvalikolle vähintään yksi vaihtoehto, jolla on arvo ja nimi.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Lisää vaihtoehto' })).toBeFocused();
      for (const [i, option] of field.options.entries()) {
        await page.getByRole('button', { name: 'Lisää vaihtoehto' }).click();
        await expect(page.getByLabel(`Teksti (vaihtoehto ${String(i + 1)})`)).toBeFocused();
        await page.keyboard.type(option);
        await expect(page.getByLabel(`Arvo (vaihtoehto ${String(i + 1)})`)).toHaveValue(option);
      }
      await expectAccessible(page, 'uusi kenttä, pudotusvalikon vaihtoehdot');
    }
    if (index === 0) {
      await expect(page.getByLabel('Tunniste')).toHaveValue('e2e_teksti');
      await expectAccessible(page, 'uusi kenttä');
    }
    await page.getByRole('button', { name: 'Tallenna' }).click();
    await expect(page).toHaveURL('/config/fields');
    await expectNotification(page, 'Kenttä lisätty.');
    await expect(fieldRows(page).filter({ hasText: field.label })).toContainText(field.type);
  }
  const created = NEW_FIELDS.map((f) => f.label as string);
  await expect.poll(() => listedE2eLabels(page)).toEqual(created);

  // A duplicate name is refused by the server, under the field, with focus on it.
  await page.getByRole('link', { name: 'Lisää kenttä' }).click();
  await page.getByLabel('Nimi lomakkeella').fill('E2E Teksti');
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByText('Samanniminen kenttä on jo olemassa.')).toBeVisible();
  await expect(page.getByLabel('Tunniste')).toBeFocused();
  await expectAccessible(page, 'uusi kenttä, nimi varattu');
  // Leaving with unsaved changes asks first.
  await page.getByRole('link', { name: 'Takaisin kenttiin' }).click();
  const unsaved = page.getByRole('dialog', { name: 'Tallentamattomia muutoksia' });
  await expect(unsaved).toBeVisible();
  await unsaved.getByRole('button', { name: 'Poistu tallentamatta' }).click();
  await expect(page).toHaveURL('/config/fields');

  // Keyboard: the heading three places up, focus staying on its button.
  const answered = countReorders(page);
  const up = page.getByRole('button', { name: 'Siirrä ylös: E2E Väliotsikko' });
  await up.focus();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('Enter');
  await expect(up).toBeFocused();
  const total = await fieldRows(page).count();
  await expect(page.getByRole('status').filter({ hasText: `E2E Väliotsikko on nyt kohdassa ${String(total - 3)}/${String(total)}.` })).toBeAttached();
  const afterKeys = ['E2E Teksti', 'E2E Lisätiedot', 'E2E Syntymävuosi', 'E2E Jäsenmaksu', 'E2E Liittymispäivä', 'E2E Lehti', 'E2E Väliotsikko', 'E2E Jäsenlaji', 'E2E Työsähköposti', 'E2E Tunnuskoodi'];
  await expect.poll(() => listedE2eLabels(page)).toEqual(afterKeys);

  // Mouse: drag the date field onto the first custom field's row.
  await fieldRows(page).filter({ hasText: 'E2E Liittymispäivä' }).dragTo(fieldRows(page).filter({ hasText: 'E2E Teksti' }));
  const expected = ['E2E Liittymispäivä', 'E2E Teksti', 'E2E Lisätiedot', 'E2E Syntymävuosi', 'E2E Jäsenmaksu', 'E2E Lehti', 'E2E Väliotsikko', 'E2E Jäsenlaji', 'E2E Työsähköposti', 'E2E Tunnuskoodi'];
  await expect.poll(() => listedE2eLabels(page)).toEqual(expected);
  await expect.poll(answered).toBe(4);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Kentät' })).toBeVisible();
  await expect.poll(() => listedE2eLabels(page)).toEqual(expected);

  // The member form shows the fields in the same order, the heading as a section title.
  await page.goto('/members/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Lisää jäsen' })).toBeVisible();
  const form = page.getByTestId('member-form');
  await expect(form.getByRole('heading', { level: 2, name: 'E2E Väliotsikko' })).toBeVisible();
  const shown = (await form.locator('label, h2').allInnerTexts())
    .map((text) => text.replace(/\s*\*\s*$/, '').trim())
    .filter((text) => text.startsWith('E2E '));
  expect(shown).toEqual(expected);
  await expectAccessible(page, 'uusi jäsen');
});

test('jäsenen lisääminen tyhjällä pakollisella lisäkentällä: Tallenna silti', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Lisää jäsen' }).click();
  await expect(page).toHaveURL('/members/add');
  const form = page.getByTestId('member-form');

  // Client-side checks first: empty names and a malformed date, focus on the first.
  await form.getByRole('button', { name: 'Lisää jäsen' }).click();
  await expect(form.getByText('Tämä kenttä ei voi olla tyhjä.')).toHaveCount(2);
  await expect(page.getByLabel('Etunimi')).toBeFocused();

  await page.getByLabel('Etunimi').fill('Maija');
  await page.getByLabel('Sukunimi').fill('Meikäläinen');
  await page.getByLabel('Sähköposti', { exact: true }).fill('maija.meikalainen@example.fi');
  await page.getByLabel('Matkapuhelin').fill('040 123 4567');
  await page.getByLabel('E2E Liittymispäivä').fill('31.2.2026');
  await page.getByLabel('E2E Jäsenmaksu').fill('12,5');
  await page.getByLabel('E2E Jäsenlaji').selectOption({ label: 'Kannatusjäsen' });
  await page.getByLabel('E2E Lehti').check();
  await form.getByRole('button', { name: 'Lisää jäsen' }).click();
  await expect(form.getByText('Anna päivämäärä muodossa p.k.vvvv (aikaisintaan 1.1.1901).')).toBeVisible();
  await expect(page.getByLabel('E2E Liittymispäivä')).toBeFocused();
  await page.getByLabel('E2E Liittymispäivä').fill('1.3.2026');

  // The required custom field is empty: the server answers, the bypass modal lists it.
  await form.getByRole('button', { name: 'Lisää jäsen' }).click();
  const modal = page.getByRole('dialog', { name: 'Pakollisia kenttiä on tyhjänä' });
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('bypass-fields')).toHaveText('E2E Teksti');
  await expectAccessible(page, 'pakollisten kenttien vahvistus');

  await modal.getByRole('button', { name: 'Palaa muokkaamaan' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByLabel('E2E Teksti')).toBeFocused();

  await form.getByRole('button', { name: 'Lisää jäsen' }).click();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Tallenna silti' }).click();

  await expect(page).toHaveURL(/\/members\/\d+\/edit$/);
  await expectNotification(page, 'Jäsen lisätty.');
  await expect(page.getByRole('heading', { level: 1, name: 'Maija Meikäläinen' })).toBeVisible();
  // Values come back as typed: the phone as people write it, the date in Finnish, the decimal with a comma.
  await expect(page.getByLabel('Matkapuhelin')).toHaveValue('040 123 4567');
  await expect(page.getByLabel('E2E Liittymispäivä')).toHaveValue('1.3.2026');
  await expect(page.getByLabel('E2E Jäsenmaksu')).toHaveValue('12,5');
  await expect(page.getByLabel('E2E Jäsenlaji')).toHaveValue('Kannatusjäsen');
  await expect(page.getByLabel('E2E Lehti')).toBeChecked();
  await expect(page.getByLabel('E2E Teksti')).toHaveValue('');
  await expectAccessible(page, 'jäsenen muokkaus');

  // Saving again on the edit page keeps the member; filling the field clears the need to bypass.
  await page.getByLabel('E2E Teksti').fill('Täytetty');
  await form.getByRole('button', { name: 'Tallenna' }).click();
  await expectNotification(page, 'Jäsenen tiedot tallennettu.');
  await page.reload();
  await expect(page.getByLabel('E2E Teksti')).toHaveValue('Täytetty');
});

test('kentän muokkaus: tyypin vaihto estetään, käytössä olevan vaihtoehdon poisto ja kentän poisto kysyvät ensin', async ({ page }) => {
  await loginAsAdmin(page, '/config/fields');

  // A fixed field: label and visibility can change, not the identifier or type; no delete.
  await fieldRows(page).getByRole('link', { name: 'Etunimi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Muokkaa kenttää ”Etunimi”' })).toBeVisible();
  await expect(page.getByLabel('Tunniste')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Tyyppi')).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Piilotettu' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Poista kenttä' })).toHaveCount(0);
  await expectAccessible(page, 'vakiokentän muokkaus');
  await page.getByRole('link', { name: 'Takaisin kenttiin' }).click();

  // The text field holds "Täytetty" for one member, which is no whole number.
  await fieldRows(page).getByRole('link', { name: 'E2E Teksti' }).click();
  await expect(page.getByTestId('value-count')).toHaveText('Kentässä on arvo 1 jäsenellä.');
  await page.getByLabel('Tyyppi').selectOption({ label: 'Kokonaisluku' });
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(
    page.getByText('Tyyppiä ei voi vaihtaa: 1 jäsenen arvoa ei voi muuntaa uuteen tyyppiin. Esimerkkejä: ”Täytetty”.'),
  ).toBeVisible();
  await expect(page.getByLabel('Tyyppi')).toBeFocused();
  await expectAccessible(page, 'kentän muokkaus, tyypin vaihto estetty');
  // Back to the saved type: nothing is unsaved, so leaving does not ask.
  await page.getByLabel('Tyyppi').selectOption({ label: 'Teksti' });
  await page.getByRole('link', { name: 'Takaisin kenttiin' }).click();
  await expect(page).toHaveURL('/config/fields');

  // The member chose "Kannatusjäsen": removing it asks what to do with their value.
  await fieldRows(page).getByRole('link', { name: 'E2E Jäsenlaji' }).click();
  await page.getByRole('button', { name: 'Poista vaihtoehto: Kannatusjäsen' }).click();
  await page.getByRole('button', { name: 'Tallenna' }).click();
  const inUse = page.getByRole('dialog', { name: 'Poistettava vaihtoehto on käytössä' });
  await expect(inUse).toContainText('Poistettavaa vaihtoehtoa käyttää 1 jäsentä.');
  await expect(inUse.getByRole('listitem')).toHaveText('Kannatusjäsen');
  await expectAccessible(page, 'vaihtoehto käytössä');
  await inUse.getByRole('button', { name: 'Säilytä muutoshistoriassa' }).click();
  await expect(page).toHaveURL('/config/fields');
  await expectNotification(page, 'Kenttä tallennettu.');

  // Deleting a field with values names the count first.
  await fieldRows(page).getByRole('link', { name: 'E2E Jäsenmaksu' }).click();
  await page.getByRole('button', { name: 'Poista kenttä' }).click();
  const confirm = page.getByRole('dialog', { name: 'Poistetaanko kenttä ”E2E Jäsenmaksu”?' });
  await expect(confirm).toContainText('Kentässä on arvo 1 jäsenellä.');
  await expect(confirm.getByRole('button', { name: 'Peruuta' })).toBeFocused();
  await expectAccessible(page, 'kentän poiston vahvistus');
  await confirm.getByRole('button', { name: 'Poista kenttä' }).click();
  await expect(page).toHaveURL('/config/fields');
  await expectNotification(page, 'Kenttä ”E2E Jäsenmaksu” poistettu.');
  await expect(fieldRows(page).filter({ hasText: 'E2E Jäsenmaksu' })).toHaveCount(0);
});

test('ryhmät: lisääminen, uudelleennimeäminen ja poisto vahvistuksella', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Ryhmät' }).click();
  await expect(page).toHaveURL('/config/groups');
  const rows = page.getByTestId('groups-table').locator('tbody tr');
  await expect(rows.and(page.locator('[data-group-name="everyone"]'))).toContainText('Kaikki jäsenetVakioryhmä');
  await expect(rows.and(page.locator('[data-group-name="board"]'))).toContainText('HallitusVakioryhmä');
  await expectAccessible(page, 'ryhmälista');

  await page.getByRole('link', { name: 'Lisää ryhmä' }).click();
  await expect(page).toHaveURL('/config/groups/add');
  await page.getByLabel('Ryhmän nimi').fill('E2E Kuoro');
  await expect(page.getByLabel('Tunniste')).toHaveValue('e2e_kuoro');
  await page.getByLabel('Ryhmän sähköpostiosoite').fill('kuoro@example');
  await page.getByRole('radio', { name: 'Vain ylläpitäjät ja hallitus' }).check();
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByText('Sähköpostiosoite on virheellinen.')).toBeVisible();
  await expect(page.getByLabel('Ryhmän sähköpostiosoite')).toBeFocused();
  await expectAccessible(page, 'uusi ryhmä, virheellinen osoite');
  await page.getByLabel('Ryhmän sähköpostiosoite').fill('kuoro@example.fi');
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page).toHaveURL('/config/groups');
  await expectNotification(page, 'Ryhmä ”E2E Kuoro” lisätty.');
  const choir = rows.filter({ hasText: 'E2E Kuoro' });
  await expect(choir).toContainText('kuoro@example.fi');
  await expect(choir).toContainText('Vain ylläpitäjät ja hallitus');
  await expect(choir.getByTestId('member-count')).toHaveText('0');

  // Rename.
  await choir.getByRole('link', { name: 'E2E Kuoro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Muokkaa ryhmää ”E2E Kuoro”' })).toBeVisible();
  await expectAccessible(page, 'ryhmän muokkaus');
  await page.getByLabel('Ryhmän nimi').fill('E2E Sekakuoro');
  await expect(page.getByLabel('Tunniste')).toHaveValue('e2e_kuoro');
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page).toHaveURL('/config/groups');
  await expectNotification(page, 'Ryhmä ”E2E Sekakuoro” tallennettu.');
  await expect(rows.filter({ hasText: 'E2E Sekakuoro' })).toHaveCount(1);
  await expect(rows.filter({ hasText: /^E2E Kuoro/ })).toHaveCount(0);

  // Reorder with the keyboard: the new group one place up, kept after a reload.
  const before = await rows.locator('td:nth-child(2) a').allInnerTexts();
  const up = page.getByRole('button', { name: 'Siirrä ylös: E2E Sekakuoro' });
  await up.focus();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/1/groups/reorder') && r.ok());
  await page.keyboard.press('Enter');
  await saved;
  const moved = [...before];
  const i = moved.indexOf('E2E Sekakuoro');
  moved.splice(i - 1, 0, ...moved.splice(i, 1));
  await page.reload();
  await expect.poll(() => rows.locator('td:nth-child(2) a').allInnerTexts()).toEqual(moved);

  // Delete asks first, naming the member count.
  await rows.filter({ hasText: 'E2E Sekakuoro' }).getByRole('link', { name: 'E2E Sekakuoro' }).click();
  await page.getByRole('button', { name: 'Poista ryhmä' }).click();
  const confirm = page.getByRole('dialog', { name: 'Poistetaanko ryhmä ”E2E Sekakuoro”?' });
  await expect(confirm).toContainText('Ryhmässä ei ole jäseniä.');
  await expect(confirm.getByRole('button', { name: 'Peruuta' })).toBeFocused();
  await expectAccessible(page, 'ryhmän poiston vahvistus');
  await confirm.getByRole('button', { name: 'Poista ryhmä' }).click();
  await expect(page).toHaveURL('/config/groups');
  await expectNotification(page, 'Ryhmä ”E2E Sekakuoro” poistettu.');
  await expect(rows.filter({ hasText: 'E2E Sekakuoro' })).toHaveCount(0);
});

test('asetukset: virheellinen tilinumero suomeksi kentän alla, oikea tallentuu neljän ryhmiin', async ({ page, request }) => {
  // The page warns about a missing reply-to address: start without one, whatever journeys ran before.
  await saveOrganisation(await signIn(request), { reply_to_email: '' });
  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Asetukset' }).click();
  await expect(page).toHaveURL('/config/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Asetukset' })).toBeVisible();
  await expect(page.getByText('Vastausosoite puuttuu')).toBeVisible();
  await expectAccessible(page, 'asetukset');

  const iban = page.getByRole('textbox', { name: 'Tilinumero (IBAN)' });
  await iban.fill('FI21 1234 5600 0007 84');
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByText('Tilinumero on virheellinen (tarkiste ei täsmää).')).toBeVisible();
  await expect(iban).toBeFocused();
  await expect(iban).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'asetukset, virheellinen tilinumero');

  await iban.fill('fi21 1234 5600 0007 85');
  await page.getByLabel('Y-tunnus').fill('1572860-0');
  await page.getByLabel('Vastausosoite (sähköposti)').fill('hallitus@example.fi');
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expectNotification(page, 'Asetukset tallennettu.');
  await expect(iban).toHaveValue('FI21 1234 5600 0007 85');
  await expect(page.getByText('BIC: NDEAFIHH')).toBeVisible();
  await expect(page.getByText('ALV-tunniste: FI15728600')).toBeVisible();
  await expect(page.getByText('Vastausosoite puuttuu')).toHaveCount(0);

  await page.reload();
  await expect(iban).toHaveValue('FI21 1234 5600 0007 85');

  // Settings the association may not change (disable_) are locked, with the reason a key press away.
  await page.route('**/api/1/settings?*', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...json, disable_: { bank_account: 'Tilinumeroa hallinnoi liitto.' } } });
  });
  await page.reload();
  await expect(iban).toBeDisabled();
  const why = page.getByRole('button', { name: 'Miksi kohtaa ”Tilinumero (IBAN)” ei voi muuttaa?' });
  await why.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Miksi kohtaa ”Tilinumero (IBAN)” ei voi muuttaa?' })).toContainText(
    'Tilinumeroa hallinnoi liitto.',
  );
  await expectAccessible(page, 'asetukset, lukittu kenttä');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.unroute('**/api/1/settings?*');

  // The e-claim settings are the other tab.
  await page.getByRole('navigation', { name: 'Asetusten osiot' }).getByRole('link', { name: 'Kulukorvaukset' }).click();
  await expect(page).toHaveURL('/config/settings_eclaim');
  await expect(page.getByRole('heading', { level: 1, name: 'Kulukorvausasetukset' })).toBeVisible();
  await expectAccessible(page, 'kulukorvausasetukset');
  await page.getByLabel('Kulukorvaukset käytössä').check();
  await page.getByLabel('Ohje kilometrikorvauksiin').fill('Merkitse reitti ja ajon tarkoitus.');
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expectNotification(page, 'Asetukset tallennettu.');
  await page.reload();
  await expect(page.getByLabel('Kulukorvaukset käytössä')).toBeChecked();
  await expect(page.getByLabel('Ohje kilometrikorvauksiin')).toHaveValue('Merkitse reitti ja ajon tarkoitus.');
});

test('hallituksen jäsen näkee ryhmät ja voi pyytää ryhmäpostin lähetysoikeutta', async ({ page }) => {
  const board = { email: 'hallitus.jasen@example.fi', password: 'Hallitus-Salasana-2026' };
  await loginAsAdmin(page, '/members/add');
  await page.getByLabel('Etunimi').fill('Heikki');
  await page.getByLabel('Sukunimi').fill('Hallitus');
  await page.getByLabel('Sähköposti', { exact: true }).fill(board.email);
  await page.getByLabel('E2E Teksti').fill('Hallituksen jäsen');
  await page.getByLabel('Hallituksen jäsen').check();
  const password = page.getByRole('textbox', { name: 'Uusi salasana', exact: true });
  await password.fill('lyhyt');
  await expect(page.getByText('Salasanan vahvuus: liian heikko (vähintään 10 merkkiä)')).toBeVisible();
  await password.fill(board.password);
  await expect(page.getByText('Salasanan vahvuus: vahva')).toBeVisible();
  await page.getByRole('textbox', { name: 'Vahvista uusi salasana' }).fill(board.password);
  await page.getByTestId('member-form').getByRole('button', { name: 'Lisää jäsen' }).click();
  await expectNotification(page, 'Jäsen lisätty.');

  await page.getByRole('button', { name: /, käyttäjävalikko$/ }).click();
  await page.getByRole('menuitem', { name: 'Kirjaudu ulos' }).click();
  await expect(page).toHaveURL('/@login');
  await submitLogin(page, board.email, board.password);
  await expect(page).toHaveURL('/');

  const nav = page.getByRole('navigation', { name: 'Päävalikko' });
  await expect(nav.getByRole('link', { name: 'Ryhmät' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Kentät' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Asetukset' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Ryhmät' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ryhmät' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lisää ryhmä' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Siirrä/ })).toHaveCount(0);

  const request = page.getByRole('region', { name: 'Ryhmäpostin lähetysoikeus' });
  await expect(request.getByLabel('Sähköpostiosoite, josta haluat lähettää')).toHaveValue(board.email);
  await expectAccessible(page, 'ryhmät hallituksen jäsenelle');
  await request.getByRole('button', { name: 'Lähetä pyyntö' }).click();
  await expectNotification(page, 'Pyyntö lähetetty pääkäyttäjille.');

  await page.goto('/config/fields');
  await expect(page.getByRole('heading', { level: 1, name: 'Ei käyttöoikeutta' })).toBeVisible();
});

test('kielen vaihto käyttäjävalikosta säilyy ja palaa samalle sivulle', async ({ page }) => {
  await loginAsAdmin(page, '/config/groups');
  await page.getByRole('button', { name: /, käyttäjävalikko$/ }).click();
  await page.getByRole('menuitem', { name: 'Svenska' }).click();
  await expect(page).toHaveURL('/config/groups');
  await expect(page.getByRole('heading', { level: 1, name: 'Grupper' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Grupper' })).toBeVisible();

  await page.getByRole('button', { name: /, (användarmeny|käyttäjävalikko)$/ }).click();
  await page.getByRole('menuitem', { name: 'Suomi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ryhmät' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
});
