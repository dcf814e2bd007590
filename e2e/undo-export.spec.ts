import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { filterToParam } from '../src/shared/filter/normalize';
import type { Filter } from '../src/shared/filter/types';
import { requiredCustomValues, signIn, type ApiField, type SignedInApi } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';
import { loginAsAdmin } from './helpers/session';

// Export with a long filter (and its error banner); bulk
// edit keeps focus on "Muuta", clearing is its own choice; undo from the notification (by
// keyboard), from "Viimeisimmät muutokset" and from the batch's log entry; focus goes to
// the heading or the notice after saves and undos, never to the page body.

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const RUN = Date.now().toString(36);

/** A notification; earlier ones may still be shown, so the newest is checked. */
const notification = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();

/** Where focus is: the page heading, inside a notification, the body, or something else. */
const focusPlace = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return 'body';
    if (el.hasAttribute('data-page-heading')) return 'heading';
    if (el.closest('[role="alert"]')) return 'notice';
    return `${el.tagName.toLowerCase()}: ${(el.textContent ?? '').trim().slice(0, 40)}`;
  });

async function expectFocusOnHeadingOrNotice(page: Page): Promise<void> {
  // Settled: a first check could pass while focus is still on its way (or to the body).
  await page.waitForTimeout(700);
  await expect.poll(() => focusPlace(page)).toMatch(/^(heading|notice)$/);
}

async function countOf(api: SignedInApi, filter: Filter): Promise<number> {
  const r = await api.post<{ stats: { result_count: number } }>('members/get_results', { filter, page_size: 20 });
  return r.stats.result_count;
}

/** Values for custom fields other journeys made required, so seeding through the API passes. */
async function requiredValues(api: SignedInApi): Promise<Record<string, unknown>> {
  const fields = await api.get<ApiField[]>('fields/all');
  return Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value]));
}

test('vienti pitkällä suodattimella lataa tiedoston, ja virhe näkyy bannerina', async ({ page, request }) => {
  const api = await signIn(request);
  const note = `e2e_huom_${RUN}`;
  await api.post('fields/new', { name: note, label: `E2E Huomio ${RUN}`, type: 'text', visibility: 2 });
  const extra = await requiredValues(api);
  const tag = `Pitkä${RUN}`;
  const people = [
    { firstname: 'Anna', note: 'tärkeä jäsen', city: 'Kemi' },
    { firstname: 'Aapo', note: 'tärkeä jäsen', city: 'Kemi' },
    { firstname: 'Aili', note: 'tavallinen', city: 'Kemi' },
    { firstname: 'Bert', note: 'tärkeä jäsen', city: 'Kemi' },
  ];
  for (const [i, p] of people.entries()) {
    await api.post('members/new', { ...extra, firstname: p.firstname, lastname: tag, email: `pitka${String(i)}.${RUN}@example.fi`, address_city: p.city, [note]: p.note, bypass_required_fields: true });
  }
  // Five conditions, a custom field among them: far past the 100 characters the path allowed.
  const filter: Filter = [
    { field: 'lastname', verb: 'eq', value: tag },
    { field: 'email', verb: 'contains', value: `.${RUN}@example.fi` },
    { field: note, verb: 'contains', value: 'tärkeä' },
    { field: 'address_city', verb: 'eq', value: 'Kemi' },
    { field: 'firstname', verb: 'starts', value: 'A' },
  ];
  expect(encodeURIComponent(JSON.stringify(filter)).length).toBeGreaterThan(300);

  await loginAsAdmin(page, `/member_export/${filterToParam(filter)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Jäsenten vienti' })).toBeVisible();
  await expect(page.getByTestId('export-count')).toHaveText('Tiedostoon tulee 2 jäsentä.');
  await expectAccessible(page, 'vienti, pitkä suodatin');
  await page.getByRole('radio', { name: 'CSV (.csv)' }).check();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Lataa CSV-tiedosto' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^jasenet-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs.readFileSync(await csv.path(), 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).map((l) => l.split(';')[1]).sort()).toEqual(['"Aapo"', '"Anna"']);
  await expect(page.getByRole('status').filter({ hasText: 'Vienti aloitettu.' })).toBeVisible();

  // Any failure shows in the banner (no silent "nothing happened"), and focus goes to it.
  await page.route('**/api/1/members/export_token', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"server_error"}' }));
  await page.getByRole('button', { name: 'Lataa CSV-tiedosto' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'Virhe - Jotain meni pieleen. Koeta uudelleen tai ole yhteydessä asiakaspalveluun.' });
  await expect(banner).toBeVisible();
  await expect(page.getByTestId('export-error')).toBeFocused();
  await expectAccessible(page, 'vienti, virhe');
  await page.unroute('**/api/1/members/export_token');
});

test('joukkomuokkaus: fokus pysyy valinnassa, tyhjennys on oma valintansa, kumoaminen ilmoituksesta, listasta ja lokista', async ({ page, request }) => {
  const api = await signIn(request);
  const extra = await requiredValues(api);
  const tag = `Kumous${RUN}`;
  for (const i of [0, 1, 2]) {
    await api.post('members/new', { ...extra, firstname: `Kumottava${String(i)}`, lastname: tag, email: `kumous${String(i)}.${RUN}@example.fi`, address_city: 'Kemi', bypass_required_fields: true });
  }
  const mine: Filter = [{ field: 'lastname', verb: 'eq', value: tag }];
  const inCity = (city: string) => countOf(api, [...mine, { field: 'address_city', verb: 'eq', value: city }]);
  const cleared = () => countOf(api, [...mine, { field: 'address_city', verb: 'empty' }]);

  await loginAsAdmin(page, `/members/bulkedit/${filterToParam(mine)}`);
  await expect(page.getByTestId('bulk-count')).toHaveText('Rajaus koskee 3 jäsentä.');

  // Ticking "Muuta" leaves focus where it is; Tab reaches the value next.
  const change = page.getByRole('checkbox', { name: 'Muuta: Postitoimipaikka' });
  await change.check();
  await expect(change).toBeFocused();
  await page.keyboard.press('Tab');
  const value = page.getByRole('textbox', { name: 'Uusi arvo: Postitoimipaikka' });
  await expect(value).toBeFocused();
  await expectAccessible(page, 'joukkomuokkaus, muutettava kenttä');

  // Left empty, nothing is cleared: the field says how to clear on purpose.
  await page.getByRole('button', { name: 'Tallenna muutokset' }).click();
  await expect(page.getByText('Kirjoita uusi arvo tai valitse ”Tyhjennä kenttä”, jos kenttä tyhjennetään kaikilta.')).toBeVisible();
  await expect(value).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page, 'joukkomuokkaus, tyhjä arvo');

  await page.getByRole('checkbox', { name: 'Tyhjennä kenttä: Postitoimipaikka' }).check();
  await expect(value).toBeDisabled();
  await page.getByRole('button', { name: 'Tallenna muutokset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Muutetaanko 3 jäsenen tiedot?' });
  await expect(dialog.getByTestId('bulk-summary')).toHaveText('Postitoimipaikka: tyhjennetään');
  await dialog.getByRole('button', { name: 'Muuta 3 jäsenen tiedot' }).click();

  // The notification stays, and its "Kumoa" has focus at once; Escape closes it.
  const done = notification(page, '3 jäsenen tiedot muutettu.');
  await expect(done).toBeVisible();
  await expect(done.getByRole('button', { name: 'Kumoa' })).toBeFocused();
  await expectAccessible(page, 'jäsenlista, kumoamisilmoitus');
  expect(await cleared()).toBe(3);
  await page.waitForTimeout(11_000); // longer than the old 10 s
  await expect(done).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(done).toHaveCount(0);
  await expectFocusOnHeadingOrNotice(page);

  // "Viimeisimmät muutokset" from the members area: undo from the list.
  await page.getByRole('link', { name: 'Viimeisimmät muutokset' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Viimeisimmät muutokset' })).toBeVisible();
  const row = page.getByTestId('recent-table').locator('tbody tr').filter({ hasText: 'Joukkomuokkaus: Postitoimipaikka: tyhjennetty' }).first();
  await expect(row.getByTestId('recent-state')).toHaveText('Voidaan kumota');
  await expectAccessible(page, 'viimeisimmät muutokset');
  await row.getByRole('button', { name: /^Kumoa: Joukkomuokkaus: Postitoimipaikka: tyhjennetty/ }).click();
  await expect(notification(page, 'Muutos kumottu.')).toBeVisible();
  await expect(row.getByTestId('recent-state')).toHaveText(/^Kumottu \d{1,2}\.\d{1,2}\.\d{4} klo \d{1,2}\.\d{2}, .+/);
  await expect(row.getByRole('button', { name: /^Kumoa/ })).toHaveCount(0);
  await expectFocusOnHeadingOrNotice(page);
  expect(await inCity('Kemi')).toBe(3);
  await expectAccessible(page, 'viimeisimmät muutokset, kumottu');

  // Undo from the notification by keyboard alone: Enter on the focused "Kumoa".
  await page.goto(`/members/bulkedit/${filterToParam(mine)}`);
  await page.getByRole('checkbox', { name: 'Muuta: Postitoimipaikka' }).check();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Tornio');
  await page.getByRole('button', { name: 'Tallenna muutokset' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Muuta 3 jäsenen tiedot' }).click();
  const second = notification(page, '3 jäsenen tiedot muutettu.');
  await expect(second.getByRole('button', { name: 'Kumoa' })).toBeFocused();
  expect(await inCity('Tornio')).toBe(3);
  await page.waitForTimeout(1500); // the list has loaded around it: focus is still there
  await expect.poll(() => focusPlace(page)).toBe('notice');
  await page.keyboard.press('Enter');
  await expect(notification(page, 'Muutos kumottu.')).toBeVisible();
  await expectFocusOnHeadingOrNotice(page);
  expect(await inCity('Kemi')).toBe(3);

  // Undo from the batch's log entry, reached from the recent changes.
  await page.goto(`/members/bulkedit/${filterToParam(mine)}`);
  await page.getByRole('checkbox', { name: 'Muuta: Postitoimipaikka' }).check();
  await page.getByRole('textbox', { name: 'Uusi arvo: Postitoimipaikka' }).fill('Oulu');
  await page.getByRole('button', { name: 'Tallenna muutokset' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Muuta 3 jäsenen tiedot' }).click();
  await expect(notification(page, '3 jäsenen tiedot muutettu.')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/members/recent');
  const oulu = page.getByTestId('recent-table').locator('tbody tr').filter({ hasText: 'Joukkomuokkaus: Postitoimipaikka: Oulu' }).first();
  await oulu.getByRole('link', { name: /^Lokimerkintä: Joukkomuokkaus: Postitoimipaikka: Oulu/ }).click();
  await expect(page).toHaveURL(/\/log\/\d+$/);
  await expect(page.getByTestId('log-undo-state')).toHaveText('Voidaan kumota');
  await expectAccessible(page, 'lokimerkintä, kumottavissa');
  await page.getByRole('button', { name: 'Kumoa tämä muutos' }).click();
  await expect(notification(page, 'Muutos kumottu.')).toBeVisible();
  await expect(page.getByTestId('log-undo-state')).toHaveText(/^Kumottu /);
  await expect(page.getByRole('button', { name: 'Kumoa tämä muutos' })).toHaveCount(0);
  await expectFocusOnHeadingOrNotice(page);
  expect(await inCity('Kemi')).toBe(3);
  await expectAccessible(page, 'lokimerkintä, kumottu');
});

test('tallennuksen jälkeen fokus on otsikossa tai ilmoituksessa: jäsen, asetukset, kenttä, ryhmä', async ({ page, request }) => {
  const api = await signIn(request);
  const fields = await api.get<ApiField[]>('fields/all');
  await loginAsAdmin(page);

  // A member: add, then edit.
  await page.goto('/members/add');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('Etunimi').fill('Fokus');
  await page.getByLabel('Sukunimi').fill(`Tallentaja${RUN}`);
  await page.getByLabel('Sähköposti', { exact: true }).fill(`fokus.${RUN}@example.fi`);
  for (const { field, typed } of requiredCustomValues(fields)) {
    if (field.type === 'checkbox') await page.getByRole('checkbox', { name: field.label, exact: true }).check();
    else if (field.type === 'dropdown') await page.getByRole('combobox', { name: field.label, exact: true }).selectOption(String(typed));
    else await page.getByRole('textbox', { name: field.label, exact: true }).fill(String(typed));
  }
  await page.getByRole('button', { name: 'Lisää jäsen' }).click();
  await expect(notification(page, 'Jäsen lisätty.')).toBeVisible();
  await expect(page).toHaveURL(/\/members\/\d+\/edit$/);
  await expectFocusOnHeadingOrNotice(page);
  await expectAccessible(page, 'jäsen lisätty');
  await page.getByLabel('Postitoimipaikka').fill('Rovaniemi');
  await page.getByRole('button', { name: 'Tallenna', exact: true }).click();
  await expect(notification(page, 'Jäsenen tiedot tallennettu.')).toBeVisible();
  await expectFocusOnHeadingOrNotice(page);

  // Settings (the same address the settings journey leaves there).
  await page.goto('/config/settings');
  await page.getByLabel('Vastausosoite (sähköposti)').fill('hallitus@example.fi');
  await page.getByRole('button', { name: 'Tallenna', exact: true }).click();
  await expect(notification(page, 'Asetukset tallennettu.')).toBeVisible();
  await expectFocusOnHeadingOrNotice(page);
  await expectAccessible(page, 'asetukset tallennettu');

  // A field and a group.
  await page.goto('/config/fields/add');
  await page.getByLabel('Nimi lomakkeella').fill(`E2E Fokuskenttä ${RUN}`);
  await page.getByRole('button', { name: 'Tallenna', exact: true }).click();
  await expect(notification(page, 'Kenttä lisätty.')).toBeVisible();
  await expectFocusOnHeadingOrNotice(page);
  await page.goto('/config/groups/add');
  await page.getByLabel('Ryhmän nimi').fill(`E2E Fokusryhmä ${RUN}`);
  await page.getByRole('button', { name: 'Tallenna', exact: true }).click();
  await expect(notification(page, 'lisätty')).toBeVisible();
  await expectFocusOnHeadingOrNotice(page);
  await expectAccessible(page, 'ryhmä lisätty');
});
