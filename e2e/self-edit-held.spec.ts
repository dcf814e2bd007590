import { expect, type Page, test } from '@playwright/test';
import { type ApiField, requiredCustomValues, signIn } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';
import { submitLogin } from './helpers/session';

// A member who types another member's email on their own page is not
// told the address is taken; the rest is saved, the old email stays, and a neutral notice
// says the change needs an admin's check. The member sees only what members may see.

const RUN = Date.now().toString(36);
const notification = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();

test('oma sähköposti toisen jäsenen osoitteeksi: muu tallentuu, muutos odottaa ylläpitäjää', async ({ page, request }) => {
  const api = await signIn(request);
  const fields = await api.get<ApiField[]>('fields/all?all_headings=1');
  const required = Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value]));
  const password = 'Jäsenen-Salasana-2026';
  const email = `pidatetty.${RUN}@example.fi`;
  const taken = `varattu.${RUN}@example.fi`;
  await api.post('members/new', { ...required, firstname: 'Varattu', lastname: `Osoite${RUN}`, email: taken });
  await api.post('members/new', { ...required, firstname: 'Pirjo', lastname: `Pidätetty${RUN}`, email, address_city: 'Oulu', newPassword_: password, confirmNewPassword_: password });

  await page.goto('/@login');
  await submitLogin(page, email, password);
  await expect(page).toHaveURL('/edit_me_s');
  const mail = page.getByRole('textbox', { name: 'Sähköposti', exact: true });
  const city = page.getByRole('textbox', { name: 'Postitoimipaikka', exact: true });
  await expect(mail).toHaveValue(email);

  await mail.fill(taken);
  await city.fill('Kajaani');
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(notification(page, 'Tietosi on tallennettu.')).toBeVisible();
  const held = page.getByRole('status').filter({ hasText: 'vaatii ylläpitäjän tarkistuksen' });
  await expect(held).toBeVisible();
  await expect(page.getByText(/on jo käytössä|already/i)).toHaveCount(0);
  await expect(mail).toHaveValue(email);
  await expect(city).toHaveValue('Kajaani');
  await expectAccessible(page, 'omat tiedot, muutos odottaa tarkistusta');

  await page.reload();
  await expect(mail).toHaveValue(email);
  await expect(city).toHaveValue('Kajaani');
});
