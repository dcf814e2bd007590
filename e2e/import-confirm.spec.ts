import { expect, type Page, test } from '@playwright/test';
import { signIn, type SignedInApi } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';
import { loginAsAdmin } from './helpers/session';

// Confirming an import: a file whose row matches a member by email but names someone
// else shows, before anything is saved, what would change (old → new) and flags the row
// as "Mahdollisesti eri henkilö" with its own checkbox. Unticked, the row is skipped;
// ticked by keyboard, it is imported. The member number column and the
// export's words ("Kyllä", dropdown labels) are read.

const RUN = Date.now().toString(36);
const CSV_TYPE = 'text/csv';

const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(';')).join('\n') + '\n');

async function member(api: SignedInApi, id: number) {
  return api.get<{ firstname: string; lastname: string; address_city: string | null }>(`members/${String(id)}`);
}

/** Steps 1–3 of the wizard with the suggested mapping, then the dry run. */
async function checkFile(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page.goto('/members/import');
  const resumed = page.getByTestId('import-resumed');
  if (await resumed.isVisible()) await resumed.getByRole('button', { name: 'Aloita alusta' }).click();
  await page.getByRole('button', { name: 'Jatka' }).click();
  await page.getByLabel('Valitse tiedosto', { exact: true }).setInputFiles({ name, mimeType: CSV_TYPE, buffer });
  await expect(page.getByTestId('import-file-chosen')).toContainText(`Valittu tiedosto: ${name}`);
  await page.getByRole('button', { name: 'Jatka' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Vaihe 3/4: Yhdistä sarakkeet' })).toBeFocused();
  await page.getByRole('button', { name: 'Tarkista tuonti' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Vaihe 4/4: Tulos' })).toBeVisible();
}

test('tuonti: mahdollisesti eri henkilö näytetään muutoksineen ja tuodaan vain vahvistettuna', async ({ page, request }) => {
  test.setTimeout(90_000);
  const api = await signIn(request);
  const matti = await api.post<{ id: number }>('members/new', {
    firstname: 'Matti',
    lastname: `Meikäläinen${RUN}`,
    email: `matti.${RUN}@example.fi`,
    address_city: 'Turku',
    bypass_required_fields: true,
  });
  const liisa = await api.post<{ id: number }>('members/new', {
    firstname: 'Liisa',
    lastname: `Laine${RUN}`,
    email: `liisa.${RUN}@example.fi`,
    address_city: 'Pori',
    bypass_required_fields: true,
  });
  const file = csv([
    ['Etunimi', 'Sukunimi', 'Sähköposti', 'Postitoimipaikka'],
    ['Maija', `Virtanen${RUN}`, `matti.${RUN}@example.fi`, 'Oulu'],
    ['Liisa', `Laine${RUN}`, `liisa.${RUN}@example.fi`, 'Rauma'],
  ]);

  await loginAsAdmin(page);

  // --- Not confirmed: the row is shown with its changes, and skipped ---
  await checkFile(page, `eri-${RUN}.csv`, file);
  await expect(page.getByTestId('import-count-updated')).toHaveText('1');
  await expect(page.getByTestId('import-count-different-person')).toHaveText('1');
  const flagged = page.getByTestId('import-change-row-2');
  await expect(flagged).toContainText(`Rivi 2: Matti Meikäläinen${RUN}`);
  await expect(flagged).toContainText('Mahdollisesti eri henkilö');
  const changes = flagged.getByRole('table', { name: `Muutokset, rivi 2: Matti Meikäläinen${RUN}` });
  await expect(changes.getByRole('row', { name: /Etunimi/ })).toContainText('MattiMaija');
  await expect(changes.getByRole('row', { name: /Postitoimipaikka/ })).toContainText('TurkuOulu');
  await expect(page.getByTestId('import-change-row-3')).toContainText('PoriRauma');
  const confirm = page.getByRole('checkbox', { name: `Päivitä silti jäsen Matti Meikäläinen${RUN} (rivi 2)` });
  await expect(confirm).not.toBeChecked();
  await expect(page.getByText(`Nimi tiedostossa: Maija Virtanen${RUN}`)).toBeVisible();
  await expectAccessible(page, 'tuonti, eri henkilö');

  await page.getByRole('button', { name: 'Tuo jäsenet' }).click();
  await expect(page.getByTestId('import-done')).toContainText('Tuonti valmis');
  await expect(page.getByTestId('import-done-updated')).toHaveText('1 jäsenen tiedot päivitetty.');
  await expect(page.getByTestId('import-done-different-person')).toHaveText('Yksi rivi ohitettu, koska nimi poikkesi jäsenen nimestä.');
  expect(await member(api, matti.id)).toMatchObject({ firstname: 'Matti', address_city: 'Turku' });
  expect(await member(api, liisa.id)).toMatchObject({ address_city: 'Rauma' });

  // --- Confirmed by keyboard: the row is imported ---
  await page.getByRole('button', { name: 'Tuo toinen tiedosto' }).click();
  await checkFile(page, `eri2-${RUN}.csv`, file);
  await expect(page.getByTestId('import-count-updated')).toHaveText('0');
  await expect(page.getByTestId('import-count-different-person')).toHaveText('1');
  await expect(page.getByText('Tuotavaa ei ole: kaikki muuttuvat rivit koskevat mahdollisesti eri henkilöä.', { exact: false })).toBeVisible();
  const confirmAgain = page.getByRole('checkbox', { name: `Päivitä silti jäsen Matti Meikäläinen${RUN} (rivi 2)` });
  await confirmAgain.focus();
  await page.keyboard.press('Space');
  await expect(confirmAgain).toBeChecked();
  await expect(confirmAgain).toBeFocused();
  await expect(page.getByTestId('import-count-updated')).toHaveText('1');
  await expect(page.getByTestId('import-count-different-person')).toHaveText('0');
  await page.getByRole('button', { name: 'Tuo jäsenet' }).click();
  await expect(page.getByTestId('import-done-updated')).toHaveText('1 jäsenen tiedot päivitetty.');
  await expect(page.getByTestId('import-done-different-person')).toHaveCount(0);
  expect(await member(api, matti.id)).toMatchObject({ firstname: 'Maija', lastname: `Virtanen${RUN}`, address_city: 'Oulu' });
});

test('tuonti: jäsennumero ja viennin sanat luetaan', async ({ page, request }) => {
  const api = await signIn(request);
  const group = `kuoro${RUN}`;
  await api.post('groups/new', { name: group, label: `Kuoro ${RUN}` });
  const m = await api.post<{ id: number }>('members/new', { firstname: 'Niilo', lastname: `Numero${RUN}`, email: `niilo.${RUN}@example.fi`, bypass_required_fields: true });
  await loginAsAdmin(page);
  await checkFile(page, `numero-${RUN}.csv`, csv([['Jäsennumero (järjestelmä)', 'Etunimi', 'Sukunimi', `Kuoro ${RUN}`], [String(m.id), 'Niilo', `Numero${RUN}`, 'Kyllä']]));
  await expect(page.getByTestId('import-count-updated')).toHaveText('1');
  await expect(page.getByTestId('import-count-created')).toHaveText('0');
  await expect(page.getByTestId('import-change-row-2').getByRole('row', { name: new RegExp(`Kuoro ${RUN}`) })).toContainText('EiKyllä');
  await page.getByRole('button', { name: 'Takaisin' }).click();
  await expect(page.getByRole('combobox', { name: 'Kenttä sarakkeelle Jäsennumero (järjestelmä)' })).toHaveValue('id');
  await expect(page.getByRole('combobox', { name: 'Tunnista rekisterissä jo olevat jäsenet kentästä' })).toHaveValue('id');
  await expectAccessible(page, 'tuonti, jäsennumero');
});
