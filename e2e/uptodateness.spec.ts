import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { openSqlite } from '../src/server/db/kysely';
import { recordOutcome } from '../src/server/modules/contacts/repo';
import { queueDeliveries } from '../src/server/modules/outbox/queue-repo';
import { signIn } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';
import { loginAsAdmin } from './helpers/session';
import { e2eDataDir } from './helpers/server';

// Email up-to-dateness in the register: a member whose email bounced is found by filtering
// the list on "Sähköpostin tila on Palautunut", the state shows as a column, and the member
// page says which address bounced and when. A member with email still queued in the outbox
// cannot be deleted. Messaging's outcomes and queued deliveries are seeded through the
// repositories into the server's database (WAL: the server keeps running meanwhile).

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const LASTNAME = 'Ajantasainen';
const BOUNCED_AT = '2026-03-05T12:05:00.000Z'; // 5.3.2026 klo 14.05 in Helsinki
const BOUNCED = { firstname: 'Pomppu', lastname: LASTNAME, email: 'pomppu.ajantasainen@example.fi' };
const QUEUED = { firstname: 'Jono', lastname: LASTNAME, email: 'jono.ajantasainen@example.fi' };
const PLAIN = { firstname: 'Tavis', lastname: LASTNAME, email: 'tavis.ajantasainen@example.fi', phone: '+46 70 123 45 99' };

let bouncedId = 0;
let queuedId = 0;

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const api = await signIn(request);
  const made: { id: number }[] = [];
  for (const m of [BOUNCED, QUEUED, PLAIN]) made.push(await api.post<{ id: number }>('members/new', { ...m, bypass_required_fields: true }));
  [bouncedId, queuedId] = [made[0]!.id, made[1]!.id];
  await request.dispose();

  const handle = openSqlite(path.join(e2eDataDir(), 'seura.sqlite'));
  try {
    const db = handle.db;
    const { tenant_id } = await db.selectFrom('members').select('tenant_id').where('id', '=', bouncedId).executeTakeFirstOrThrow();
    await recordOutcome(db, tenant_id, { member_id: bouncedId, medium: 'email', address: BOUNCED.email, outcome: 'bounced', at: BOUNCED_AT });
    const now = new Date().toISOString();
    const message = await db
      .insertInto('messages')
      .values({ tenant_id, kind: 'announcement', msg_media: 'email', status: 'sent', price: null, payment_id: null, author_id: null, created_at: now, updated_at: now, sent_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await queueDeliveries(db, tenant_id, message.id, [{ memberId: queuedId, medium: 'email', address: QUEUED.email }], now);
    // The e2e server runs the outbox worker: this delivery waits for a retry tomorrow, as after
    // a mail server's "try again later", so it stays queued while the journey runs.
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString();
    await db.updateTable('deliveries').set({ next_attempt_at: tomorrow, attempts: 1, error: '451 4.7.1 try again later' }).where('message_id', '=', message.id).execute();
  } finally {
    await handle.destroy();
  }
});

const memberCount = (page: Page) => page.getByTestId('member-count');

test('rajaus sähköpostin tilalla, tila sarakkeena ja jäsenen sivulla', async ({ page }) => {
  await loginAsAdmin(page, '/members');

  await page.getByRole('button', { name: 'Lisää ehto' }).click();
  await page.getByLabel('Kenttä, ehto 1').selectOption({ label: 'Sukunimi' });
  await page.getByLabel('Vertailu, ehto 1').selectOption({ label: 'on' });
  await page.getByLabel('Arvo, ehto 1').fill(LASTNAME);
  await expect(memberCount(page)).toHaveText('3 jäsentä');

  // Sähköpostin tila: the states in words; equal or not equal only.
  await page.getByRole('button', { name: 'Lisää ehto' }).click();
  await page.getByLabel('Kenttä, ehto 2').selectOption({ label: 'Sähköpostin tila' });
  await expect(page.getByLabel('Vertailu, ehto 2').locator('option')).toHaveText(['on', 'ei ole']);
  await page.getByLabel('Arvo, ehto 2').selectOption({ label: 'Palautunut' });
  await expect(memberCount(page)).toHaveText('1 jäsen');
  const table = page.getByRole('table', { name: 'Jäsenlista' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr').first().getByRole('link')).toHaveText(`${BOUNCED.firstname} ${LASTNAME}`);
  await expectAccessible(page, 'jäsenlista, rajaus sähköpostin tilalla');

  // The opposite condition finds the other two.
  await page.getByLabel('Vertailu, ehto 2').selectOption({ label: 'ei ole' });
  await expect(memberCount(page)).toHaveText('2 jäsentä');
  await page.getByLabel('Vertailu, ehto 2').selectOption({ label: 'on' });
  await expect(memberCount(page)).toHaveText('1 jäsen');

  // Both media as columns.
  await page.getByRole('button', { name: 'Sarakkeet (2)' }).click();
  await page.getByRole('checkbox', { name: 'Sähköpostin tila' }).check();
  await page.getByRole('checkbox', { name: 'Tekstiviestien tila' }).check();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Sähköpostin tila' })).toBeVisible();
  const cells = table.locator('tbody tr').first().locator('td');
  await expect(cells.filter({ hasText: 'Palautunut' })).toHaveCount(1);
  await expect(cells.filter({ hasText: 'Puuttuu' })).toHaveCount(1);
  await expectAccessible(page, 'jäsenlista, tilasarakkeet');

  // The member page: which address bounced and when.
  await table.locator('tbody tr').first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/members/${String(bouncedId)}/edit$`));
  const facts = page.getByRole('region', { name: 'Yhteystietojen ajantasaisuus' });
  const email = facts.getByRole('group', { name: 'Sähköpostin tila' });
  await expect(email).toContainText('Palautunut');
  await expect(email).toContainText(`Viesti osoitteeseen ${BOUNCED.email} palautui 5.3.2026 klo 14.05.`);
  await expect(facts.getByRole('group', { name: 'Tekstiviestien tila' })).toContainText('Puuttuu');
  await expectAccessible(page, 'jäsenen sivu, palautunut sähköposti');

  // The foreign number: SMS unsupported.
  await page.goBack();
  await expect(memberCount(page)).toHaveText('1 jäsen');
  await page.getByLabel('Kenttä, ehto 2').selectOption({ label: 'Tekstiviestien tila' });
  await page.getByLabel('Arvo, ehto 2').selectOption({ label: 'Ei tuettu (ulkomainen numero)' });
  await expect(memberCount(page)).toHaveText('1 jäsen');
  await expect(table.locator('tbody tr').first().getByRole('link')).toHaveText(`${PLAIN.firstname} ${LASTNAME}`);

  // Back to the default columns for other journeys (set-up, through the API).
  const api = await signIn(page.request);
  await api.post('session/set_persistent_data', { key: 'members_columns', val: ['email', 'phone'] });
});

test('jäsentä, jolle on lähdössä sähköpostia, ei voi poistaa', async ({ page }) => {
  await loginAsAdmin(page, `/members/${String(queuedId)}/edit`);
  await page.getByRole('button', { name: 'Poista' }).click();
  const dialog = page.getByRole('dialog', { name: `Poistetaanko ${QUEUED.firstname} ${LASTNAME}?` });
  await dialog.getByRole('button', { name: 'Poista' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Jäsentä ei voi poistaa, koska hänelle on lähdössä sähköpostia. Yritä uudelleen, kun viestit on lähetetty.');
  await expectAccessible(page, 'poisto estetty, jonossa sähköpostia');
  await dialog.getByRole('button', { name: 'Peruuta' }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${String(queuedId)}/edit$`));
});
