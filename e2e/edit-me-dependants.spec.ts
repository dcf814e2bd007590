import { expect, test } from '@playwright/test';
import { type ApiField, requiredCustomValues, signIn } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';
import { submitLogin } from './helpers/session';
import { saveOrganisation } from './helpers/settings';

// With guardian emails on, a signed-in member edits the data of the children whose guardian
// email is theirs: "Muokattavat tiedot" switches the form, the save ends at the thank-you
// page, and the child's history says the guardian changed it (PersonUpdateme).

const RUN = Date.now().toString(36);

test('huoltaja muokkaa huollettavansa tietoja omilla sivuillaan', async ({ page, request }) => {
  const api = await signIn(request);
  const before = (await api.get<{ porg_enabled: boolean }>('settings')).porg_enabled;
  await saveOrganisation(api, { porg_enabled: true });
  try {
    const fields = await api.get<ApiField[]>('fields/all?all_headings=1');
    const required = Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value]));
    const password = 'Huoltajan-Salasana-2026';
    const email = `huoltaja.${RUN}@example.fi`;
    await api.post('members/new', { ...required, firstname: 'Hanna', lastname: `Huoltaja${RUN}`, email, newPassword_: password, confirmNewPassword_: password });
    const child = await api.post<{ id: number }>('members/new', { ...required, firstname: 'Hilla', lastname: `Huollettava${RUN}`, email_porg1: email, address_city: 'Oulu' });

    await page.goto('/@login');
    await submitLogin(page, email, password);
    await expect(page).toHaveURL('/edit_me_s');
    const chooser = page.getByRole('combobox', { name: 'Muokattavat tiedot' });
    await expect(chooser).toHaveValue(/\d+/);
    await expectAccessible(page, 'omat tiedot, huollettavan valinta');

    await chooser.selectOption({ label: `Hilla Huollettava${RUN}` });
    const city = page.getByRole('textbox', { name: 'Postitoimipaikka', exact: true });
    await expect(city).toHaveValue('Oulu');
    // The child's password is not the guardian's to change.
    await expect(page.getByText('Nykyinen salasana')).toHaveCount(0);
    await city.fill('Kemi');
    await page.getByRole('button', { name: 'Tallenna' }).click();
    await expect(page).toHaveURL('/edit_me_thanks/s');
    await expect(page.getByRole('heading', { level: 1, name: 'Kiitos!' })).toBeFocused();
    await expectAccessible(page, 'kiitossivu, huollettavan tiedot');
    await page.getByRole('link', { name: 'Takaisin omiin tietoihin' }).click();
    await expect(page).toHaveURL('/edit_me_s');

    const history = await api.post<{ context: string; author: string | null; data: { field: string; new: unknown }[] }[]>('members/get_history', { id: child.id });
    const byGuardian = history.find((h) => h.context === 'PersonUpdateme');
    expect(byGuardian?.author).toBe(`Hanna Huoltaja${RUN}`);
    expect(byGuardian?.data).toEqual([expect.objectContaining({ field: 'address_city', new: 'Kemi' })]);
  } finally {
    await saveOrganisation(api, { porg_enabled: before });
  }
});
