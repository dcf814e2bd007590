import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { loginAsAdmin } from './helpers/session';

// The bank mandate (issue 16) by keyboard only: from the settings tabs to "Pankkivaltuutus",
// an IBAN with a typo is refused under the field (checked in the browser), a foreign IBAN is
// refused by the server under the same field, a Finnish account is added and listed with the
// day and the person who gave the mandate, then removed after the confirmation.

const ACCOUNT = 'FI49 5000 9420 0287 30';
const PHONE = { width: 390, height: 844 };

/** Tabs forward until `target` has focus (at most `max` presses): the keyboard-only way there. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('pankkivaltuutus: tilin lisäys, virheet kenttien alla, poisto näppäimistöllä', async ({ page }) => {
  await loginAsAdmin(page, '/config/settings');
  const tab = page.getByRole('navigation', { name: 'Asetusten osiot' }).getByRole('link', { name: 'Pankkivaltuutus' });
  await tabTo(page, tab);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/config\/mandate$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pankkivaltuutus' })).toBeVisible();
  await expect(page).toHaveTitle(/^Pankkivaltuutus – /);
  await expect(page.getByTestId('mandate-channel')).toContainText('Tiliotteet ladataan käsin sivulla Pankkimaksut');
  await expect(page.getByTestId('mandate-channel').getByRole('link', { name: 'Pankkimaksut' })).toHaveAttribute('href', '/invoices/payments');
  await expect(page.getByTestId('mandate-empty')).toBeVisible();
  await expectAccessible(page, 'pankkivaltuutus, tyhjä');

  const iban = page.getByRole('textbox', { name: 'Tilinumero (IBAN)' });
  const givenOn = page.getByRole('textbox', { name: 'Valtuutus annettu' });
  const givenBy = page.getByRole('textbox', { name: 'Valtuutuksen antaja' });
  await expect(givenOn).toHaveValue(/^\d{1,2}\.\d{1,2}\.\d{4}$/);

  // A typo in the check digits: refused in the browser, under the field, which takes focus.
  await tabTo(page, iban);
  await page.keyboard.type('FI49 5000 9420 0287 31');
  await tabTo(page, givenBy);
  await page.keyboard.type('Pirkko Puheenjohtaja');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Tilinumero on virheellinen (tarkiste ei täsmää).')).toBeVisible();
  await expect(iban).toBeFocused();
  await expect(iban).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'pankkivaltuutus, virheellinen tilinumero');

  // A valid foreign IBAN passes the browser's check; the server says why it is refused.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('DE89 3704 0044 0532 0130 00');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Anna suomalainen tilinumero (IBAN alkaa FI).')).toBeVisible();
  await expect(iban).toBeFocused();

  // A wrong day under its own field.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(ACCOUNT);
  await tabTo(page, givenOn);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('31.2.2026');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Anna päivämäärä muodossa p.k.vvvv')).toBeVisible();
  await expect(givenOn).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1.11.2026');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('alert').filter({ hasText: 'Tili FI49 5000 9420 0287 30 lisätty valtuutukseen.' }).last()).toBeVisible();
  const row = page.getByTestId('mandate-row').filter({ hasText: ACCOUNT });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('1.11.2026');
  await expect(row).toContainText('Pirkko Puheenjohtaja');
  await expect(iban).toHaveValue('');
  await expectAccessible(page, 'pankkivaltuutus, tili lisätty');
  await page.setViewportSize(PHONE);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Remove by keyboard: the confirmation focuses "Peruuta" first, so Enter alone never removes.
  const remove = page.getByRole('button', { name: `Poista tili ${ACCOUNT}` });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Poistetaanko tili valtuutuksesta?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Peruuta' })).toBeFocused();
  await expectAccessible(page, 'pankkivaltuutus, poiston vahvistus');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Poista tili' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'poistettu valtuutuksesta' }).last()).toBeVisible();
  await expect(page.getByTestId('mandate-row')).toHaveCount(0);
  await expect(page.getByTestId('mandate-empty')).toBeVisible();
});
