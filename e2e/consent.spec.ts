import { expect, type Page, test } from '@playwright/test';
import { type ApiField, requiredCustomValues, signIn } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';
import { loginAsAdmin, submitLogin } from './helpers/session';

// Recorded consent (issue 19): an admin adds a consent field "Kuvauslupa", a member gives
// it on their own page and sees the date the server recorded, the admin finds exactly that
// member with "on annettu", and an announcement with the same condition counts one recipient.

const RUN = Date.now().toString(36);
const notification = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();
/** The email preview is a sandboxed frame where axe cannot run; the email is the writer's content. */
const EMAIL_FRAME = { exclude: ['[data-testid="email-preview"]'] };

/** Today in Helsinki as d.M.yyyy: the server dates a consent by the association's day. */
function helsinkiToday(): string {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Helsinki', year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(new Date()).map((x) => [x.type, x.value]));
  return `${String(Number(p.day))}.${String(Number(p.month))}.${String(p.year)}`;
}

async function consentCondition(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Lisää ehto' }).click();
  await page.getByLabel('Kenttä, ehto 1').selectOption({ label: 'Kuvauslupa' });
  // A consent's conditions read as given / not given / given before or after a date.
  const verb = page.getByLabel('Vertailu, ehto 1');
  await expect(verb.locator('option')).toHaveText(['on annettu', 'ei annettu', 'annettu jälkeen', 'annettu ennen', 'annettu välillä']);
  await verb.selectOption({ label: 'on annettu' });
}

test('suostumus: kenttä, jäsen antaa kuvausluvan, rajaus ”on annettu” listalla ja tiedotteessa', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const api = await signIn(request);
  // Previewing an announcement needs a reply-to address.
  await api.post('settings/save', { scope_: 'organisation', name_: 'Demoyhdistys ry', reply_to_email: 'hallitus@demoyhdistys.fi', business_id: '0112038-9' });

  // The admin adds the field in the field editor.
  await loginAsAdmin(page, '/config/fields/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Lisää kenttä' })).toBeVisible();
  await page.getByLabel('Nimi lomakkeella').fill('Kuvauslupa');
  await page.getByLabel('Tyyppi').selectOption({ label: 'Suostumus' });
  await expect(page.getByText('Kerro ohjetekstissä, mihin suostumus annetaan')).toBeVisible();
  await page.getByLabel('Ohjeteksti').fill('Kuvien julkaisu seuran sivuilla');
  await expectAccessible(page, 'uusi suostumuskenttä');
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page).toHaveURL('/config/fields');
  await expect(notification(page, 'Kenttä lisätty.')).toBeVisible();

  // Two members; one of them gives consent on their own page.
  const fields = await api.get<ApiField[]>('fields/all?all_headings=1');
  const required = Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value]));
  const password = 'Jäsenen-Salasana-2026';
  const email = `kuvattava.${RUN}@example.fi`;
  const lastname = `Lupa${RUN}`;
  await api.post('members/new', { ...required, firstname: 'Kaisa', lastname, email, newPassword_: password, confirmNewPassword_: password });
  await api.post('members/new', { ...required, firstname: 'Kalle', lastname, email: `eilupaa.${RUN}@example.fi` });

  const memberContext = await browser.newContext();
  const own = await memberContext.newPage();
  await own.goto('/@login');
  await submitLogin(own, email, password);
  await expect(own).toHaveURL('/edit_me_s');
  const box = own.getByRole('checkbox', { name: 'Kuvauslupa' });
  await expect(box).not.toBeChecked();
  await expect(own.getByText('Kuvien julkaisu seuran sivuilla')).toBeVisible();
  await box.check();
  await own.getByRole('button', { name: 'Tallenna' }).click();
  await expect(notification(own, 'Tietosi on tallennettu.')).toBeVisible();
  await expect(own.getByText(`Annettu ${helsinkiToday()}`)).toBeVisible();
  await expect(box).toBeChecked();
  await expectAccessible(own, 'omat tiedot, suostumus annettu');
  await own.reload();
  await expect(own.getByRole('checkbox', { name: 'Kuvauslupa' })).toBeChecked();
  await expect(own.getByText(`Annettu ${helsinkiToday()}`)).toBeVisible();
  await memberContext.close();

  // The admin's list with "Kuvauslupa on annettu" shows only her.
  await page.goto('/members');
  await consentCondition(page);
  await expect(page).toHaveURL(/[?&]filter=/);
  const table = page.getByRole('table', { name: 'Jäsenlista' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.getByRole('link', { name: `Kaisa ${lastname}` })).toBeVisible();
  await expectAccessible(page, 'jäsenlista, suostumus annettu');

  // An announcement limited the same way reaches one member.
  await page.goto('/announcements/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Uusi tiedote' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Otsikko', exact: true }).fill(`Kuvat ${RUN}`);
  await consentCondition(page);
  await expect(page.getByTestId('recipient-count')).toHaveText('1 vastaanottaja');
  await expectAccessible(page, 'tiedote kuvausluvan antaneille', EMAIL_FRAME);
});
