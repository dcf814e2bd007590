import { type APIResponse, expect, type Locator, type Page, test } from '@playwright/test';
import { CSRF_COOKIE, CSRF_HEADER } from '../src/shared/constants';
import { filterToParam } from '../src/shared/filter/normalize';
import type { Filter } from '../src/shared/filter/types';
import { expectAccessible } from './helpers/axe';
import { loginAsAdmin, submitLogin } from './helpers/session';

// The members list as an admin uses it: find a member with quick search and the
// top bar's supersearch; filter with an OR condition; bulk edit a group membership
// for the filter and undo it; delete a member and restore them from the removed
// members; the "Kaikki" page size keeps the DOM small. Members are seeded through the
// API with the admin's session. The tests build on the seed, so they run in order.

// Each journey runs several axe scans over long lists; give them room on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const LASTNAME = 'Listalainen';
const SEEDED = 150;
const CITIES = ['Turku', 'Tampere', 'Oulu'] as const;
const GROUP = { name: 'e2e_lista', label: 'E2E Listaryhmä' };
const SOINTU = { firstname: 'Sointu', lastname: 'Åkerblom', email: 'sointu.akerblom@example.fi', address_city: 'Porvoo' };

const byLastname: Filter = [{ field: 'lastname', verb: 'eq', value: LASTNAME }];
const turkuOrOulu: Filter = [
  ...byLastname,
  {
    field: 'FILTER_OR',
    verb: 'or',
    value: [
      { field: 'address_city', verb: 'eq', value: 'Turku' },
      { field: 'address_city', verb: 'eq', value: 'Oulu' },
    ],
  },
];
const listUrl = (filter: Filter) => `/members?filter=${filterToParam(filter)}`;

/** POSTs to /api/1 with the page's session cookie and CSRF token, as the web client does. */
async function apiPost(page: Page, path: string, body: unknown): Promise<APIResponse> {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  return page.request.post(`/api/1/${path}`, { data: body, headers: { [CSRF_HEADER]: token } });
}

async function apiJson<T>(page: Page, path: string, body: unknown): Promise<T> {
  const res = await apiPost(page, path, body);
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

const countOf = (page: Page, filter: Filter) =>
  apiJson<{ stats: { result_count: number } }>(page, 'members/get_results', { filter, page_size: 20 }).then((r) => r.stats.result_count);

/** A notification; earlier ones may still be fading out, so the newest is checked. */
const notification = (page: Page, text: string): Locator => page.getByRole('alert').filter({ hasText: text }).last();

const memberCount = (page: Page) => page.getByTestId('member-count');

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  await loginAsAdmin(page);
  // Seeded once per data directory (a repeated run finds the members already there).
  if ((await countOf(page, byLastname)) > 0) {
    await page.close();
    return;
  }
  await apiJson(page, 'groups/new', GROUP);
  const members = [
    SOINTU,
    ...Array.from({ length: SEEDED }, (_, i) => {
      const n = String(i + 1).padStart(3, '0');
      return { firstname: `Lista${n}`, lastname: LASTNAME, email: `lista${n}@example.fi`, address_city: CITIES[i % CITIES.length] };
    }),
  ];
  // Other journeys may have made a custom field required; the seed skips it as an admin may.
  for (let i = 0; i < members.length; i += 10) {
    await Promise.all(members.slice(i, i + 10).map((m) => apiJson(page, 'members/new', { ...m, bypass_required_fields: true })));
  }
  await page.close();
});

test('pikahaku ja yläpalkin haku löytävät jäsenen', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Jäsenet' }).click();
  await expect(page).toHaveURL('/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Jäsenet' })).toBeFocused();
  await expect(page).toHaveTitle(/^Jäsenet – /);
  await expect(memberCount(page)).toHaveText(/^\d+ jäsentä$/);
  // Default columns: name, email and phone; the name sorts A–Ö.
  const table = page.getByRole('table', { name: 'Jäsenlista' });
  await expect(table.getByRole('columnheader', { name: 'Nimi' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.getByRole('columnheader', { name: 'Sähköposti' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Matkapuhelin' })).toBeVisible();
  await expectAccessible(page, 'jäsenlista');

  // Quick search ignores case and accents: "akerb" finds Åkerblom.
  await page.getByLabel('Pikahaku').fill('akerb');
  const results = page.getByRole('table', { name: 'Hakutulokset' });
  await expect(results.getByRole('row')).toHaveCount(2);
  await expect(page.getByTestId('search-count')).toHaveText('Löytyi 1 jäsen');
  await expect(results.getByRole('link', { name: 'Sointu Åkerblom' })).toBeVisible();
  await expectAccessible(page, 'jäsenlista, pikahaku');
  await results.getByRole('link', { name: 'Sointu Åkerblom' }).click();
  await expect(page).toHaveURL(/\/members\/\d+\/edit$/);
  const sointuUrl = page.url();

  // Supersearch in the top bar: arrows choose, Enter opens the member.
  await page.goto('/members');
  const supersearch = page.getByRole('combobox', { name: 'Hae rekisteristä' });
  await supersearch.fill('Sointu');
  await expect(page.getByRole('option', { name: /Sointu Åkerblom/ })).toBeVisible();
  await expect(supersearch).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, 'yläpalkin haku auki');
  await supersearch.press('ArrowDown');
  await supersearch.press('Enter');
  await expect(page).toHaveURL(sointuUrl);
  // (A page still loading when the next search is typed leaves focus in the box: route-loading.spec.ts.)
  await expect(page.getByRole('heading', { level: 1, name: 'Sointu Åkerblom' })).toBeVisible();

  // Enter without a choice opens every match on the search page.
  await supersearch.fill(LASTNAME);
  await expect(page.getByRole('option', { name: 'Näytä kaikki hakutulokset' })).toBeVisible();
  await supersearch.press('Enter');
  await expect(page).toHaveURL(`/search/members/${LASTNAME}`);
  await expect(page.getByRole('heading', { level: 1, name: `Haku: ”${LASTNAME}”` })).toBeVisible();
  await expect(page.getByTestId('search-count')).toHaveText('Näytetään 100 ensimmäistä osumaa. Tarkenna hakua nähdäksesi muut.');
  await expectAccessible(page, 'hakusivu');
});

test('rajaus TAI-ryhmällä, järjestys ja rajaus osoitteessa', async ({ page }) => {
  await loginAsAdmin(page, '/members');
  await page.getByRole('button', { name: 'Lisää ehto' }).click();
  await expect(page.getByLabel('Kenttä, ehto 1')).toBeFocused();
  await page.getByLabel('Kenttä, ehto 1').selectOption({ label: 'Sukunimi' });
  await page.getByLabel('Vertailu, ehto 1').selectOption({ label: 'on' });
  await page.getByLabel('Arvo, ehto 1').fill(LASTNAME);
  await expect(memberCount(page)).toHaveText(`${String(SEEDED)} jäsentä`);

  // Sukunimi = Listalainen JA (Postitoimipaikka = Turku TAI Postitoimipaikka = Oulu).
  await page.getByRole('button', { name: 'Lisää TAI-ryhmä' }).click();
  await expect(page.getByLabel('Kenttä, ehto 2')).toBeFocused();
  await page.getByLabel('Kenttä, ehto 2').selectOption({ label: 'Postitoimipaikka' });
  await page.getByLabel('Vertailu, ehto 2').selectOption({ label: 'on' });
  await page.getByLabel('Arvo, ehto 2').fill('Turku');
  await expect(memberCount(page)).toHaveText('50 jäsentä');
  await page.getByRole('button', { name: 'Lisää TAI-ehto' }).click();
  await page.getByLabel('Kenttä, ehto 3').selectOption({ label: 'Postitoimipaikka' });
  await page.getByLabel('Vertailu, ehto 3').selectOption({ label: 'on' });
  await page.getByLabel('Arvo, ehto 3').fill('Oulu');
  await expect(memberCount(page)).toHaveText('100 jäsentä');
  await expect(page).toHaveURL(/[?&]filter=/);
  await expectAccessible(page, 'jäsenlista, rajaus TAI-ryhmällä');

  // A header click sorts by that column; a second click turns it around.
  const table = page.getByRole('table', { name: 'Jäsenlista' });
  const firstName = table.locator('tbody tr').first().getByRole('link');
  await expect(firstName).toHaveText('Lista001 Listalainen');
  await table.getByRole('button', { name: 'Nimi' }).click();
  await expect(table.getByRole('columnheader', { name: 'Nimi' })).toHaveAttribute('aria-sort', 'descending');
  await expect(firstName).toHaveText('Lista150 Listalainen');
  await table.getByRole('button', { name: 'Sähköposti' }).click();
  await expect(table.getByRole('columnheader', { name: 'Sähköposti' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.getByRole('columnheader', { name: 'Nimi' })).not.toHaveAttribute('aria-sort', /.+/);
  await expect(firstName).toHaveText('Lista001 Listalainen');
  await table.getByRole('button', { name: 'Nimi' }).click();
  await expect(table.getByRole('columnheader', { name: 'Nimi' })).toHaveAttribute('aria-sort', 'ascending');

  // Five pages of 20; page 2 starts at the 21st member.
  await page.getByRole('navigation', { name: 'Sivut' }).getByRole('button', { name: 'Sivu 2' }).click();
  await expect(firstName).toHaveText('Lista031 Listalainen');

  // The filter survives a reload: the same count, and the rows as typed.
  await page.reload();
  await expect(memberCount(page)).toHaveText('100 jäsentä');
  await expect(page.getByLabel('Arvo, ehto 3')).toHaveValue('Oulu');
  await expect(page.getByLabel('Kenttä, ehto 2')).toHaveValue('address_city');
  expect(await countOf(page, turkuOrOulu)).toBe(100);
});

test('joukkomuokkaus lisää rajatut ryhmään, ja kumoaminen palauttaa', async ({ page }) => {
  await loginAsAdmin(page, listUrl(turkuOrOulu));
  await expect(memberCount(page)).toHaveText('100 jäsentä');
  await page.getByRole('link', { name: 'Joukkomuokkaa rajatut' }).click();
  await expect(page).toHaveURL(/\/members\/bulkedit\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Joukkomuokkaus' })).toBeVisible();
  await expect(page.getByTestId('bulk-count')).toHaveText('Rajaus koskee 100 jäsentä.');
  await expect(page.getByTestId('bulk-filter')).toContainText('Postitoimipaikka on ”Turku” tai Postitoimipaikka on ”Oulu”');

  // Saving with nothing chosen says so.
  await page.getByRole('button', { name: 'Tallenna muutokset' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Valitse vähintään yksi muutettava kenttä tai ryhmä.' })).toBeVisible();

  await page.getByLabel(`Muuta: ${GROUP.label}`).check();
  await expect(page.getByRole('radio', { name: 'Lisää ryhmään' })).toBeChecked();
  await expectAccessible(page, 'joukkomuokkaus');
  await page.getByRole('button', { name: 'Tallenna muutokset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Muutetaanko 100 jäsenen tiedot?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('bulk-summary')).toHaveText(`Lisätään ryhmään ”${GROUP.label}”`);
  await expectAccessible(page, 'joukkomuokkaus, vahvistus');
  await dialog.getByRole('button', { name: 'Muuta 100 jäsenen tiedot' }).click();

  await expect(page).toHaveURL(listUrl(turkuOrOulu));
  const done = notification(page, '100 jäsenen tiedot muutettu.');
  await expect(done).toBeVisible();
  expect(await countOf(page, [{ field: GROUP.name, verb: 'in_group' }])).toBe(100);

  // The group as a column: "Kyllä" for the filtered members.
  await page.getByRole('button', { name: 'Sarakkeet (2)' }).click();
  await page.getByRole('checkbox', { name: GROUP.label }).check();
  await page.keyboard.press('Escape');
  const table = page.getByRole('table', { name: 'Jäsenlista' });
  const groupCell = table.locator('tbody tr').first().locator('td').nth(3);
  await expect(table.getByRole('columnheader', { name: GROUP.label })).toBeVisible();
  await expect(groupCell).toHaveText('Kyllä');

  await done.getByRole('button', { name: 'Kumoa' }).click();
  await expect(notification(page, 'Muutos kumottu.')).toBeVisible();
  await expect(groupCell).toHaveText('Ei');
  expect(await countOf(page, [{ field: GROUP.name, verb: 'in_group' }])).toBe(0);

  // The member's history names both changes.
  await table.locator('tbody tr').first().getByRole('button', { name: /^Toiminnot: / }).click();
  await page.getByRole('menuitem', { name: 'Muutoshistoria' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Muutoshistoria: Lista001 Listalainen' })).toBeVisible();
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText('Muokattu');
  await expect(entries.nth(0).getByRole('row', { name: new RegExp(`${GROUP.label} Kyllä Ei`) })).toBeVisible();
  await expect(entries.nth(1).getByRole('row', { name: new RegExp(`${GROUP.label} Ei Kyllä`) })).toBeVisible();
  await expect(entries.nth(2)).toContainText('Lisätty');
  await expect(entries.nth(0)).toContainText(/\d{1,2}\.\d{1,2}\.\d{4} klo \d{1,2}\.\d{2}/);
  await expectAccessible(page, 'muutoshistoria');

  // Back to the default columns for the next journeys (through the API: this is set-up, not the journey).
  expect((await apiPost(page, 'session/set_persistent_data', { key: 'members_columns', val: ['email', 'phone'] })).ok()).toBe(true);
  await page.goto('/members');
  await expect(page.getByRole('button', { name: 'Sarakkeet (2)' })).toBeVisible();
});

test('kumoaminen, kun jäsentä on muutettu välillä: muut kumotaan, muutettu jää ennalleen', async ({ page }) => {
  await loginAsAdmin(page);
  const tampere: Filter = [...byLastname, { field: 'address_city', verb: 'eq', value: 'Tampere' }];
  await page.goto(`/members/bulkedit/${filterToParam(tampere)}`);
  await expect(page.getByTestId('bulk-count')).toHaveText('Rajaus koskee 50 jäsentä.');
  await page.getByLabel(`Muuta: ${GROUP.label}`).check();
  await page.getByRole('button', { name: 'Tallenna muutokset' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Muuta 50 jäsenen tiedot' }).click();
  const done = notification(page, '50 jäsenen tiedot muutettu.');
  await expect(done).toBeVisible();

  // Someone changes one of them before the undo.
  const found = await apiJson<{ results: { id: number }[] }>(page, 'members/get_results', {
    filter: [{ field: 'firstname', verb: 'eq', value: 'Lista002' }],
    page_size: 20,
  });
  const id = found.results[0]?.id ?? 0;
  await apiJson(page, `members/${String(id)}`, { address_street: 'Muutoskatu 2' });

  await done.getByRole('button', { name: 'Kumoa' }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'Kumoaminen keskeytettiin' });
  await expect(conflict).toContainText('1 jäsenen tietoja on muutettu sen jälkeen');
  await expect(conflict.getByTestId('undo-conflict-names')).toHaveText('Lista002 Listalainen');
  const keep = conflict.getByRole('button', { name: 'Kumoa muille ja jätä nämä ennalleen' });
  await expect(keep).toBeFocused();
  await expectAccessible(page, 'kumoamisen ristiriita');
  await keep.click();
  await expect(notification(page, 'Muutos kumottu. Yksi myöhemmin muutettu jäsen jätettiin ennalleen.')).toBeVisible();
  expect(await countOf(page, [{ field: GROUP.name, verb: 'in_group' }])).toBe(1);
});

test('poisto ilmoituksen kumoamisella ja palautus poistetuista jäsenistä', async ({ page }) => {
  await loginAsAdmin(page, '/members');
  await page.getByLabel('Pikahaku').fill('akerb');
  const results = page.getByRole('table', { name: 'Hakutulokset' });
  await results.getByRole('button', { name: 'Toiminnot: Sointu Åkerblom' }).click();
  await page.getByRole('menuitem', { name: 'Poista' }).click();
  await expect(notification(page, 'Jäsen poistettu.')).toBeVisible();
  await expect(page.getByTestId('search-count')).toHaveText('Löytyi 0 jäsentä');

  // Undo from the notification brings her back at once.
  await notification(page, 'Jäsen poistettu.').getByRole('button', { name: 'Kumoa' }).click();
  await expect(notification(page, 'Muutos kumottu.')).toBeVisible();
  await expect(page.getByTestId('search-count')).toHaveText('Löytyi 1 jäsen');

  // Deleted again, she waits in the removed members until restored.
  await results.getByRole('button', { name: 'Toiminnot: Sointu Åkerblom' }).click();
  await page.getByRole('menuitem', { name: 'Poista' }).click();
  await expect(page.getByTestId('search-count')).toHaveText('Löytyi 0 jäsentä');
  await page.getByRole('link', { name: 'Poistetut jäsenet' }).click();
  await expect(page).toHaveURL('/members/removed');
  await expect(page.getByRole('heading', { level: 1, name: 'Poistetut jäsenet' })).toBeVisible();
  const removed = page.getByRole('table', { name: 'Poistetut jäsenet' });
  await expect(removed.getByRole('link', { name: 'Sointu Åkerblom' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Poista pysyvästi' })).toBeVisible();
  await expectAccessible(page, 'poistetut jäsenet');
  await removed.getByRole('button', { name: 'Palauta Sointu Åkerblom' }).click();
  await expect(notification(page, 'Sointu Åkerblom palautettu jäsenlistalle.')).toBeVisible();
  await expect(removed.getByRole('link', { name: 'Sointu Åkerblom' })).toHaveCount(0);

  await page.goto('/members');
  await page.getByLabel('Pikahaku').fill('akerb');
  await expect(page.getByTestId('search-count')).toHaveText('Löytyi 1 jäsen');

  // One's own account cannot be deleted: the question shows why.
  await page.getByLabel('Pikahaku').fill('admin@example.fi');
  const own = page.getByRole('table', { name: 'Hakutulokset' }).getByRole('row').filter({ hasText: 'admin@example.fi' });
  await expect(page.getByTestId('search-count')).toHaveText('Löytyi 1 jäsen');
  await own.getByRole('link').click();
  await expect(page).toHaveURL(/\/members\/\d+\/edit$/);
  await page.getByRole('button', { name: 'Poista', exact: true }).click();
  const ask = page.getByRole('dialog');
  await ask.getByRole('button', { name: 'Poista' }).click();
  await expect(ask.getByRole('alert')).toHaveText('Et voi poistaa itseäsi.');
  await ask.getByRole('button', { name: 'Peruuta' }).click();
});

test('Kaikki-sivukoko näyttää vain näkyvät rivit ja hakee loput vieritettäessä', async ({ page }) => {
  await loginAsAdmin(page, listUrl(byLastname));
  await expect(memberCount(page)).toHaveText(`${String(SEEDED)} jäsentä`);
  await page.getByLabel('Jäseniä sivulla').selectOption({ label: 'Kaikki' });
  const scroller = page.getByTestId('members-virtual-scroll');
  await expect(scroller).toBeVisible();
  await expect(memberCount(page)).toHaveText(`${String(SEEDED)} jäsentä`);
  const rows = scroller.locator('tbody tr[data-member-id]');
  await expect(rows.first()).toContainText('Lista001 Listalainen');
  const inDom = await rows.count();
  expect(inDom).toBeGreaterThan(5);
  expect(inDom).toBeLessThan(60);
  await expect(page.getByRole('table', { name: 'Jäsenlista' })).toHaveAttribute('aria-rowcount', String(SEEDED + 1));
  await expectAccessible(page, 'jäsenlista, kaikki');

  // Scrolled to the end, the last members are fetched (second chunk) and shown; the DOM stays small.
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(scroller.getByRole('link', { name: 'Lista150 Listalainen' })).toBeVisible();
  expect(await rows.count()).toBeLessThan(60);

  // The choice is remembered; back to 20 for other journeys.
  await page.reload();
  await expect(page.getByLabel('Jäseniä sivulla')).toHaveValue('100000');
  await page.getByLabel('Jäseniä sivulla').selectOption({ label: '20' });
  await expect(page.getByRole('table', { name: 'Jäsenlista' }).locator('tbody tr')).toHaveCount(20);
});

test('hallituksen jäsen näkee listat ja historian, mutta ei muutostoimintoja', async ({ page, browser }) => {
  await loginAsAdmin(page);
  const board = { email: 'hilla.hallitus@example.fi', password: 'Hallitus-Salasana-2026' };
  await apiJson(page, 'members/new', {
    firstname: 'Hilla',
    lastname: 'Hallitus',
    email: board.email,
    board: true,
    newPassword_: board.password,
    confirmNewPassword_: board.password,
    bypass_required_fields: true,
  });

  const context = await browser.newContext();
  const boardPage = await context.newPage();
  await boardPage.goto('/@login');
  await submitLogin(boardPage, board.email, board.password);
  await expect(boardPage).toHaveURL('/');
  await boardPage.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Jäsenet' }).click();
  await expect(memberCount(boardPage)).toHaveText(/^\d+ jäsentä$/);
  await expect(boardPage.getByRole('link', { name: 'Lisää jäsen' })).toHaveCount(0);
  await expect(boardPage.getByRole('link', { name: /Joukkomuok/ })).toHaveCount(0);
  await boardPage.getByLabel('Pikahaku').fill('akerb');
  const results = boardPage.getByRole('table', { name: 'Hakutulokset' });
  await results.getByRole('button', { name: 'Toiminnot: Sointu Åkerblom' }).click();
  await expect(boardPage.getByRole('menuitem')).toHaveText(['Muutoshistoria']);
  await boardPage.keyboard.press('Escape');
  await expectAccessible(boardPage, 'jäsenlista hallitukselle');
  // The name opens the history, the only member page the board may read.
  await results.getByRole('link', { name: 'Sointu Åkerblom' }).click();
  await expect(boardPage.getByRole('heading', { level: 1, name: 'Muutoshistoria: Sointu Åkerblom' })).toBeVisible();
  await expect(boardPage.getByRole('link', { name: 'Muokkaa jäsentä' })).toHaveCount(0);
  await boardPage.goto('/members/removed');
  await expect(boardPage.getByRole('heading', { level: 1, name: 'Poistetut jäsenet' })).toBeVisible();
  await expect(boardPage.getByRole('button', { name: 'Poista pysyvästi' })).toHaveCount(0);
  await context.close();
});
