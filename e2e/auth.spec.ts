import { expect, test } from '@playwright/test';
import { ASSOCIATION_NAME, E2E_ADMIN } from './helpers/admin';
import { expectAccessible } from './helpers/axe';
import { submitLogin } from './helpers/session';

// Signing in and out: login → dashboard → unknown route 404 → back → logout →
// redirected to login with GOTO; a wrong password shows the Finnish error.

test('väärä salasana näyttää suomenkielisen virheen', async ({ page }) => {
  await page.goto('/@login');
  await expect(page).toHaveTitle('Kirjaudu sisään – Seura');
  await expect(page.getByRole('heading', { level: 1, name: 'Kirjaudu sisään' })).toBeVisible();
  await expectAccessible(page, 'kirjautumissivu');

  // Empty form: errors under both fields, focus on the first.
  await page.getByRole('button', { name: 'Kirjaudu sisään' }).click();
  await expect(page.getByText('Tämä kenttä ei voi olla tyhjä.')).toHaveCount(2);
  await expect(page.getByLabel('Sähköposti')).toBeFocused();
  await expectAccessible(page, 'kirjautumissivu, tyhjät kentät');

  await submitLogin(page, E2E_ADMIN.email, 'väärä-salasana-123');
  await expect(page.getByRole('alert').filter({ hasText: 'Sähköpostiosoite tai salasana on väärin.' })).toBeVisible();
  await expect(page.getByText('Tämä kenttä ei voi olla tyhjä.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/@login$/);
  await expect(page.getByRole('textbox', { name: 'Salasana', exact: true })).toBeFocused();
  await expectAccessible(page, 'kirjautumissivu, väärä salasana');
});

test('kirjautuminen, etusivu, 404, takaisin, uloskirjautuminen ja paluu GOTO-osoitteeseen', async ({ page }) => {
  const heading = page.getByRole('heading', { level: 1 });

  await page.goto('/@login');
  await submitLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL('/');
  await expect(heading).toHaveText(ASSOCIATION_NAME);
  await expect(page).toHaveTitle(ASSOCIATION_NAME);
  await expect(page.getByTestId('member-count')).toHaveText(/^\d[\d\s\u00a0]* jäsen(tä)?$/);
  await expect(page.getByRole('banner')).toContainText(ASSOCIATION_NAME);
  await expectAccessible(page, 'etusivu');

  await page.goto('/jotain-muuta');
  await expect(heading).toHaveText('Sivua ei löytynyt!');
  await expect(page).toHaveTitle('Sivua ei löytynyt!');
  await expectAccessible(page, '404-sivu');

  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(heading).toHaveText(ASSOCIATION_NAME);

  await page.getByRole('button', { name: /, käyttäjävalikko$/ }).click();
  await expectAccessible(page, 'käyttäjävalikko auki');
  await page.getByRole('menuitem', { name: 'Kirjaudu ulos' }).click();
  await expect(page).toHaveURL('/@login');
  await expect(page.getByRole('alert').filter({ hasText: 'Olet kirjautunut ulos.' })).toBeVisible();
  await expectAccessible(page, 'kirjautumissivu ja uloskirjautumisilmoitus');

  await page.goto('/');
  await expect(page).toHaveURL(/\/@login\?GOTO=(%2F|\/)$/);
  await submitLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL('/');
  await expect(heading).toHaveText(ASSOCIATION_NAME);
});

test('uloskirjautuneena syvälinkki palaa kirjautumisen jälkeen samaan osoitteeseen', async ({ page }) => {
  await page.goto('/jotain-muuta?sivu=2');
  await expect(page).toHaveURL('/@login?GOTO=%2Fjotain-muuta%3Fsivu%3D2');

  // A double click sends the form once (save buttons are guarded against double submission).
  let loginPosts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/1/session/login')) loginPosts += 1;
  });
  await page.getByLabel('Sähköposti').fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: 'Salasana', exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Kirjaudu sisään' }).dblclick();
  await expect(page).toHaveURL('/jotain-muuta?sivu=2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sivua ei löytynyt!');
  expect(loginPosts).toBe(1);
});

test('vanhentunut istunto ohjaa kirjautumaan ja takaisin', async ({ page, context }) => {
  await page.goto('/@login');
  await submitLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL('/');
  await page.goto('/jotain-muuta');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sivua ei löytynyt!');

  // The session ends on the server side; the next in-app navigation finds out.
  await context.clearCookies();
  await page.getByRole('link', { name: 'Palaa etusivulle' }).click();
  await expect(page).toHaveURL('/@login?GOTO=%2F');
  await submitLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL('/');
});

test('GOTO ei vie sivuston ulkopuolelle', async ({ page }) => {
  await page.goto('/@login?GOTO=%2F%2Fevil.example%2F');
  await submitLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL('/');
});
