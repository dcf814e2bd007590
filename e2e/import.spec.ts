import { expect, type Page, test } from '@playwright/test';
import { ASSOCIATION_NAME, E2E_ADMIN } from './helpers/admin';
import { type ApiField, signIn, type SignedInApi } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';
import { loginAsAdmin } from './helpers/session';
import { makeXlsx } from '../src/server/test/factories/xlsx';

// Import acceptance (web side): a 50-row xlsx made with exceljs here is uploaded in the
// wizard, mapped with the suggestions, checked (49 new, 1 updated), imported, found in
// the members list, and undone from the imports list – the new members are gone and the
// updated member has their old city back. A file with an invalid date in row 7 shows
// that error in Finnish and imports nothing.

/** Unique per run, so the journeys find their own members whatever else the database holds. */
const RUN = Date.now().toString(36);
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADERS = ['Etunimi', 'Sukunimi', 'Sähköposti', 'Puhelin', 'Postinumero', 'Postitoimipaikka'];

/** A notification; earlier ones may still be fading out, so the newest is checked. */
const notification = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();

const xlsxBuffer = (headers: string[], rows: (string | null)[][]): Promise<Buffer> => makeXlsx([headers, ...rows]);

/** Finnish mobile numbers no other journey uses: 050 and seven digits from the run and the row. */
function phoneFor(i: number): string {
  const base = (parseInt(RUN.slice(-4), 36) % 900) * 1000;
  return `050${String(1_000_000 + base + i).slice(-7)}`;
}

async function countByLastname(api: SignedInApi, lastname: string): Promise<number> {
  const reply = await api.post<{ stats: { result_count: number } }>('members/get_results', {
    filter: [{ field: 'lastname', verb: 'eq', value: lastname }],
    columns: ['email'],
  });
  return reply.stats.result_count;
}

/** The signed-in admin's name, as the imports list shows the author. */
async function adminName(api: SignedInApi): Promise<string> {
  const reply = await api.post<{ results: { fullname_: string }[] }>('members/get_results', {
    filter: [{ field: 'email', verb: 'eq', value: E2E_ADMIN.email }],
    columns: ['email'],
  });
  return reply.results[0]?.fullname_ ?? '';
}

/** From the members list's "Tuo jäseniä" to the wizard's step 2, checking step 1 on the way. */
async function openWizardAtFileStep(page: Page): Promise<void> {
  await page.goto('/members');
  await page.getByRole('link', { name: 'Tuo jäseniä' }).click();
  await expect(page).toHaveURL('/members/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Tuo jäseniä' })).toBeVisible();
  // A previous journey may have left a resumable import in this tab's storage.
  const resumed = page.getByTestId('import-resumed');
  if (await resumed.isVisible()) await resumed.getByRole('button', { name: 'Aloita alusta' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Vaihe 1/4: Tarkista kentät' })).toBeVisible();
  await page.getByRole('button', { name: 'Jatka' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Vaihe 2/4: Valitse tiedosto' })).toBeFocused();
}

async function upload(page: Page, name: string, buffer: Buffer, rows: number): Promise<void> {
  await page.getByLabel('Valitse tiedosto', { exact: true }).setInputFiles({ name, mimeType: XLSX_TYPE, buffer });
  const chosen = page.getByTestId('import-file-chosen');
  await expect(chosen).toContainText(`Valittu tiedosto: ${name}`);
  await expect(chosen).toContainText(`Tiedostossa on ${String(rows)} tuotavaa riviä.`);
}

test('tuonti: 50 rivin Excel, ehdotettu yhdistäminen, tarkistus, tuonti, jäsenlista ja kumoaminen', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await signIn(request);
  const lastname = `Tuonti${RUN}`;

  // One member is already in the register; the file changes their city.
  const existing = await api.post<{ id: number }>('members/new', {
    firstname: 'Olli',
    lastname: `Olemassa${RUN}`,
    email: `olli.${RUN}@example.fi`,
    address_zip: '20100',
    address_city: 'Turku',
    bypass_required_fields: true,
  });
  const rows: (string | null)[][] = [];
  for (let i = 1; i <= 49; i++) {
    rows.push([`Jäsen${String(i)}`, lastname, `jasen${String(i)}.${RUN}@example.fi`, phoneFor(i), '00100', 'Helsinki']);
  }
  rows.push(['Olli', `Olemassa${RUN}`, `olli.${RUN}@example.fi`, null, '20100', 'Tampere']);
  const filename = `jasenet-${RUN}.xlsx`;
  const buffer = await xlsxBuffer(HEADERS, rows);

  await loginAsAdmin(page);

  // --- Step 1: the register's fields, with a way to add a missing one ---
  await page.goto('/members/import');
  await expect(page).toHaveTitle(`Vaihe 1/4: Tarkista kentät – Tuo jäseniä – ${ASSOCIATION_NAME}`);
  await expect(page.getByTestId('import-fields')).toContainText('Postitoimipaikka');
  await expect(page.getByRole('link', { name: 'Lisää puuttuva kenttä (avautuu uuteen välilehteen)' })).toHaveAttribute('href', '/config/fields/add');
  await expect(page.getByRole('button', { name: /^Tarkista kentät – vaihe 1\/4, nykyinen vaihe/ })).toHaveAttribute('aria-current', 'step');
  await expectAccessible(page, 'tuonti, vaihe 1');

  // --- Step 2: the file ---
  await openWizardAtFileStep(page);
  await expect(page.getByText('Vedä tiedosto tähän')).toBeVisible();
  await expect(page.getByText('Excel (.xlsx) tai CSV (.csv), enintään 10 Mt.')).toBeVisible();
  await expectAccessible(page, 'tuonti, vaihe 2');
  await upload(page, filename, buffer, 50);
  await page.getByRole('button', { name: 'Jatka' }).click();

  // --- Step 3: suggested mapping and the preview as stored ---
  await expect(page.getByRole('heading', { level: 2, name: 'Vaihe 3/4: Yhdistä sarakkeet' })).toBeFocused();
  const expected: Record<string, string> = {
    Etunimi: 'firstname',
    Sukunimi: 'lastname',
    Sähköposti: 'email',
    Puhelin: 'phone',
    Postinumero: 'address_zip',
    Postitoimipaikka: 'address_city',
  };
  for (const [column, field] of Object.entries(expected)) {
    await expect(page.getByRole('combobox', { name: `Kenttä sarakkeelle ${column}` })).toHaveValue(field);
  }
  await expect(page.getByRole('combobox', { name: 'Tunnista rekisterissä jo olevat jäsenet kentästä' })).toHaveValue('email');
  const preview = page.getByTestId('import-preview');
  await expect(preview.getByRole('columnheader', { name: 'Matkapuhelin' })).toBeVisible();
  // Phones as people write them: 050 123 4567.
  await expect(preview.getByRole('row').nth(1)).toContainText(`${phoneFor(1).slice(0, 3)} ${phoneFor(1).slice(3, 6)} ${phoneFor(1).slice(6)}`);
  await expectAccessible(page, 'tuonti, vaihe 3');

  // A duplicate destination is flagged at the column and blocks the check, with focus on it.
  const cityColumn = page.getByRole('combobox', { name: 'Kenttä sarakkeelle Postitoimipaikka' });
  await cityColumn.selectOption('address_zip');
  await expect(page.getByText('Sama kenttä on valittu myös sarakkeelle ”Postinumero”.')).toBeVisible();
  await page.getByRole('button', { name: 'Tarkista tuonti' }).click();
  await expect(page.getByTestId('import-mapping-problem')).toContainText('Kahta saraketta ei voi tuoda samaan kenttään.');
  await expect(page.getByRole('combobox', { name: 'Kenttä sarakkeelle Postinumero' })).toBeFocused();
  await cityColumn.selectOption('address_city');
  await expect(page.getByTestId('import-mapping-problem')).toHaveCount(0);

  // --- Step 4: the dry run ---
  await page.getByRole('button', { name: 'Tarkista tuonti' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Vaihe 4/4: Tulos' })).toBeVisible();
  await expect(page.getByTestId('import-count-created')).toHaveText('49');
  await expect(page.getByTestId('import-count-updated')).toHaveText('1');
  await expect(page.getByTestId('import-count-unchanged')).toHaveText('0');
  await expect(page.getByTestId('import-count-errors')).toHaveText('0');
  await expect(page.getByTestId('import-no-errors')).toHaveText('Tiedostossa ei ole virheitä.');
  expect(await countByLastname(api, lastname)).toBe(0);
  await expectAccessible(page, 'tuonti, vaihe 4 (tarkistus)');

  // --- The import ---
  await page.getByRole('button', { name: 'Tuo jäsenet' }).click();
  const done = page.getByTestId('import-done');
  await expect(done).toContainText('Tuonti valmis');
  await expect(done).toBeFocused();
  await expect(page.getByTestId('import-done-created')).toHaveText('49 uutta jäsentä lisätty.');
  await expect(page.getByTestId('import-done-updated')).toHaveText('1 jäsenen tiedot päivitetty.');
  await expect(page.getByRole('button', { name: 'Kumoa tuonti' })).toBeVisible();
  await expectAccessible(page, 'tuonti valmis');
  expect(await countByLastname(api, lastname)).toBe(49);
  expect((await api.get<{ address_city: string | null }>(`members/${String(existing.id)}`)).address_city).toBe('Tampere');

  // The members list shows them (no "unsaved" question on the way: the import is done).
  await page.getByRole('link', { name: 'Näytä jäsenet' }).click();
  await expect(page).toHaveURL('/members');
  const filter = encodeURIComponent(JSON.stringify([{ field: 'lastname', verb: 'eq', value: lastname }]));
  await page.goto(`/members?filter=${filter}`);
  await expect(page.getByTestId('member-count')).toHaveText('49 jäsentä');
  await expect(page.getByRole('link', { name: `Jäsen1 ${lastname}`, exact: true }).first()).toBeVisible();

  // --- Undo from the imports list ---
  await page.goto('/members/imports/all');
  await expect(page.getByRole('heading', { level: 1, name: 'Tuonnit' })).toBeVisible();
  await expect(page).toHaveTitle(`Tuonnit – ${ASSOCIATION_NAME}`);
  const row = page.getByTestId('imports-row').filter({ hasText: filename });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText(await adminName(api));
  await expect(row.getByRole('cell').nth(2)).toHaveText('50');
  await expect(row.getByRole('cell').nth(0)).toHaveText(/^\d{1,2}\.\d{1,2}\.\d{4} klo \d{1,2}\.\d{2}$/);
  await expectAccessible(page, 'tuonnit');
  await row.getByRole('button', { name: new RegExp(`^Kumoa tuonti ${filename}`) }).click();
  const dialog = page.getByRole('dialog', { name: `Kumotaanko tuonti ”${filename}”?` });
  await expect(dialog).toContainText('Tuonti koski 50 jäsentä.');
  await expect(dialog.getByRole('button', { name: 'Peruuta' })).toBeFocused();
  await expectAccessible(page, 'tuonnin kumoamisen vahvistus');
  await dialog.getByRole('button', { name: 'Kumoa tuonti' }).click();
  await expect(notification(page, 'Tuonti kumottu.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId('imports-undone')).toHaveText(/^\d{1,2}\.\d{1,2}\.\d{4} klo \d{1,2}\.\d{2}$/);
  await expect(row.getByRole('button', { name: /^Kumoa/ })).toHaveCount(0);

  // The imported members are gone and the updated member has their old city back.
  expect(await countByLastname(api, lastname)).toBe(0);
  expect((await api.get<{ address_city: string | null }>(`members/${String(existing.id)}`)).address_city).toBe('Turku');
});

test('tuonti: virheellinen päivämäärä rivillä 7 näytetään suomeksi, eikä mitään tuoda', async ({ page, request }) => {
  test.setTimeout(90_000);
  const api = await signIn(request);
  const lastname = `Virhe${RUN}`;

  // A custom date field for the birthday column (once per database; other runs may have made it).
  const fields = await api.get<(ApiField & { id: number })[]>('fields/all?all_headings=1');
  let birthday = fields.find((f) => f.label === 'Syntymäpäivä' && f.type === 'date');
  birthday ??= await api.post<ApiField & { id: number }>('fields/new', { name: `syntymapaiva_${RUN}`, label: 'Syntymäpäivä', type: 'date', visibility: 2 });

  const rows: (string | null)[][] = [];
  for (let i = 1; i <= 9; i++) {
    // Spreadsheet row 7 (header is row 1) holds a date that does not exist.
    rows.push([`Virheetön${String(i)}`, lastname, `virhe${String(i)}.${RUN}@example.fi`, i === 6 ? '31.2.1990' : `${String(i)}.3.1990`]);
  }
  const filename = `syntymapaivat-${RUN}.xlsx`;
  const buffer = await xlsxBuffer(['Etunimi', 'Sukunimi', 'Sähköposti', 'Syntymäpäivä'], rows);

  await loginAsAdmin(page);
  await openWizardAtFileStep(page);
  await upload(page, filename, buffer, 9);
  await page.getByRole('button', { name: 'Jatka' }).click();
  await expect(page.getByRole('combobox', { name: 'Kenttä sarakkeelle Syntymäpäivä' })).toHaveValue(birthday.name);
  // The preview already shows the bad value with the member form's message.
  await expect(page.getByTestId('import-preview')).toContainText('”31.2.1990”: Anna päivämäärä muodossa p.k.vvvv (aikaisintaan 1.1.1901).');
  await expect(page.getByTestId('import-preview')).toContainText('1.3.1990');
  await page.getByRole('button', { name: 'Tarkista tuonti' }).click();

  // Step 4: the error with its row, column and Finnish message; importing is refused.
  await expect(page.getByTestId('import-count-errors')).toHaveText('1');
  await expect(page.getByTestId('import-count-created')).toHaveText('8');
  const summary = page.getByTestId('import-errors-summary');
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Yhdellä rivillä on virhe. Mitään ei tuoda');
  const errorRow = page.getByTestId('import-errors').getByRole('row').nth(1);
  await expect(errorRow.getByRole('cell')).toHaveText(['7', 'Syntymäpäivä', 'Anna päivämäärä muodossa p.k.vvvv (aikaisintaan 1.1.1901).']);
  const importButton = page.getByRole('button', { name: 'Tuo jäsenet' });
  await expect(importButton).toBeDisabled();
  await expect(page.getByText('Tiedostossa on virheitä, joten sitä ei voi tuoda.')).toBeVisible();
  await expectAccessible(page, 'tuonti, virheet');

  // Skipping the error rows must be chosen explicitly; untick it again and nothing is imported.
  const skip = page.getByRole('checkbox', { name: 'Ohita virheelliset rivit' });
  await skip.check();
  await expect(importButton).toBeEnabled();
  await skip.uncheck();
  await expect(importButton).toBeDisabled();
  expect(await countByLastname(api, lastname)).toBe(0);

  // Leaving mid-way asks first, and says the import can be continued.
  await page.getByRole('link', { name: 'Aiemmat tuonnit' }).click();
  const leave = page.getByRole('dialog', { name: 'Tuonti on kesken' });
  await expect(leave).toContainText('Voit jatkaa tuontia myöhemmin');
  await leave.getByRole('button', { name: 'Jää tuontiin' }).click();
  await expect(page).toHaveURL('/members/import');
  await page.getByRole('link', { name: 'Aiemmat tuonnit' }).click();
  await page.getByRole('dialog', { name: 'Tuonti on kesken' }).getByRole('button', { name: 'Poistu' }).click();
  await expect(page).toHaveURL('/members/imports/all');
  await expect(page.getByTestId('imports-row').filter({ hasText: filename })).toHaveCount(0);

  // Coming back resumes at the mapping (the dry run is made again from there).
  await page.goto('/members/import');
  await expect(page.getByTestId('import-resumed')).toContainText(`Jatkat keskeneräistä tuontia tiedostosta ”${filename}”.`);
  await expect(page.getByRole('heading', { level: 2, name: 'Vaihe 3/4: Yhdistä sarakkeet' })).toBeVisible();
  await page.getByRole('button', { name: 'Aloita alusta' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Vaihe 1/4: Tarkista kentät' })).toBeVisible();
  expect(await countByLastname(api, lastname)).toBe(0);
});

test('tuonnin kumoaminen: myöhemmin muutettu jäsen nimetään ja voidaan jättää ennalleen', async ({ page, request }) => {
  test.setTimeout(90_000);
  const api = await signIn(request);
  const lastname = `Kumoa${RUN}`;
  const rows = ['Aada', 'Bea', 'Cilla'].map((first) => [first, lastname, `${first.toLowerCase()}.${RUN}@example.fi`]);
  const filename = `kumottava-${RUN}.xlsx`;

  await loginAsAdmin(page);
  await openWizardAtFileStep(page);
  await upload(page, filename, await xlsxBuffer(['Etunimi', 'Sukunimi', 'Sähköposti'], rows), 3);
  await page.getByRole('button', { name: 'Jatka' }).click();
  await page.getByRole('button', { name: 'Tarkista tuonti' }).click();
  await expect(page.getByTestId('import-count-created')).toHaveText('3');
  await page.getByRole('button', { name: 'Tuo jäsenet' }).click();
  await expect(page.getByTestId('import-done')).toContainText('Tuonti valmis');

  // Someone edits one of the imported members before the undo.
  const found = await api.post<{ results: { id: number }[] }>('members/get_results', {
    filter: [{ field: 'email', verb: 'eq', value: `bea.${RUN}@example.fi` }],
    columns: ['email'],
  });
  const beaId = found.results[0]?.id ?? 0;
  await api.post(`members/${String(beaId)}`, { address_city: 'Oulu' });

  await page.getByRole('button', { name: 'Kumoa tuonti' }).click();
  const question = page.getByRole('dialog', { name: `Kumotaanko tuonti ”${filename}”?` });
  await expect(question).toContainText('Tuonti koski 3 jäsentä.');
  await question.getByRole('button', { name: 'Kumoa tuonti' }).click();
  const conflict = page.getByRole('dialog', { name: 'Osaa jäsenistä on muutettu tuonnin jälkeen' });
  await expect(conflict.getByTestId('import-undo-conflict')).toContainText('Kumoaminen keskeytettiin: 1 jäsenen tietoja on muutettu sen jälkeen.');
  await expect(conflict.getByRole('listitem')).toHaveText([`Bea ${lastname}`]);
  await expectAccessible(page, 'tuonnin kumoamisen ristiriita');
  expect(await countByLastname(api, lastname)).toBe(3);

  await conflict.getByRole('button', { name: 'Kumoa silti ja jätä nämä jäsenet ennalleen' }).click();
  await expect(notification(page, 'Tuonti kumottu. Yksi myöhemmin muutettu jäsen jätettiin ennalleen.')).toBeVisible();
  await expect(page.getByTestId('import-done')).toContainText('Tuonti kumottu.');
  await expect(page.getByRole('button', { name: 'Kumoa tuonti' })).toHaveCount(0);
  expect(await countByLastname(api, lastname)).toBe(1);
  expect((await api.get<{ address_city: string | null }>(`members/${String(beaId)}`)).address_city).toBe('Oulu');
});
