import { expect, test } from '@playwright/test';
import { ASSOCIATION_NAME } from './helpers/admin';
import { expectAccessible } from './helpers/axe';
import { loginAsAdmin } from './helpers/session';

// The help bubble is for site admins, shown until dismissed, and the
// dismissal is stored server-side (persistent data), so a reload keeps it away.

test('ohjekupla näkyy pääkäyttäjälle, kunnes sen kuittaa', async ({ page }) => {
  await loginAsAdmin(page);
  const help = page.getByRole('region', { name: 'Tervetuloa Seuraan!' });
  await expect(help).toBeVisible();
  await expectAccessible(page, 'etusivu ohjekuplan kanssa');

  await help.getByRole('button', { name: 'Selvä, älä näytä uudelleen' }).click();
  await expect(help).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ASSOCIATION_NAME);
  await expect(page.getByTestId('member-count')).toBeVisible();
  await expect(help).toHaveCount(0);
});

test('ohituslinkki vie näppäimistöllä suoraan sisältöön', async ({ page }) => {
  await loginAsAdmin(page);
  await page.reload();
  await expect(page.getByTestId('member-count')).toBeVisible();

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Siirry sisältöön' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});
