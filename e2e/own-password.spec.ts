import { expect, type Page, test } from '@playwright/test';
import { type ApiField, requiredCustomValues, signIn } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';
import { submitLogin } from './helpers/session';

// A member changes their own password on /edit_me_s only with the current one,
// and the change signs them out everywhere else.

const RUN = Date.now().toString(36);
const notification = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();

test('jäsen vaihtaa oman salasanansa: nykyinen kysytään, muut istunnot päättyvät', async ({ page, request, browser }) => {
  const api = await signIn(request);
  const fields = await api.get<ApiField[]>('fields/all?all_headings=1');
  const oldPassword = 'Vanha-Salasana-2026';
  const newPassword = 'Uusi-Pitkä-Salasana-77';
  const email = `salasana.${RUN}@example.fi`;
  await api.post('members/new', {
    ...Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value])),
    firstname: 'Sanna',
    lastname: `Salasana${RUN}`,
    email,
    newPassword_: oldPassword,
    confirmNewPassword_: oldPassword,
  });

  // The same member signed in on another device.
  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  await other.goto('/@login');
  await submitLogin(other, email, oldPassword);
  await expect(other).toHaveURL('/edit_me_s');

  await page.goto('/@login');
  await submitLogin(page, email, oldPassword);
  await expect(page).toHaveURL('/edit_me_s');
  await expect(page.getByRole('heading', { level: 2, name: 'Salasana' })).toBeVisible();
  const current = page.getByLabel('Nykyinen salasana');
  const next = page.getByLabel('Uusi salasana', { exact: true });
  const confirm = page.getByLabel('Vahvista uusi salasana');
  await expectAccessible(page, 'omat tiedot, salasana');

  // Without the current password the form says so under the field and focuses it.
  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByText('Anna nykyinen salasanasi, jotta voit vaihtaa sen.')).toBeVisible();
  await expect(current).toBeFocused();

  // A wrong one is refused by the server, under the same field.
  await current.fill('väärä-salasana');
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByText('Nykyinen salasana ei ole oikein.')).toBeVisible();
  await expect(current).toBeFocused();
  await expectAccessible(page, 'omat tiedot, väärä nykyinen salasana');

  await current.fill(oldPassword);
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(notification(page, 'Tietosi on tallennettu.')).toBeVisible();
  await expect(current).toHaveValue('');

  // This session goes on; the other device is signed out at its next request.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Omat tiedot' })).toBeVisible();
  await other.reload();
  await expect(other).toHaveURL(/\/@login/);
  await submitLogin(other, email, newPassword);
  await expect(other).toHaveURL('/edit_me_s');
  await otherDevice.close();
});
