import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { ASSOCIATION_NAME, E2E_ADMIN } from './helpers/admin';
import { signIn } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';
import { knownKeys, resetCodeFromOutbox, signInWithMfa, totpCode } from './helpers/mfa';
import { loginAsAdmin, submitLogin } from './helpers/session';

// Two-factor authentication in the browser: an admin turns on two-factor authentication for themselves and
// signs in with password and code; switching it on for all admins ends another admin's
// session; reset code, removing 2FA and closing sessions from the admins table.
// Each journey uses admins of its own; the demo admin never gets 2FA, and the policy
// ends "off", so later journeys sign in with the password as before.

test.describe.configure({ mode: 'serial' });

interface Admin {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  id?: number;
}

const TIINA: Admin = { firstname: 'Tiina', lastname: 'Turva', email: 'tiina.turva@example.fi', password: 'Turva-Salasana-2026' };
const SIIRI: Admin = { firstname: 'Siiri', lastname: 'Sivu', email: 'siiri.sivu@example.fi', password: 'Sivu-Salasana-2026' };

const fullName = (a: Admin) => `${a.firstname} ${a.lastname}`;

/** A notification; earlier ones may still be fading out, so the newest is checked. */
const notification = (page: Page, text: string | RegExp): Locator => page.getByRole('alert').filter({ hasText: text }).last();

const adminRow = (page: Page, admin: Admin): Locator =>
  page.getByRole('table', { name: 'Pääkäyttäjät' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: fullName(admin) }) });

async function createAdmin(request: APIRequestContext, admin: Admin): Promise<void> {
  const api = await signIn(request);
  const created = await api.post<{ id: number }>('members/new', {
    firstname: admin.firstname,
    lastname: admin.lastname,
    email: admin.email,
    site_admin: true,
    newPassword_: admin.password,
    confirmNewPassword_: admin.password,
    bypass_required_fields: true,
  });
  admin.id = created.id;
}

/** The key shown for typing by hand, without the spaces. */
async function shownKey(page: Page): Promise<string> {
  const input = page.getByRole('textbox', { name: 'Avain käsin syötettäväksi' });
  const value = await input.inputValue();
  expect(value).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  return value.replace(/ /g, '');
}

async function openSecurityPage(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Asetukset' }).click();
  await page.getByRole('navigation', { name: 'Asetusten osiot' }).getByRole('link', { name: 'Tietoturva' }).click();
  await expect(page).toHaveURL('/config/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Tietoturva' })).toBeVisible();
  await expect(page).toHaveTitle(`Tietoturva – ${ASSOCIATION_NAME}`);
  await expect(page.getByRole('table', { name: 'Pääkäyttäjät' })).toBeVisible();
}

test('pääkäyttäjä ottaa kaksivaiheisen tunnistautumisen käyttöön ja kirjautuu salasanalla ja koodilla', async ({ page, request }) => {
  test.setTimeout(120_000);
  await createAdmin(request, TIINA);

  await page.goto('/@login');
  await submitLogin(page, TIINA.email, TIINA.password);
  await expect(page).toHaveURL('/');
  await openSecurityPage(page);
  await expectAccessible(page, 'tietoturva-sivu');

  const own = page.getByRole('region', { name: 'Oma kaksivaiheinen tunnistautumisesi' });
  await expect(own.getByTestId('own-mfa-state')).toContainText('Ei asetettu');
  await expect(adminRow(page, TIINA)).toContainText('(sinä)');
  await expect(adminRow(page, TIINA)).toContainText('Ei asetettu');

  await own.getByRole('button', { name: 'Ota käyttöön' }).click();
  const enrolHeading = own.getByRole('heading', { name: 'Ota kaksivaiheinen tunnistautuminen käyttöön' });
  await expect(enrolHeading).toBeFocused();
  const qr = own.getByRole('img', { name: /^QR-koodi todennussovellukselle/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  const key = await shownKey(page);
  knownKeys.set(TIINA.email, key);
  await expectAccessible(page, 'tietoturva-sivu, käyttöönotto');

  // Nothing typed, then a wrong code: the message under the field, the field focused.
  const codeInput = own.getByRole('textbox', { name: 'Vahvistuskoodi' });
  await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
  await own.getByRole('button', { name: 'Vahvista' }).click();
  await expect(own.getByText('Tämä kenttä ei voi olla tyhjä.')).toBeVisible();
  await expect(codeInput).toBeFocused();
  const right = await totpCode(key, TIINA.email);
  await codeInput.fill(right === '123456' ? '654321' : '123456');
  await own.getByRole('button', { name: 'Vahvista' }).click();
  await expect(own.getByText('Koodi on virheellinen tai vanhentunut.')).toBeVisible();
  await expect(codeInput).toBeFocused();
  await expectAccessible(page, 'tietoturva-sivu, väärä koodi');

  await codeInput.fill(right);
  await own.getByRole('button', { name: 'Vahvista' }).click();
  await expect(notification(page, 'Kaksivaiheinen tunnistautuminen on nyt käytössä.')).toBeVisible();
  await expect(own.getByTestId('own-mfa-state')).toContainText('Käytössä');
  await expect(own.getByRole('button', { name: 'Ota käyttöön' })).toHaveCount(0);
  await expect(adminRow(page, TIINA).getByTestId('site-admin-mfa')).toHaveText('Käytössä');

  // Logged out, a deep link asks for the password, then for the code, then goes on.
  await page.getByRole('button', { name: /, käyttäjävalikko$/ }).click();
  await page.getByRole('menuitem', { name: 'Kirjaudu ulos' }).click();
  await expect(page).toHaveURL('/@login');
  await page.goto('/config/security');
  await expect(page).toHaveURL('/@login?GOTO=%2Fconfig%2Fsecurity');
  await submitLogin(page, TIINA.email, TIINA.password);
  await expect(page.getByRole('heading', { level: 2, name: 'Kaksivaiheinen tunnistautuminen' })).toBeVisible();
  const loginCode = page.getByRole('textbox', { name: 'Vahvistuskoodi' });
  await expect(loginCode).toBeFocused();
  await expect(page).toHaveURL('/@login?GOTO=%2Fconfig%2Fsecurity');
  await expectAccessible(page, 'kirjautuminen, koodi');

  // Too many wrong codes: the banner says so (the reply is staged; five real tries would lock Tiina out).
  await page.route('**/api/1/session/mfa_verify', (route) => route.fulfill({ status: 429, json: { errors: { general: ['mfa_rate_limited'] } } }), { times: 1 });
  await loginCode.fill('111111');
  await page.getByRole('button', { name: 'Vahvista ja kirjaudu' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Liian monta virheellistä koodia.' })).toBeVisible();
  await expect(loginCode).toBeFocused();
  await expectAccessible(page, 'kirjautuminen, liian monta yritystä');

  // A challenge that ran out (10 minutes): back to the password, with the reason.
  await page.route('**/api/1/session/mfa_verify', (route) => route.fulfill({ status: 400, json: { errors: { general: ['mfa_challenge_expired'] } } }), { times: 1 });
  await page.getByRole('button', { name: 'Vahvista ja kirjaudu' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Kirjautuminen ehti vanhentua. Kirjaudu uudelleen salasanallasi.' })).toBeVisible();
  const password = page.getByRole('textbox', { name: 'Salasana', exact: true });
  await expect(password).toBeFocused();
  await expect(password).toHaveValue('');
  await expect(page.getByLabel('Sähköposti')).toHaveValue(TIINA.email);
  await expectAccessible(page, 'kirjautuminen, vanhentunut tunnistautuminen');
  await password.fill(TIINA.password);
  await page.getByRole('button', { name: 'Kirjaudu sisään' }).click();
  await expect(loginCode).toBeFocused();

  // The code just used to switch 2FA on is refused (single use); the next one works.
  await loginCode.fill(right);
  await page.getByRole('button', { name: 'Vahvista ja kirjaudu' }).click();
  await expect(page.getByText('Koodi on virheellinen tai vanhentunut.')).toBeVisible();
  await expect(loginCode).toBeFocused();
  await expectAccessible(page, 'kirjautuminen, väärä koodi');
  await loginCode.fill(await totpCode(key, TIINA.email));
  await page.getByRole('button', { name: 'Vahvista ja kirjaudu' }).click();
  await expect(page).toHaveURL('/config/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Tietoturva' })).toBeVisible();
  await expect(adminRow(page, TIINA).getByTestId('site-admin-mfa')).toHaveText('Käytössä');

  // Tidy: the demo admin removes Tiina's 2FA.
  const api = await signIn(request);
  await api.post('members/clear_mfa', { id: TIINA.id });
  knownKeys.delete(TIINA.email);
});

test('kaksivaiheisen tunnistautumisen pakottaminen päättää toisen pääkäyttäjän istunnon', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  await createAdmin(request, SIIRI);

  // Siiri is signed in in a browser of her own.
  const context = await browser.newContext();
  const siiri = await context.newPage();
  try {
    await siiri.goto('/@login');
    await submitLogin(siiri, SIIRI.email, SIIRI.password);
    await expect(siiri).toHaveURL('/');

    // The demo admin switches 2FA on for every admin: a question first, then the login page.
    await loginAsAdmin(page);
    await openSecurityPage(page);
    const policy = page.getByRole('region', { name: 'Kaksivaiheinen tunnistautuminen', exact: true });
    await expect(policy.getByRole('radio', { name: 'Ei käytössä' })).toBeChecked();
    await expect(policy.getByRole('button', { name: 'Tallenna' })).toBeDisabled();
    await policy.getByRole('radio', { name: 'Pääkäyttäjille' }).check();
    await policy.getByRole('button', { name: 'Tallenna' }).click();
    const dialog = page.getByRole('dialog', { name: 'Muutetaanko kaksivaiheisen tunnistautumisen asetusta?' });
    await expect(dialog).toContainText('Kaikkien pääkäyttäjien istunnot päättyvät heti, myös sinun.');
    await expect(dialog).toContainText('Kaikille pääkäyttäjille lähetetään muutoksesta sähköposti.');
    await expect(dialog.getByRole('button', { name: 'Peruuta' })).toBeFocused();
    await expectAccessible(page, 'tietoturva-sivu, vahvistus');
    await dialog.getByRole('button', { name: 'Tallenna ja kirjaudu ulos' }).click();
    await expect(page).toHaveURL('/@login');
    await expect(page.getByRole('status').filter({ hasText: 'Kaksivaiheinen tunnistautuminen on nyt pakollinen pääkäyttäjille.' })).toBeVisible();
    await expectAccessible(page, 'kirjautumissivu, 2FA otettu käyttöön');

    // Siiri's next click finds her session gone.
    await siiri.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Jäsenet' }).click();
    await expect(siiri).toHaveURL('/@login?GOTO=%2Fmembers');

    // She signs in again and has to set up the app first; then she is where she was going.
    await submitLogin(siiri, SIIRI.email, SIIRI.password);
    await expect(siiri.getByRole('heading', { name: 'Ota kaksivaiheinen tunnistautuminen käyttöön' })).toBeFocused();
    await expect(siiri.getByRole('img', { name: /^QR-koodi todennussovellukselle/ })).toBeVisible();
    await expectAccessible(siiri, 'kirjautuminen, käyttöönotto');
    const key = await shownKey(siiri);
    knownKeys.set(SIIRI.email, key);
    await siiri.getByRole('textbox', { name: 'Vahvistuskoodi' }).fill(await totpCode(key, SIIRI.email));
    await siiri.getByRole('button', { name: 'Ota käyttöön ja kirjaudu' }).click();
    await expect(siiri).toHaveURL('/members');

    // Siiri switches the requirement off again; everyone signs in again.
    await openSecurityPage(siiri);
    await expect(adminRow(siiri, SIIRI).getByTestId('site-admin-mfa')).toHaveText('Käytössä');
    const siiriPolicy = siiri.getByRole('region', { name: 'Kaksivaiheinen tunnistautuminen', exact: true });
    await expect(siiriPolicy.getByRole('radio', { name: 'Pääkäyttäjille' })).toBeChecked();
    await siiriPolicy.getByRole('radio', { name: 'Ei käytössä' }).check();
    await siiriPolicy.getByRole('button', { name: 'Tallenna' }).click();
    await siiri.getByRole('dialog').getByRole('button', { name: 'Tallenna ja kirjaudu ulos' }).click();
    await expect(siiri).toHaveURL('/@login');
    await expect(siiri.getByRole('status').filter({ hasText: 'Kaksivaiheista tunnistautumista ei enää vaadita pääkäyttäjiltä.' })).toBeVisible();
  } finally {
    await context.close();
  }

  // The demo admin still signs in with the password alone.
  await submitLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL('/');
});

test('palautuskoodi, kaksivaiheisen tunnistautumisen poisto ja istuntojen sulkeminen', async ({ page, browser }) => {
  test.setTimeout(150_000);
  expect(knownKeys.get(SIIRI.email), 'Siiri set up 2FA in the previous journey').toBeTruthy();

  // Siiri signs in with her code in a second browser: one open session.
  const context = await browser.newContext();
  const siiri = await context.newPage();
  try {
    await siiri.goto('/@login');
    await submitLogin(siiri, SIIRI.email, SIIRI.password);
    await siiri.getByRole('textbox', { name: 'Vahvistuskoodi' }).fill(await totpCode(knownKeys.get(SIIRI.email)!, SIIRI.email));
    await siiri.getByRole('button', { name: 'Vahvista ja kirjaudu' }).click();
    await expect(siiri).toHaveURL('/');

    await loginAsAdmin(page, '/config/security');
    const row = adminRow(page, SIIRI);
    await expect(row.getByTestId('site-admin-sessions')).toHaveText('1');

    // A reset code: the row says so and until when.
    await row.getByRole('button', { name: `Toiminnot: ${fullName(SIIRI)}` }).click();
    await page.getByRole('menuitem', { name: 'Lähetä palautuskoodi' }).click();
    const resetDialog = page.getByRole('dialog', { name: `Lähetetäänkö palautuskoodi: ${fullName(SIIRI)}?` });
    await expect(resetDialog).toContainText(SIIRI.email);
    await expectAccessible(page, 'tietoturva-sivu, palautuskoodin vahvistus');
    await resetDialog.getByRole('button', { name: 'Lähetä palautuskoodi' }).click();
    await expect(notification(page, /^Palautuskoodi lähetetty: Siiri Sivu\. Se on voimassa \d{1,2}\.\d{1,2}\.\d{4} klo \d{1,2}\.\d{2} asti\.$/)).toBeVisible();
    await expect(row.getByTestId('site-admin-mfa')).toContainText('Palautus kesken');
    await expect(row.getByTestId('site-admin-mfa')).toContainText(/Koodi lähetetty, voimassa \d{1,2}\.\d{1,2}\.\d{4} klo \d{1,2}\.\d{2} asti/);
    await expectAccessible(page, 'tietoturva-sivu, palautus kesken');

    // Siiri signs in with the emailed code and sets up a new app.
    await siiri.goto('/@logout');
    await expect(siiri).toHaveURL('/@login');
    await submitLogin(siiri, SIIRI.email, SIIRI.password);
    const resetInput = siiri.getByRole('textbox', { name: 'Palautuskoodi' });
    await expect(resetInput).toBeFocused();
    await expectAccessible(siiri, 'kirjautuminen, palautuskoodi');
    await resetInput.fill('AAAAA-BBBBB');
    await siiri.getByRole('button', { name: 'Jatka' }).click();
    await expect(siiri.getByText('Palautuskoodi on virheellinen tai jo käytetty.')).toBeVisible();
    await expect(resetInput).toBeFocused();
    await resetInput.fill(resetCodeFromOutbox(SIIRI.email).toLowerCase());
    await siiri.getByRole('button', { name: 'Jatka' }).click();
    await expect(siiri.getByRole('heading', { name: 'Ota kaksivaiheinen tunnistautuminen käyttöön' })).toBeFocused();
    const newKey = await shownKey(siiri);
    expect(newKey).not.toBe(knownKeys.get(SIIRI.email));
    knownKeys.set(SIIRI.email, newKey);
    await siiri.getByRole('textbox', { name: 'Vahvistuskoodi' }).fill(await totpCode(newKey, SIIRI.email));
    await siiri.getByRole('button', { name: 'Ota käyttöön ja kirjaudu' }).click();
    await expect(siiri).toHaveURL('/');

    // Her sessions, closed from the table: her next click lands on the login page.
    await page.reload();
    await expect(row.getByTestId('site-admin-mfa')).toHaveText('Käytössä');
    await expect(row.getByTestId('site-admin-sessions')).toHaveText('1');
    await row.getByRole('button', { name: `Toiminnot: ${fullName(SIIRI)}` }).click();
    await page.getByRole('menuitem', { name: 'Sulje istunnot' }).click();
    const closeDialog = page.getByRole('dialog', { name: `Suljetaanko istunnot: ${fullName(SIIRI)}?` });
    await closeDialog.getByRole('button', { name: 'Sulje istunnot' }).click();
    await expect(notification(page, '1 istunto suljettu.')).toBeVisible();
    await expect(row.getByTestId('site-admin-sessions')).toHaveText('0');
    await siiri.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Jäsenet' }).click();
    await expect(siiri).toHaveURL('/@login?GOTO=%2Fmembers');

    // Removing her 2FA: asked first, in red; her login is password only afterwards.
    await row.getByRole('button', { name: `Toiminnot: ${fullName(SIIRI)}` }).click();
    await page.getByRole('menuitem', { name: 'Poista kaksivaiheinen tunnistautuminen' }).click();
    const clearDialog = page.getByRole('dialog', { name: `Poistetaanko kaksivaiheinen tunnistautuminen: ${fullName(SIIRI)}?` });
    await expectAccessible(page, 'tietoturva-sivu, poiston vahvistus');
    await clearDialog.getByRole('button', { name: 'Poista' }).click();
    await expect(notification(page, `Kaksivaiheinen tunnistautuminen poistettu: ${fullName(SIIRI)}.`)).toBeVisible();
    await expect(row.getByTestId('site-admin-mfa')).toHaveText('Ei asetettu');
    knownKeys.delete(SIIRI.email);
    await submitLogin(siiri, SIIRI.email, SIIRI.password);
    await expect(siiri).toHaveURL('/members');

    // My own row: no removing my own 2FA; closing my other sessions keeps this one.
    const own = page.getByRole('table', { name: 'Pääkäyttäjät' }).getByRole('row').filter({ hasText: '(sinä)' });
    await own.getByRole('button', { name: /^Toiminnot: / }).click();
    await expect(page.getByRole('menuitem', { name: 'Poista kaksivaiheinen tunnistautuminen' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Sulje muut istuntoni' }).click();
    const ownDialog = page.getByRole('dialog', { name: 'Suljetaanko muut istuntosi?' });
    await ownDialog.getByRole('button', { name: 'Sulje muut istunnot' }).click();
    await expect(page).toHaveURL('/');
    await expect(notification(page, /^Muut istuntosi suljettu \(\d+\)\.$/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: ASSOCIATION_NAME })).toBeVisible();
  } finally {
    await context.close();
  }
});

// Whatever happened above, later journeys need the policy off and the demo admin without 2FA.
test.afterAll(async ({ playwright }, testInfo) => {
  const contexts: APIRequestContext[] = [];
  const newContext = async () => {
    const context = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    contexts.push(context);
    return context;
  };
  try {
    // Signing in may enrol the demo admin if a journey stopped with the policy on.
    const api = await signInWithMfa(await newContext(), E2E_ADMIN);
    const state = await api.post<{ mfa_enabled_for: string; site_admins: { id: number; mfa_status: string; me: boolean }[] }>('settings/get_site_admins', {});
    if (state.mfa_enabled_for !== 'disabled') await api.post('settings/save', { scope_: 'security', mfa_enabled_for: 'disabled' });
    const demo = state.site_admins.find((a) => a.me);
    const helper = [TIINA, SIIRI].find((a) => a.id !== undefined);
    if (demo && demo.mfa_status !== 'MFA_NOT_SET' && helper) {
      // Nobody may remove their own 2FA: one of the journey's admins does it.
      const other = await signInWithMfa(await newContext(), helper);
      await other.post('members/clear_mfa', { id: demo.id });
    }
    const again = await signInWithMfa(await newContext(), E2E_ADMIN);
    for (const a of [TIINA, SIIRI]) if (a.id !== undefined) await again.post('members/clear_mfa', { id: a.id });
  } finally {
    for (const context of contexts) await context.dispose();
  }
});
