import { expect, test } from '@playwright/test';
import { type ApiField, requiredCustomValues, signIn } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';
import { editLinkFromOutbox } from './helpers/outbox';

// A member keeps their own data current without a password: they order a link on
// /updreqs/get_edit_links, open it from the mail (the e2e server writes mail to
// DATA_DIR/outbox), change their address and land on the thank-you page; the admin sees the
// change in the history as PersonUpdateme. The same link confirms the data as it is. A link
// that no longer works shows the alert and lands on ordering a new one.

const RUN = Date.now().toString(36);

test('muokkauslinkki: tilaus sähköpostiin, osoitteen muutos linkillä, kiitossivu ja historia', async ({ page, request }) => {
  const api = await signIn(request);
  const fields = await api.get<ApiField[]>('fields/all?all_headings=1');
  const required = Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value]));
  const email = `linkki.${RUN}@example.fi`;
  const member = await api.post<{ id: number }>('members/new', {
    ...required,
    firstname: 'Linda',
    lastname: `Linkki${RUN}`,
    email,
    address_street: 'Vanhatie 1',
    address_zip: '90100',
    address_city: 'Oulu',
  });

  await page.goto('/updreqs/get_edit_links');
  await expect(page.getByRole('heading', { level: 1, name: 'Tilaa muokkauslinkki' })).toBeVisible();
  await expect(page).toHaveTitle(/Tilaa muokkauslinkki/);
  await expectAccessible(page, 'muokkauslinkin tilaus');
  // Empty: the message under the field.
  await page.getByRole('button', { name: 'Lähetä linkki' }).click();
  await expect(page.getByText('Anna sähköpostiosoite.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Sähköposti' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Sähköposti' }).fill(email);
  await page.getByRole('button', { name: 'Lähetä linkki' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Jos osoite on yhdistyksen jäsenrekisterissä' })).toBeVisible();
  await expectAccessible(page, 'muokkauslinkki lähetetty');

  const linkPath = await editLinkFromOutbox(email);
  await page.goto(linkPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Omat tiedot' })).toBeVisible();
  await expect(page.getByText(/Linkki on voimassa .* asti\./)).toBeVisible();
  const street = page.getByRole('textbox', { name: 'Katuosoite', exact: true });
  const city = page.getByRole('textbox', { name: 'Postitoimipaikka', exact: true });
  await expect(city).toHaveValue('Oulu');
  // No password on the form opened by a link.
  await expect(page.getByText('Nykyinen salasana')).toHaveCount(0);
  await expectAccessible(page, 'omat tiedot linkillä');

  await street.fill('Uusikatu 5');
  await city.fill('Kajaani');
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page).toHaveURL('/edit_me_thanks/h');
  await expect(page.getByRole('heading', { level: 1, name: 'Kiitos!' })).toBeFocused();
  await expect(page.getByText('Voit nyt sulkea tämän sivun.')).toBeVisible();
  await expectAccessible(page, 'kiitossivu linkillä');

  const history = await api.post<{ context: string; author: string | null; data: { field: string; new: unknown }[] }[]>('members/get_history', { id: member.id });
  const own = history.find((h) => h.context === 'PersonUpdateme');
  expect(own?.author).toBe(`Linda Linkki${RUN}`);
  expect(own?.data).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'address_city', new: 'Kajaani' }), expect.objectContaining({ field: 'address_street', new: 'Uusikatu 5' })]));

  // The link works until it expires: the member confirms the data as it now is.
  await page.goto(linkPath);
  await expect(page.getByRole('textbox', { name: 'Postitoimipaikka', exact: true })).toHaveValue('Kajaani');
  await page.getByRole('button', { name: 'Tiedot ovat ajan tasalla' }).click();
  await expect(page).toHaveURL('/edit_me_thanks/h?confirmed=1');
  await expect(page.getByText('Kiitos, että vahvistit tietosi.')).toBeVisible();
  const full = await api.get<{ uptodate_: { email: string } }>(`members/${String(member.id)}`);
  expect(full.uptodate_.email).toBe('confirmed');
});

test('vanhentunut tai tuntematon muokkauslinkki: ilmoitus ja uuden linkin tilaus', async ({ page }) => {
  await page.goto(`/edit_me_h/${'x'.repeat(43)}`);
  await expect(page).toHaveURL('/updreqs/get_edit_links');
  await expect(page.getByRole('alert').filter({ hasText: 'Linkki on vanhentunut tai korvattu uudella. Tilaa uusi linkki.' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Sähköposti' })).toBeVisible();
  await expectAccessible(page, 'vanhentunut linkki, uuden tilaus');
});
