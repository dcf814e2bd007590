import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { ensureInvoicing } from './helpers/settings';
import { signIn } from './helpers/adminApi';
import { loginAsAdmin, submitLogin } from './helpers/session';

// Search across types (issue 19): an invoice sent through the API is found in the header box
// by its reference typed as printed (grouped), under "Laskut", chosen with the keyboard; the
// search page shows it under its tab; on a phone the box in the menu searches every type.

const RUN = Date.now().toString(36);
const LASTNAME = `Hakulasku${RUN}`;
const SUBJECT = `Hakutesti ${RUN}`;
const helsinki = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' });
/** Printed as on the invoice: national references in fives from the right, RF in fours. */
const printed = (ref: string) =>
  ref.startsWith('RF') ? ref.replace(/(.{4})(?=.)/g, '$1 ') : ref.replace(/(\d)(?=(\d{5})+$)/g, '$1 ');

let invoiceId = 0;
let personId = 0;
let reference = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const api = await signIn(request);
  await ensureInvoicing(api);
  const m = await api.post<{ id: number }>('members/new', { firstname: 'Hilja', lastname: LASTNAME, email: `hilja.${RUN}@example.fi`, bypass_required_fields: true });
  personId = m.id;
  const saved = await api.post<{ id: number }>('invoices/save', {
    msg_media: 'email',
    subject: SUBJECT,
    description: '<p>Jäsenmaksu.</p>',
    invoice_rows_: [{ title: 'Jäsenmaksu', amount_with_vat: '25,00', vat_percent: 0 }],
    date_due: helsinki.format(new Date(Date.now() + 14 * 86_400_000)),
    addrecips: [m.id],
    send: true,
    confirmed: true,
  });
  invoiceId = saved.id;
  const inv = await api.get<{ instances: { person_id: number | null; reference: string }[] }>(`invoices/${String(invoiceId)}`);
  reference = inv.instances.find((i) => i.person_id === personId)!.reference;
  // An announcement by the same name, so the phone search below finds two types.
  await api.post('announcements/save', { msg_media: 'email', subject: `Tiedote ${LASTNAME}`, content: '<p>Tervetuloa.</p>' });
});

test('laskun viitteellä yläpalkin haussa: osuma Laskut-otsikon alla, valinta näppäimistöllä', async ({ page }) => {
  await loginAsAdmin(page);
  const box = page.getByRole('combobox', { name: 'Hae rekisteristä' });
  await box.fill(printed(reference));
  const listbox = page.getByRole('listbox', { name: 'Hakutulokset' });
  const invoices = listbox.getByRole('group', { name: 'Laskut' });
  const hit = invoices.getByRole('option', { name: new RegExp(`Hilja ${LASTNAME}`) });
  await expect(hit).toBeVisible();
  await expect(hit).toContainText(printed(reference));
  await expectAccessible(page, 'yläpalkin haku, laskun osuma');

  // Arrows move down the options (a member whose postal code has these digits would come first) to the invoice; Enter opens the recipient's page.
  for (let i = 0; i < 12 && (await hit.getAttribute('data-combobox-selected')) === null; i++) await box.press('ArrowDown');
  await expect(hit).toHaveAttribute('data-combobox-selected');
  // Screen readers follow the choice through the box's active descendant.
  await expect(box).toHaveAttribute('aria-activedescendant', (await hit.getAttribute('id'))!);
  await box.press('Enter');
  await expect(page).toHaveURL(`/invoices/${String(invoiceId)}/person/${String(personId)}`);
  await expect(page.getByRole('heading', { level: 1, name: `Hilja ${LASTNAME}: ${SUBJECT}` })).toBeVisible();
  await expectAccessible(page, 'haulla avattu vastaanottajan lasku');

  // Enter without a choice opens the search page on the first type with hits: invoices.
  await box.fill(printed(reference));
  await expect(hit).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(`/search/invoices/${encodeURIComponent(printed(reference))}`);
});

test('hakusivu /search/invoices/<viite>: välilehdet osumamäärineen ja laskun rivi linkkinä', async ({ page }) => {
  await loginAsAdmin(page, `/search/invoices/${encodeURIComponent(printed(reference))}`);
  await expect(page.getByRole('heading', { level: 1, name: `Haku: ”${printed(reference)}”` })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`Haku: ”${printed(reference)}”`));
  await expect(page.getByRole('searchbox', { name: 'Hakusana' })).toHaveValue(printed(reference));
  const tabs = page.getByRole('tablist', { name: 'Hakutulokset tyypeittäin' });
  await expect(tabs.getByRole('tab', { name: 'Laskut (1)' })).toHaveAttribute('aria-selected', 'true');
  for (const other of ['Jäsenet', 'Tiedotteet', 'Päivityspyynnöt']) await expect(tabs.getByRole('tab', { name: new RegExp(`^${other} \\(\\d+\\)$`) })).toBeVisible();
  const table = page.getByRole('table', { name: 'Laskut: hakutulokset' });
  const row = table.getByRole('row').filter({ hasText: printed(reference) });
  await expect(row).toContainText(SUBJECT);
  await expectAccessible(page, 'hakusivu, laskut');
  await row.getByRole('link', { name: `Hilja ${LASTNAME}` }).click();
  await expect(page).toHaveURL(`/invoices/${String(invoiceId)}/person/${String(personId)}`);

  // The compact form finds it as well; an unknown type is the 404 page; a short term says the minimum.
  await page.goto(`/search/invoices/${reference}`);
  await expect(page.getByRole('tab', { name: 'Laskut (1)' })).toBeVisible();
  await page.goto(`/search/laskut/${reference}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sivua ei löytynyt' })).toBeVisible();
  await page.goto('/search/invoices/ab');
  await expect(page.getByText('Kirjoita hakuun vähintään 3 merkkiä.')).toBeVisible();
});

test('puhelimella valikon haku löytää jäsenen, laskun ja tiedotteen; tiedotevälilehti hakusivulla', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdmin(page);
  await page.getByRole('button', { name: 'Näytä tai piilota valikko' }).click();
  const box = page.getByTestId('supersearch-menu');
  await box.fill(LASTNAME);
  const listbox = page.getByRole('listbox', { name: 'Hakutulokset' });
  await expect(listbox.getByRole('group', { name: 'Jäsenet' }).getByRole('option', { name: new RegExp(`Hilja ${LASTNAME}`) })).toBeVisible();
  await expect(listbox.getByRole('group', { name: 'Laskut' }).getByRole('option', { name: new RegExp(`Hilja ${LASTNAME}`) })).toBeVisible();
  const announcement = listbox.getByRole('group', { name: 'Tiedotteet' }).getByRole('option', { name: new RegExp(`Tiedote ${LASTNAME}`) });
  await expect(announcement).toBeVisible();
  await expectAccessible(page, 'puhelin, valikon haku auki');

  // Arrows run through every group in order: member, invoice, announcement.
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await expect(announcement).toHaveAttribute('data-combobox-selected');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/announcements\/\d+$/);

  await page.goto(`/search/announcements/${LASTNAME}`);
  await expect(page.getByRole('tab', { name: 'Tiedotteet (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: `Tiedote ${LASTNAME}` })).toBeVisible();
  await expectAccessible(page, 'puhelin, hakusivu, tiedotteet');
  // Other tabs by keyboard: each arrow press moves one tab to the left and the page follows.
  await page.getByRole('tab', { name: 'Tiedotteet (1)' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(`/search/invoices/${LASTNAME}`);
  await expect(page.getByRole('tab', { name: 'Laskut (1)' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(`/search/members/${LASTNAME}`);
  await expect(page.getByRole('link', { name: `Hilja ${LASTNAME}` })).toBeVisible();
});

test('haku kertoo tilansa listan ulkopuolella: haetaan, ei osumia', async ({ page }) => {
  await loginAsAdmin(page);
  // Every type's search is held until the state "Haetaan…" has been checked.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/1/*/supersearch', async (route) => {
    await held;
    await route.continue();
  });
  const box = page.getByRole('combobox', { name: 'Hae rekisteristä' });
  await box.fill(`eiole${RUN}`);
  const listbox = page.getByRole('listbox', { name: 'Hakutulokset' });
  await expect(page.getByRole('status').filter({ hasText: 'Haetaan…' })).toBeVisible();
  await expect(listbox).toHaveAttribute('aria-busy', 'true');
  await expect(listbox.getByRole('option')).toHaveCount(0);
  // The listbox holds only options and their groups, also while it is waiting.
  await expectAccessible(page, 'yläpalkin haku, haetaan');
  release();
  await expect(page.getByRole('status').filter({ hasText: 'Ei osumia.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Haetaan…' })).toHaveCount(0);
  await expect(listbox).not.toHaveAttribute('aria-busy');
  await expect(listbox.getByRole('option')).toHaveText(['Näytä kaikki hakutulokset']);
  await expectAccessible(page, 'yläpalkin haku, ei osumia');
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(`/search/members/eiole${RUN}`);
});

test('yhden alueen epäonnistunut haku näkyy sen otsikon alla, muiden osumat jäävät näkyviin', async ({ page }) => {
  await loginAsAdmin(page);
  await page.route('**/api/1/invoices/supersearch', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":{"general":["_error"]}}' }));
  const box = page.getByRole('combobox', { name: 'Hae rekisteristä' });
  await box.fill(LASTNAME);
  const listbox = page.getByRole('listbox', { name: 'Hakutulokset' });
  await expect(listbox.getByRole('group', { name: 'Laskut' })).toContainText('Haku ei onnistunut.');
  const member = listbox.getByRole('group', { name: 'Jäsenet' }).getByRole('option', { name: new RegExp(`Hilja ${LASTNAME}`) });
  await expect(member).toBeVisible();
  await expect(listbox.getByRole('group', { name: 'Tiedotteet' }).getByRole('option')).toHaveCount(1);
  await expectAccessible(page, 'yläpalkin haku, laskujen haku epäonnistui');
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/members\/\d+\/edit$/);
});

test('hidas alue ei pidätä muiden osumia', async ({ page }) => {
  await loginAsAdmin(page);
  // Announcements answer only after the others have been shown.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/1/announcements/supersearch', async (route) => {
    await held;
    await route.continue();
  });
  const box = page.getByRole('combobox', { name: 'Hae rekisteristä' });
  await box.fill(LASTNAME);
  const listbox = page.getByRole('listbox', { name: 'Hakutulokset' });
  await expect(listbox.getByRole('group', { name: 'Jäsenet' }).getByRole('option', { name: new RegExp(`Hilja ${LASTNAME}`) })).toBeVisible();
  await expect(listbox.getByRole('group', { name: 'Laskut' }).getByRole('option')).toHaveCount(1);
  await expect(listbox.getByRole('group', { name: 'Tiedotteet' })).toContainText('Haetaan…');
  release();
  await expect(listbox.getByRole('group', { name: 'Tiedotteet' }).getByRole('option', { name: new RegExp(`Tiedote ${LASTNAME}`) })).toBeVisible();
});

test('hallituksen jäsen hakee vain jäseniä: laskujen hakusivu on hänelle 404', async ({ browser, request }) => {
  const api = await signIn(request);
  const board = { email: `hanna.hallitus.${RUN}@example.fi`, password: 'Hallitus-Salasana-2026' };
  await api.post('members/new', {
    firstname: 'Hanna',
    lastname: `Hallitus${RUN}`,
    email: board.email,
    board: true,
    newPassword_: board.password,
    confirmNewPassword_: board.password,
    bypass_required_fields: true,
  });
  const page = await (await browser.newContext()).newPage();
  await page.goto('/@login');
  await submitLogin(page, board.email, board.password);
  await expect(page).toHaveURL('/');
  const box = page.getByRole('combobox', { name: 'Hae jäsentä' });
  await box.fill(LASTNAME);
  const listbox = page.getByRole('listbox', { name: 'Löytyneet jäsenet' });
  await expect(listbox.getByRole('option', { name: new RegExp(`Hilja ${LASTNAME}`) })).toBeVisible();
  await expect(listbox.getByRole('group', { name: 'Laskut' })).toHaveCount(0);
  await box.press('Enter');
  await expect(page).toHaveURL(`/search/members/${LASTNAME}`);
  await expect(page.getByRole('tab')).toHaveText(['Jäsenet (1)']);
  await expectAccessible(page, 'hakusivu hallitukselle');
  await page.goto(`/search/invoices/${LASTNAME}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sivua ei löytynyt' })).toBeVisible();
});
