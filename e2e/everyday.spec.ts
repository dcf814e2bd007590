import { expect, type Locator, type Page, test } from '@playwright/test';
import { filterToParam } from '../src/shared/filter/normalize';
import type { Filter } from '../src/shared/filter/types';
import { expectAccessible } from './helpers/axe';
import { linkFromOutbox } from './helpers/outbox';
import { type ApiField, requiredCustomValues, signIn, type SignedInApi } from './helpers/adminApi';
import { loginAsAdmin, submitLogin } from './helpers/session';

// The everyday friction: a forgotten password by email (the link read from
// the e2e server's outbox), saved filters in the member list and on the export page, and a
// group's page listing its members with a link to the filtered member list.

test.describe.configure({ timeout: 90_000 });

const RUN = Date.now().toString(36);

const notification = (page: Page, text: string): Locator => page.getByRole('alert').filter({ hasText: text }).last();

async function requiredExtras(api: SignedInApi): Promise<Record<string, unknown>> {
  const fields = await api.get<ApiField[]>('fields/all?all_headings=1');
  return Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value]));
}

test('unohtunut salasana: linkki sähköpostiin, uusi salasana ja kirjautuminen', async ({ page, request }) => {
  const api = await signIn(request);
  const email = `unohtaja.${RUN}@example.fi`;
  const NEW_PASSWORD = 'Uusi-Kevät-Salasana-2026';
  await api.post('members/new', {
    firstname: 'Unto',
    lastname: `Unohtaja ${RUN}`,
    email,
    newPassword_: 'Vanha-Salasana-123',
    confirmNewPassword_: 'Vanha-Salasana-123',
    bypass_required_fields: true,
    ...(await requiredExtras(api)),
  });

  await page.goto('/@login');
  await expectAccessible(page, 'kirjautuminen');
  await page.getByRole('link', { name: 'Unohtuiko salasana?' }).click();
  await expect(page).toHaveURL('/@reset');
  await expect(page).toHaveTitle(/^Unohtunut salasana – /);
  await expect(page.getByRole('heading', { level: 1, name: 'Unohtunut salasana' })).toBeVisible();
  await expectAccessible(page, 'salasanan palautuspyyntö');

  // An empty address: the error under the field, and focus on it.
  await page.getByRole('button', { name: 'Lähetä linkki' }).click();
  await expect(page.getByLabel('Sähköposti')).toBeFocused();
  await expect(page.getByText('Tämä kenttä ei voi olla tyhjä.')).toBeVisible();
  await page.getByLabel('Sähköposti').fill(email);
  await page.getByRole('button', { name: 'Lähetä linkki' }).click();
  await expect(page.getByTestId('reset-sent')).toContainText('Jos osoite on yhdistyksen jäsenrekisterissä');
  await expect(page.getByTestId('reset-sent')).toBeFocused();
  await expectAccessible(page, 'salasanan palautuspyyntö lähetetty');

  const link = await linkFromOutbox(email, /https?:\/\/[^\s/]+(\/@reset\/[A-Za-z0-9_-]+)/);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Aseta uusi salasana' })).toBeVisible();
  await expect(page).toHaveTitle(/^Aseta uusi salasana – /);
  await expectAccessible(page, 'uusi salasana');

  // Mismatched confirmation: the error under the second field, which gets focus.
  await page.getByRole('textbox', { name: 'Uusi salasana', exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Uusi salasana uudelleen').fill('Jotain-Muuta-123');
  await page.getByRole('button', { name: 'Tallenna uusi salasana' }).click();
  await expect(page.getByLabel('Uusi salasana uudelleen')).toBeFocused();
  await expect(page.getByText('Salasanat eivät täsmää.')).toBeVisible();
  await expectAccessible(page, 'uusi salasana, virhe');
  await page.getByLabel('Uusi salasana uudelleen').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Tallenna uusi salasana' }).click();

  await expect(page).toHaveURL('/@login');
  await expect(page.getByText('Salasana on vaihdettu. Kirjaudu sisään uudella salasanalla.')).toBeVisible();
  await submitLogin(page, email, NEW_PASSWORD);
  // Signed in: an ordinary member lands on their own details.
  await expect(page).toHaveURL('/edit_me_s');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await expect(page.getByText('Linkki on vanhentunut tai jo käytetty. Pyydä uusi linkki.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pyydä uusi linkki' })).toBeVisible();
  await expectAccessible(page, 'käytetty linkki');
});

test('tallennettu suodatin: tallenna jäsenlistassa, valitse listassa ja viennissä', async ({ page, request }) => {
  const api = await signIn(request);
  const extras = await requiredExtras(api);
  const lastname = `Suodatinen${RUN}`;
  for (const firstname of ['Aino', 'Eino', 'Iina']) {
    await api.post('members/new', { firstname, lastname, email: `${firstname.toLowerCase()}.${RUN}@example.fi`, bypass_required_fields: true, ...extras });
  }
  const filter: Filter = [{ field: 'lastname', verb: 'eq', value: lastname }];
  const name = `Juniorit ${RUN}`;

  await loginAsAdmin(page, `/members?filter=${filterToParam(filter)}`);
  await expect(page.getByTestId('member-count')).toHaveText('3 jäsentä');
  await page.getByRole('button', { name: 'Tallenna suodatin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tallenna suodatin' });
  await expect(dialog.getByLabel('Suodattimen nimi')).toBeFocused();
  await expectAccessible(page, 'suodattimen tallennus');
  await dialog.getByLabel('Suodattimen nimi').fill(name);
  await dialog.getByRole('button', { name: 'Tallenna suodatin' }).click();
  await expect(notification(page, `Suodatin ”${name}” tallennettu.`)).toBeVisible();
  const picker = page.getByLabel('Tallennetut suodattimet');
  await expect(picker.locator('option:checked')).toHaveText(name);

  // From the whole register, the saved filter picks the three again.
  await page.goto('/members');
  await expect(page.getByTestId('member-count')).not.toHaveText('3 jäsentä');
  await page.getByLabel('Tallennetut suodattimet').selectOption({ label: name });
  await expect(page.getByTestId('member-count')).toHaveText('3 jäsentä');
  await expect(page).toHaveURL(/\/members\?filter=/);
  await expectAccessible(page, 'jäsenlista, tallennettu suodatin');

  // The export page offers the same filters.
  await page.goto(`/member_export/${filterToParam([])}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Jäsenten vienti' })).toBeVisible();
  await page.getByLabel('Tallennetut suodattimet').selectOption({ label: name });
  await expect(page.getByTestId('export-count')).toHaveText('Tiedostoon tulee 3 jäsentä.');
  await expectAccessible(page, 'vienti, tallennettu suodatin');
});

test('ryhmän sivu näyttää jäsenet ja linkin rajattuun jäsenlistaan', async ({ page, request }) => {
  const api = await signIn(request);
  const extras = await requiredExtras(api);
  const group = await api.post<{ id: number; name: string }>('groups/new', { name: `e2e_ryhma_${RUN}`, label: `Kuoro ${RUN}` });
  const lastname = `Ryhmäläinen${RUN}`;
  for (const [firstname, inGroup] of [['Laura', true], ['Lauri', true], ['Ulla', false]] as const) {
    await api.post('members/new', {
      firstname,
      lastname,
      email: `${firstname.toLowerCase()}.ryhma.${RUN}@example.fi`,
      [group.name]: inGroup,
      bypass_required_fields: true,
      ...extras,
    });
  }

  await loginAsAdmin(page, `/config/groups/${String(group.id)}`);
  const section = page.getByTestId('group-members');
  await expect(section.getByRole('heading', { name: 'Ryhmän jäsenet' })).toBeVisible();
  const table = section.getByRole('table', { name: `Ryhmän ”Kuoro ${RUN}” jäsenet` });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('link', { name: `Laura ${lastname}` })).toBeVisible();
  await expect(table.getByText(`lauri.ryhma.${RUN}@example.fi`)).toBeVisible();
  await expect(table.getByText(`Ulla ${lastname}`)).toHaveCount(0);
  await expectAccessible(page, 'ryhmän sivu');

  await section.getByRole('link', { name: 'Näytä ryhmän jäsenet jäsenlistassa' }).click();
  await expect(page).toHaveURL(/\/members\?filter=/);
  await expect(page.getByTestId('member-count')).toHaveText('2 jäsentä');
  await expect(page.getByRole('table', { name: 'Jäsenlista' }).getByRole('link', { name: `Lauri ${lastname}` })).toBeVisible();
  await expectAccessible(page, 'jäsenlista, ryhmän rajaus');

  // A member's name on the group page opens the member.
  await page.goBack();
  await table.getByRole('link', { name: `Laura ${lastname}` }).click();
  await expect(page).toHaveURL(/\/members\/\d+\/edit$/);
});
