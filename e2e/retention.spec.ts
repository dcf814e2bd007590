import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { e2eDataDir } from './helpers/server';
import { signIn } from './helpers/adminApi';
import { loginAsAdmin } from './helpers/session';
import { openSqlite } from '../src/server/db/kysely';
import { datedInvoice } from '../src/server/test/factories/accounting';

// Retention in the browser: a site admin sets how long removed and inactive members are kept,
// sees on the dashboard what is due, and deletes the accounting data of 2019 (an old invoice
// seeded straight into the database) after a preview of what will go. The retention settings
// go back to "never" afterwards, so other journeys' removed members are never touched.

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const dbFile = path.join(e2eDataDir(), 'seura.sqlite');
let invoiceId = 0;
let removedId = 0;

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const api = await signIn(request);
  removedId = (await api.post<{ id: number }>('members/new', { firstname: 'Vanha', lastname: 'Poistettu', email: 'vanha.poistettu@example.fi', bypass_required_fields: true })).id;
  await request.dispose();
  const handle = openSqlite(dbFile);
  try {
    const db = handle.db;
    const { tenant_id } = await db.selectFrom('members').select('tenant_id').where('id', '=', removedId).executeTakeFirstOrThrow();
    // Removed two years ago: past a 12-month setting.
    await db.updateTable('members').set({ deleted_at: new Date(Date.now() - 2 * 365 * 86_400_000).toISOString() }).where('id', '=', removedId).execute();
    invoiceId = (await datedInvoice(db, tenant_id, '2019-06-01', { name: 'Vanha Laskutettava' })).invoiceId;
  } finally {
    await handle.destroy();
  }
});

test.afterAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const api = await signIn(request);
  await api.post('settings/save', { scope_: 'retention', retention_removed_months: 0, retention_inactive_years: 0 });
  await request.dispose();
});

async function expectNotification(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByRole('alert').filter({ hasText: text }).last()).toBeVisible();
}

test('säilytysajat, mitä on erääntymässä ja vuoden 2019 kirjanpitoaineiston poisto', async ({ page }) => {
  await loginAsAdmin(page, '/config/settings_retention');
  await expect(page.getByRole('heading', { level: 1, name: 'Tietojen säilytys' })).toBeVisible();
  await expect(page).toHaveTitle(/^Tietojen säilytys – /);
  await expect(page.getByLabel('Poistettujen jäsenten pysyvä poisto')).toHaveValue('0');
  await expectAccessible(page, 'säilytysasetukset');

  await page.getByLabel('Poistettujen jäsenten pysyvä poisto').selectOption({ label: '12 kuukauden kuluttua' });
  await page.getByLabel('Passiivisten jäsenten tarkistus').selectOption({ label: '3 vuoden jälkeen' });
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expectNotification(page, 'Asetukset tallennettu.');

  // The clean-up: 2019 is the last year past the six years (in 2026).
  const year = page.getByLabel('Poistettavat vuodet');
  await expect(year).toHaveValue(String(new Date().getFullYear() - 7));
  await year.selectOption('2019');
  await page.getByRole('button', { name: 'Näytä, mitä poistetaan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Poistetaanko kirjanpitoaineisto vuoden 2019 loppuun asti?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Poistetaan pysyvästi:')).toBeVisible();
  const preview = dialog.getByTestId('clean-preview');
  await expect(preview).toContainText('1 lasku');
  await expect(preview).toContainText('1 maksu');
  await expect(dialog.getByRole('button', { name: 'Peruuta' })).toBeFocused();
  await expectAccessible(page, 'kirjanpitoaineiston poiston vahvistus');
  await dialog.getByRole('button', { name: 'Poista pysyvästi' }).click();
  await expectNotification(page, /Poistettu pysyvästi: 1 lasku/);
  await expect(dialog).toBeHidden();

  const handle = openSqlite(dbFile);
  try {
    expect(await handle.db.selectFrom('invoices').select('id').where('id', '=', invoiceId).executeTakeFirst()).toBeUndefined();
  } finally {
    await handle.destroy();
  }

  // The dashboard says what the next daily run will do.
  await page.goto('/');
  const panel = page.getByRole('region', { name: 'Säilytysajat' });
  await expect(panel).toContainText('1 poistettu jäsen poistetaan pysyvästi seuraavassa ajossa');
  await expectAccessible(page, 'etusivu säilytysajoineen');
  await panel.getByRole('link', { name: 'Säilytysajat' }).click();
  await expect(page).toHaveURL('/config/settings_retention');
  await page.getByRole('link', { name: 'Näytä tarkistettavat passiiviset jäsenet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tarkistettavat passiiviset jäsenet' })).toBeVisible();
  await expectAccessible(page, 'tarkistettavat passiiviset jäsenet');
});
