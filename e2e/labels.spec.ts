import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { filterToParam } from '../src/shared/filter/normalize';
import { type ApiField, requiredCustomValues, signIn } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';
import { loginAsAdmin } from './helpers/session';

// The member number and "Jäsen alkaen" are columns the admin
// can choose and sort, and read-only facts in the member form; identifiers ("Tunniste")
// sit behind "Lisäasetukset"; the log reads a visibility change as words.

test.describe.configure({ timeout: 90_000 });

const notification = (page: Page, text: string): Locator => page.getByRole('alert').filter({ hasText: text }).last();

/** Today in Helsinki as d.M.yyyy, as the form shows "Jäsen alkaen" of a member added now. */
function todayFinnish(): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Helsinki', day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(new Date()).map((x) => [x.type, x.value]),
  );
  return `${String(Number(p.day))}.${String(Number(p.month))}.${p.year!}`;
}

async function apiDelete(request: APIRequestContext, path: string): Promise<void> {
  const token = (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const r = await request.delete(`/api/1/${path}`, { headers: { 'x-csrftoken': token } });
  expect(r.ok()).toBe(true);
}

test('jäsennumero ja jäsen alkaen: sarakkeina järjestettävissä, lomakkeella vain luettavina', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const api = await signIn(request);
  const fields = await api.get<ApiField[]>('fields/all?all_headings=1');
  const extra = Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value]));
  const lastname = `Numerolainen ${stamp}`;
  const ids: number[] = [];
  for (const first of ['Cilla', 'Aapo', 'Bertta']) {
    ids.push((await api.post<{ id: number }>('members/new', { firstname: first, lastname, email: `${first.toLowerCase()}.${stamp}@example.fi`, ...extra })).id);
  }

  await loginAsAdmin(page, `/members?filter=${filterToParam([{ field: 'lastname', verb: 'eq', value: lastname }])}`);
  const table = page.getByRole('table', { name: 'Jäsenlista' });
  await expect(table.locator('tbody tr')).toHaveCount(3);

  // Both are offered by the column chooser, under "Jäsenyys ja oikeudet".
  await page.getByRole('button', { name: 'Sarakkeet (2)' }).click();
  const membership = page.getByRole('group', { name: 'Jäsenyys ja oikeudet' });
  await membership.getByRole('checkbox', { name: 'Jäsennumero' }).check();
  await membership.getByRole('checkbox', { name: 'Jäsen alkaen' }).check();
  await expectAccessible(page, 'sarakevalitsin, jäsennumero');
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Jäsennumero' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Jäsen alkaen' })).toBeVisible();

  // Sorted on the server by the member number, both ways; each row shows its number and today's date.
  const numberCells = table.locator('tbody tr td:nth-child(4)');
  await table.getByRole('button', { name: 'Jäsennumero' }).click();
  await expect(table.getByRole('columnheader', { name: 'Jäsennumero' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(numberCells).toHaveText(ids.map(String));
  await table.getByRole('button', { name: 'Jäsennumero' }).click();
  await expect(table.getByRole('columnheader', { name: 'Jäsennumero' })).toHaveAttribute('aria-sort', 'descending');
  await expect(numberCells).toHaveText([...ids].reverse().map(String));
  await expect(table.locator('tbody tr').first().locator('td').nth(4)).toHaveText(todayFinnish());
  await table.getByRole('button', { name: 'Jäsen alkaen' }).click();
  await expect(table.getByRole('columnheader', { name: 'Jäsen alkaen' })).toHaveAttribute('aria-sort', 'ascending');
  await expectAccessible(page, 'jäsenlista, jäsennumero ja jäsen alkaen');

  // The member form shows both as text, not as inputs.
  await page.goto(`/members/${String(ids[0])}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: `Cilla ${lastname}` })).toBeVisible();
  const facts = page.getByTestId('membership-facts');
  await expect(facts.getByRole('group', { name: 'Jäsennumero' })).toHaveText(`Jäsennumero${String(ids[0])}`);
  await expect(facts.getByRole('group', { name: 'Jäsen alkaen' })).toHaveText(`Jäsen alkaen${todayFinnish()}`);
  await expect(page.getByRole('textbox', { name: 'Jäsennumero' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Jäsen alkaen' })).toHaveCount(0);
  await expectAccessible(page, 'jäsenlomake, jäsennumero');

  // Back to the default columns for the next journeys (set-up, not the journey).
  await api.post('session/set_persistent_data', { key: 'members_columns', val: ['email', 'phone'] });
  await api.post('session/set_persistent_data', { key: 'members_sort', val: { field: 'lastname', dir: 'asc' } });
});

test('tunniste lisäasetuksissa; loki kertoo näkyvyyden muutoksen sanoin', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const api = await signIn(request);
  const name = `e2e_nimike_${stamp}`;
  const label = `Nimikoe ${stamp}`;
  const field = await api.post<{ id: number }>('fields/new', { name, label, type: 'text', visibility: 2 });

  await loginAsAdmin(page, '/config/fields');
  // The field list names fields by label only.
  await expect(page.getByRole('link', { name: label })).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
  await expectAccessible(page, 'kenttälista ilman tunnisteita');

  await page.getByRole('link', { name: label }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Muokkaa kenttää ”${label}”` })).toBeVisible();
  const advanced = page.getByRole('button', { name: 'Lisäasetukset' });
  await expect(advanced).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Tunniste')).toBeHidden();
  await expectAccessible(page, 'kentän muokkaus, lisäasetukset kiinni');
  await advanced.focus();
  await page.keyboard.press('Enter');
  await expect(advanced).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Tunniste')).toBeVisible();
  await expect(page.getByLabel('Tunniste')).toHaveValue(name);
  await expectAccessible(page, 'kentän muokkaus, lisäasetukset auki');

  // Editable → required, saved; the log says so in words.
  await page.getByRole('radio', { name: 'Pakollinen' }).check();
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(notification(page, 'Kenttä tallennettu.')).toBeVisible();
  await page.goto('/log');
  const row = page.getByTestId('log-row').filter({ hasText: `Kenttä: ${label}` }).first();
  await expect(row.getByRole('rowheader')).toHaveText('Kenttää muokattu');
  await expect(row.getByRole('listitem')).toHaveText('Näkyvyys: muokattava →muuttui arvoon pakollinen');
  await expect(page.getByTestId('log-row').filter({ hasText: name })).toHaveCount(0);
  await expectAccessible(page, 'loki, näkyvyyden muutos');
  await row.getByRole('link', { name: /Kenttää muokattu$/ }).click();
  const changed = page.getByTestId('log-entry-data').getByRole('row').nth(1);
  await expect(changed.getByRole('rowheader')).toHaveText('Näkyvyys');
  await expect(changed.getByRole('cell')).toHaveText(['muokattava', 'pakollinen']);
  await expect(page.getByTestId('log-entry-details')).toContainText(`Kenttä: ${label}`);
  await expectAccessible(page, 'lokimerkintä, näkyvyyden muutos');

  // A new group: the identifier follows the name behind "Lisäasetukset".
  await page.goto('/config/groups/add');
  await expect(page.getByLabel('Tunniste')).toBeHidden();
  await page.getByLabel('Ryhmän nimi').fill(`Ryhmäkoe ${stamp}`);
  await page.getByRole('button', { name: 'Lisäasetukset' }).click();
  await expect(page.getByLabel('Tunniste')).toHaveValue(`ryhmakoe_${stamp}`);
  await expectAccessible(page, 'uusi ryhmä, lisäasetukset auki');

  // A required field would bind later journeys: remove it (set-up, not the journey).
  await apiDelete(request, `fields/${String(field.id)}?confirmed=1`);
});
