import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, type Page, test } from '@playwright/test';
import { saveEclaim } from './helpers/settings';
import { ASSOCIATION_NAME } from './helpers/admin';
import { type ApiField, requiredCustomValues, signIn } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';
import { loginAsAdmin, submitLogin } from './helpers/session';

// Export, applications and self-edit in the browser: export the filtered members as xlsx and open the file
// with exceljs; a public application on /@apply approved in /members/applications and
// found through the API, another flagged as a duplicate, rejected and undone; an
// ordinary member lands on their own data, changes their city and sees it saved.

/** Unique per run, so the journeys find their own members whatever else the database holds. */
const RUN = Date.now().toString(36);

/** The server drops applications sent faster than this after the form was shown (bot check). */
const MIN_FILL_MS = 3000;

/** A notification; earlier ones may still be fading out, so the newest is checked. */
const notification = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();

/** Today in Helsinki as d.M.yyyy. */
function todayFinnish(): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Helsinki', day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(new Date());
  const n = (type: string) => String(Number(parts.find((p) => p.type === type)?.value));
  return `${n('day')}.${n('month')}.${n('year')}`;
}

/** Fills the required custom fields other journeys may have added, by the text a person types. */
async function fillRequiredCustomFields(page: Page, fields: readonly ApiField[]): Promise<void> {
  for (const { field, typed } of requiredCustomValues(fields)) {
    if (field.type === 'checkbox') await page.getByRole('checkbox', { name: field.label, exact: true }).check();
    else if (field.type === 'dropdown') await page.getByRole('combobox', { name: field.label, exact: true }).selectOption(String(typed));
    else await page.getByRole('textbox', { name: field.label, exact: true }).fill(String(typed));
  }
}

test('vienti: rajatut jäsenet Excel- ja CSV-tiedostoon, valitut sarakkeet muistetaan', async ({ page, request }) => {
  const api = await signIn(request);
  const tag = `Vienti${RUN}`;
  const seeds = [
    { firstname: 'Aino', lastname: `${tag}-Aalto`, email: `aino.${RUN}@example.fi`, address_city: 'Helsinki' },
    { firstname: 'Bertta', lastname: `${tag}-Berg`, email: `bertta.${RUN}@example.fi`, address_city: 'Espoo' },
    { firstname: 'Cecilia', lastname: `${tag}-Ciesla`, email: `cecilia.${RUN}@example.fi`, address_city: '=SUMMA(1;2)' },
  ];
  for (const seed of seeds) await api.post('members/new', { ...seed, bypass_required_fields: true });

  const filter = [{ field: 'lastname', verb: 'starts', value: tag }];
  await loginAsAdmin(page, `/member_export/${encodeURIComponent(JSON.stringify(filter))}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Jäsenten vienti' })).toBeVisible();
  await expect(page).toHaveTitle(`Jäsenten vienti – ${ASSOCIATION_NAME}`);
  await expect(page.getByTestId('export-count')).toHaveText('Tiedostoon tulee 3 jäsentä.');
  await expect(page.getByTestId('export-filter')).toContainText(tag);
  await expect(page.getByText('Suuren jäsenjoukon vienti voi kestää hetken.', { exact: false })).toBeVisible();
  await expectAccessible(page, 'jäsenten vienti');

  // Columns: email, city and the active flag, in the chooser's order whatever the clicking order.
  await page.getByRole('button', { name: 'Poista valinnat' }).click();
  await page.getByRole('checkbox', { name: 'Aktiivinen', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Postitoimipaikka', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Sähköposti', exact: true }).check();
  await expect(page.getByTestId('export-chosen')).toHaveText('Tiedostossa on 6 saraketta.');
  await page.getByRole('radio', { name: 'Excel (.xlsx)' }).check();

  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Lataa Excel-tiedosto' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^jasenet-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByRole('status').filter({ hasText: 'Vienti aloitettu.' })).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await xlsx.path());
  const sheet = workbook.getWorksheet('Jäsenet');
  if (!sheet) throw new Error('no sheet "Jäsenet"');
  const rowValues = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  expect(rowValues(1)).toEqual(['Jäsennumero (järjestelmä)', 'Etunimi', 'Sukunimi', 'Sähköposti', 'Postitoimipaikka', 'Aktiivinen']);
  expect(sheet.actualRowCount).toBe(4);
  expect(rowValues(2).slice(1)).toEqual(['Aino', `${tag}-Aalto`, seeds[0]?.email, 'Helsinki', 'Kyllä']);
  expect(typeof rowValues(2)[0]).toBe('number');
  // A value a spreadsheet would run as a formula arrives as text.
  expect(String(rowValues(4)[4])).not.toMatch(/^=/);
  expect(String(rowValues(4)[4])).toContain('SUMMA(1;2)');

  // CSV of the same choice: semicolons, Finnish headers.
  await page.getByRole('radio', { name: 'CSV (.csv)' }).check();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Lataa CSV-tiedosto' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^jasenet-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await csv.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toBe('Jäsennumero (järjestelmä);Etunimi;Sukunimi;Sähköposti;Postitoimipaikka;Aktiivinen');
  expect(lines).toHaveLength(4);
  expect(lines[2]).toContain(`"Bertta";"${tag}-Berg";"${seeds[1]?.email ?? ''}";"Espoo";"Kyllä"`);

  // The choice is remembered for the next export.
  await page.reload();
  await expect(page.getByTestId('export-count')).toHaveText('Tiedostoon tulee 3 jäsentä.');
  await expect(page.getByRole('checkbox', { name: 'Postitoimipaikka', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Aktiivinen', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Matkapuhelin', exact: true })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'CSV (.csv)' })).toBeChecked();

  // A filter nobody matches has nothing to download.
  await page.goto(`/member_export/${encodeURIComponent(JSON.stringify([{ field: 'lastname', verb: 'eq', value: `Ei-ketään-${RUN}` }]))}`);
  await expect(page.getByTestId('export-count')).toHaveText('Tiedostoon tulee 0 jäsentä.');
  await expect(page.getByText('Suodatin ei rajaa yhtään jäsentä, joten vietävää ei ole.')).toBeVisible();
  await expect(page.getByTestId('export-download')).toHaveCount(0);
});

test('jäsenhakemus: julkinen lomake, hyväksyntä, kaksoiskappale, hylkäys ja kumoaminen', async ({ page, request }) => {
  test.setTimeout(90_000);
  const api = await signIn(request);
  const form = await api.get<{ customer_name: string; fields: ApiField[] }>('members/apply_form');
  const applicant = { firstname: 'Hilkka', lastname: `Hakija${RUN}`, email: `hilkka.${RUN}@example.fi` };

  // --- The applicant, not signed in ---
  await page.goto('/@apply');
  const title = `Liity jäseneksi – ${ASSOCIATION_NAME}`;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const shownAt = Date.now();
  await expect(page).toHaveTitle(title);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expectAccessible(page, 'jäsenhakemus');

  // Empty required fields are named under the fields, focus on the first.
  await page.getByRole('button', { name: 'Lähetä hakemus' }).click();
  await expect(page.getByText('Tämä kenttä ei voi olla tyhjä.').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Etunimi', exact: true })).toBeFocused();
  await expectAccessible(page, 'jäsenhakemus, tyhjät pakolliset kentät');

  await page.getByRole('textbox', { name: 'Etunimi', exact: true }).fill(applicant.firstname);
  await page.getByRole('textbox', { name: 'Sukunimi', exact: true }).fill(applicant.lastname);
  await page.getByRole('textbox', { name: 'Sähköposti', exact: true }).fill('ei-osoite');
  await page.getByRole('textbox', { name: 'Postitoimipaikka', exact: true }).fill('Turku');
  await fillRequiredCustomFields(page, form.fields);
  await page.getByRole('button', { name: 'Lähetä hakemus' }).click();
  await expect(page.getByText('Sähköpostiosoite on virheellinen.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Sähköposti', exact: true })).toBeFocused();
  await page.getByRole('textbox', { name: 'Sähköposti', exact: true }).fill(applicant.email);
  // The honeypot stays empty: people never reach it.
  await expect(page.locator('input[name="website"]')).toHaveValue('');
  await expect(page.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1');

  // A person takes a few seconds; faster submissions are dropped as bots.
  await page.waitForTimeout(Math.max(0, MIN_FILL_MS + 500 - (Date.now() - shownAt)));
  await page.getByRole('button', { name: 'Lähetä hakemus' }).click();
  const thanks = page.getByRole('heading', { level: 2, name: 'Kiitos hakemuksestasi!' });
  await expect(thanks).toBeVisible();
  await expect(thanks).toBeFocused();
  await expect(page.getByTestId('apply-thanks')).toContainText(`yhdistyksen ${ASSOCIATION_NAME} käsiteltävänä`);
  await expectAccessible(page, 'jäsenhakemus lähetetty');

  // The same form without the page frame, for an iframe on the association's website.
  await page.goto('/@apply?embed=1');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('main[data-embed="1"]')).toBeVisible();
  await expect(page.getByText('Jäsenrekisteri: Seura')).toHaveCount(0);
  await expectAccessible(page, 'upotettava jäsenhakemus');

  // A second application by someone who already is a member (same email), sent through the API.
  const existing = await api.post<{ id: number; fullname_: string }>('members/new', {
    firstname: 'Olavi',
    lastname: `Olemassa${RUN}`,
    email: `olavi.${RUN}@example.fi`,
    bypass_required_fields: true,
  });
  const apiValues = Object.fromEntries(requiredCustomValues(form.fields).map(({ field, api: value }) => [field.name, value]));
  await api.post('members/apply', {
    ...apiValues,
    firstname: 'Olli',
    lastname: `Olemassa${RUN}`,
    email: `olavi.${RUN}@example.fi`,
    hp_website: '',
    form_started_at: Date.now() - 10_000,
  });

  // --- The site admin ---
  await loginAsAdmin(page, '/members/applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Jäsenhakemukset' })).toBeVisible();
  const table = page.getByTestId('applications-table');
  const row = table.getByRole('row').filter({ hasText: applicant.lastname });
  await expect(row).toContainText(applicant.email);
  await expect(row).toContainText(todayFinnish());
  await expect(page.getByTestId('apply-embed-snippet')).toHaveValue(
    /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/@apply\?embed=1" title="Jäsenhakemus" style="width:100%;min-height:900px;border:0"><\/iframe>$/,
  );
  await expect(page.getByTestId('apply-form-link')).toHaveAttribute('href', '/@apply');
  await expectAccessible(page, 'jäsenhakemukset');

  // Approve: the applicant becomes a member, with a link to them.
  await row.getByRole('button', { name: `Käsittele hakemus: ${applicant.firstname} ${applicant.lastname}` }).click();
  const drawer = page.getByRole('dialog', { name: `${applicant.firstname} ${applicant.lastname}` });
  await expect(drawer).toBeVisible();
  const values = drawer.getByTestId('application-values');
  await expect(values).toContainText(applicant.email);
  await expect(values).toContainText('Turku');
  await expect(drawer.getByTestId('application-duplicates')).toHaveCount(0);
  await expectAccessible(page, 'jäsenhakemus auki');
  await drawer.getByRole('button', { name: 'Hyväksy' }).click();
  const approved = notification(page, `Hakemus hyväksytty. ${applicant.firstname} ${applicant.lastname} on nyt jäsen.`);
  await expect(approved).toBeVisible();
  await expect(drawer).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: applicant.lastname })).toHaveCount(0);

  // The new member is in the register (not pending any more).
  const found = await api.post<{ results: { id: number; email: string }[] }>('members/get_results', {
    filter: [{ field: 'email', verb: 'eq', value: applicant.email }],
    columns: ['email'],
  });
  expect(found.results).toHaveLength(1);
  const memberId = found.results[0]?.id ?? 0;
  const member = await api.get<{ meta_: { pending: boolean }; address_city: string | null }>(`members/${String(memberId)}`);
  expect(member.meta_.pending).toBe(false);
  expect(member.address_city).toBe('Turku');

  await approved.getByRole('button', { name: 'Avaa jäsenen tiedot' }).click();
  await expect(page).toHaveURL(`/members/${String(memberId)}/edit`);

  // The duplicate: flagged with a link to the existing member; rejected, then undone.
  await page.goto('/members/applications');
  const dupRow = table.getByRole('row').filter({ hasText: `Olli Olemassa${RUN}` });
  await dupRow.getByRole('button', { name: /^Käsittele hakemus/ }).click();
  const dupDrawer = page.getByRole('dialog', { name: `Olli Olemassa${RUN}` });
  const flagged = dupDrawer.getByTestId('application-duplicates');
  await expect(flagged).toContainText('Hakija voi olla jo jäsen');
  await expect(flagged).toContainText('sama sähköpostiosoite');
  await expect(flagged.getByRole('link', { name: existing.fullname_ })).toHaveAttribute('href', `/members/${String(existing.id)}/edit`);
  await expectAccessible(page, 'jäsenhakemus, mahdollinen kaksoiskappale');

  await dupDrawer.getByRole('button', { name: 'Hylkää' }).click();
  const confirm = page.getByRole('dialog', { name: 'Hylätäänkö hakemus?' });
  await expect(confirm).toContainText(`Hakijan Olli Olemassa${RUN} hakemus poistetaan.`);
  await expect(confirm.getByRole('button', { name: 'Peruuta' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Hylkää hakemus' }).click();
  const rejected = notification(page, `Hakemus hylätty: Olli Olemassa${RUN}.`);
  await expect(rejected).toBeVisible();
  await expect(dupRow).toHaveCount(0);
  await rejected.getByRole('button', { name: 'Kumoa' }).click();
  await expect(notification(page, 'Muutos kumottu.')).toBeVisible();
  await expect(dupRow).toBeVisible();
});

test('tavallinen jäsen: kirjautuu omiin tietoihinsa, muuttaa kotikuntaa ja tallentaa', async ({ page, request }) => {
  const api = await signIn(request);
  // Without expense claims an ordinary member has no menu at all (with them on, "Kulukorvaukset").
  await saveEclaim(api, { eclaim_enabled: false });
  const fields = await api.get<ApiField[]>('fields/all?all_headings=1');
  const password = 'Jäsenen-Salasana-2026';
  const email = `jasen.${RUN}@example.fi`;
  await api.post('members/new', {
    ...Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value])),
    firstname: 'Jenni',
    lastname: `Jäsen${RUN}`,
    email,
    address_city: 'Oulu',
    newPassword_: password,
    confirmNewPassword_: password,
  });

  // Signing in at the root lands on the member's own data, not on "no access".
  await page.goto('/');
  await expect(page).toHaveURL(/\/@login/);
  await submitLogin(page, email, password);
  await expect(page).toHaveURL('/edit_me_s');
  const heading = page.getByRole('heading', { level: 1, name: 'Omat tiedot' });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Päävalikko' })).toHaveCount(0);
  const city = page.getByRole('textbox', { name: 'Postitoimipaikka', exact: true });
  await expect(city).toHaveValue('Oulu');
  await expect(page.getByRole('textbox', { name: 'Sähköposti', exact: true })).toHaveValue(email);
  await expectAccessible(page, 'omat tiedot');

  // The user menu leads here too.
  await page.getByRole('button', { name: /, käyttäjävalikko$/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Omat tiedot' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Leaving with unsaved changes asks first.
  await city.fill('Tampere');
  await page.getByRole('link', { name: `${ASSOCIATION_NAME}, etusivu` }).click();
  const unsaved = page.getByRole('dialog', { name: 'Tallentamattomia muutoksia' });
  await expect(unsaved).toBeVisible();
  await unsaved.getByRole('button', { name: 'Jää sivulle' }).click();
  await expect(page).toHaveURL('/edit_me_s');
  await expect(city).toHaveValue('Tampere');

  // An own email cannot be emptied.
  await page.getByRole('textbox', { name: 'Sähköposti', exact: true }).fill('');
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByText('Tämä kenttä ei voi olla tyhjä.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Sähköposti', exact: true })).toBeFocused();
  await page.getByRole('textbox', { name: 'Sähköposti', exact: true }).fill(email);

  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(notification(page, 'Tietosi on tallennettu.')).toBeVisible();
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(city).toHaveValue('Tampere');

  // The root sends them back here; the register stays closed to them.
  await page.goto('/');
  await expect(page).toHaveURL('/edit_me_s');
  await page.goto('/members/applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Ei käyttöoikeutta' })).toBeVisible();
});
