import { expect, type Locator, type Page, test } from '@playwright/test';
import { type ApiField, requiredCustomValues, signIn } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';
import { loginAsAdmin } from './helpers/session';

// The log shows correct old and new values after a member edit and a settings
// change. The admin edits a member's city in the member form and the reply-to
// address in the settings, finds both in /log with the values before and after, opens
// an entry, filters the log, and sees the latest three entries on the dashboard.

test.describe.configure({ timeout: 90_000 });

/** The demo admin the server was started with (bootstrap names it). */
const ADMIN_NAME = 'Demo Pääkäyttäjä';

/** A notification; earlier ones may still be fading out, so the newest is checked. */
const notification = (page: Page, text: string): Locator => page.getByRole('alert').filter({ hasText: text }).last();

test('loki näyttää jäsenen muokkauksen ja asetusmuutoksen vanhat ja uudet arvot', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const api = await signIn(request);
  const fields = await api.get<ApiField[]>('fields/all?all_headings=1');
  const extra = Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value]));
  const member = await api.post<{ id: number }>('members/new', {
    firstname: 'Loki',
    lastname: `Lokinen ${stamp}`,
    email: `loki.${stamp}@example.fi`,
    address_city: 'Turku',
    ...extra,
  });
  const memberName = `Loki Lokinen ${stamp}`;

  await loginAsAdmin(page);

  // The member form: city Turku → Tampere.
  await page.goto(`/members/${String(member.id)}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: memberName })).toBeVisible();
  await page.getByLabel('Postitoimipaikka').fill('Tampere');
  await page.getByTestId('member-form').getByRole('button', { name: 'Tallenna' }).click();
  await expect(notification(page, 'Jäsenen tiedot tallennettu.')).toBeVisible();

  // The settings: a new reply-to address (the old one is whatever earlier journeys left).
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Asetukset' }).click();
  await expect(page).toHaveURL('/config/settings');
  const replyTo = page.getByLabel('Vastausosoite (sähköposti)');
  await expect(replyTo).toBeEnabled();
  const oldReplyTo = await replyTo.inputValue();
  const newReplyTo = `loki-${stamp}@example.fi`;
  await replyTo.fill(newReplyTo);
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(notification(page, 'Asetukset tallennettu.')).toBeVisible();

  // The log, from the main menu: newest first, old → new.
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Loki' }).click();
  await expect(page).toHaveURL('/log');
  await expect(page.getByRole('heading', { level: 1, name: 'Loki' })).toBeVisible();
  await expect(page).toHaveTitle(/^Loki – /);
  const table = page.getByRole('table', { name: 'Lokimerkinnät' });
  for (const header of ['Aika', 'Tapahtuma', 'Kohde', 'Tekijä', 'Muutokset']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  const rows = table.getByTestId('log-row');
  const settingsRow = rows.nth(0);
  await expect(settingsRow.getByRole('rowheader')).toHaveText('Asetuksia muutettu');
  await expect(settingsRow).toContainText('Asetukset: yhdistys');
  await expect(settingsRow).toContainText(ADMIN_NAME);
  await expect(settingsRow.getByRole('listitem')).toHaveText(`Vastausosoite (sähköposti): ${oldReplyTo || '–'} →muuttui arvoon ${newReplyTo}`);
  const memberRow = rows.nth(1);
  await expect(memberRow.getByRole('rowheader')).toHaveText('Jäsentä muokattu');
  await expect(memberRow).toContainText(`Jäsen: ${memberName}`);
  await expect(memberRow.getByRole('listitem')).toHaveText('Postitoimipaikka: Turku →muuttui arvoon Tampere');
  await expect(page.getByTestId('log-count')).toHaveText(/^\d+ merkintää$/);
  await expectAccessible(page, 'loki');

  // The member entry's own page, opened from its row with the keyboard.
  const link = memberRow.getByRole('link', { name: /Jäsentä muokattu$/ });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/log\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lokimerkintä: Jäsentä muokattu' })).toBeVisible();
  const details = page.getByTestId('log-entry-details');
  await expect(details).toContainText(`Jäsen: ${memberName}`);
  await expect(details).toContainText(ADMIN_NAME);
  const data = page.getByTestId('log-entry-data');
  await expect(data.getByRole('columnheader')).toHaveText(['Kenttä', 'Ennen', 'Jälkeen']);
  const changed = data.getByRole('row').nth(1);
  await expect(changed.getByRole('rowheader')).toHaveText('Postitoimipaikka');
  await expect(changed.getByRole('cell')).toHaveText(['Turku', 'Tampere']);
  await expect(page.getByRole('link', { name: 'Jäsenen muutoshistoria' })).toHaveAttribute('href', `/members/${String(member.id)}/history`);
  await expectAccessible(page, 'lokimerkintä');
  await page.getByRole('link', { name: 'Takaisin lokiin' }).click();
  await expect(page).toHaveURL('/log');

  // Filters: one event type; a day typed wrong is explained at the field.
  const search = page.getByRole('search', { name: 'Rajaa lokia' });
  await search.getByLabel('Tapahtuma').selectOption({ label: 'Asetuksia muutettu' });
  await search.getByLabel('Alkaen').fill('31.2.2026');
  await search.getByRole('button', { name: 'Rajaa' }).click();
  await expect(search.getByText('Anna päivämäärä muodossa p.k.vvvv (aikaisintaan 1.1.1901).')).toBeVisible();
  await expect(search.getByLabel('Alkaen')).toBeFocused();
  await expectAccessible(page, 'loki, virheellinen päivä');
  await search.getByLabel('Alkaen').fill('');
  await search.getByRole('button', { name: 'Rajaa' }).click();
  await expect(page).toHaveURL('/log?tapahtuma=settings_changed');
  await expect(rows.first().getByRole('rowheader')).toHaveText('Asetuksia muutettu');
  await expect(rows.getByRole('rowheader').filter({ hasNotText: 'Asetuksia muutettu' })).toHaveCount(0);
  await expectAccessible(page, 'loki, rajattu');
  await search.getByRole('button', { name: 'Tyhjennä rajaus' }).click();
  await expect(page).toHaveURL('/log');

  // The dashboard: the three latest entries, newest first, and the way to the whole log.
  await page.goto('/');
  const panel = page.getByRole('region', { name: 'Viimeisimmät tapahtumat' });
  const latest = panel.getByTestId('log-latest-entry');
  await expect(latest).toHaveCount(3);
  await expect(latest.getByRole('link')).toHaveText(['Asetuksia muutettu', 'Jäsentä muokattu', 'Kirjautuminen']);
  await expect(latest.nth(1)).toContainText(`Jäsen: ${memberName}`);
  await expectAccessible(page, 'etusivu, lokipaneeli');
  await latest.nth(1).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lokimerkintä: Jäsentä muokattu' })).toBeVisible();
  await page.goto('/');
  await panel.getByRole('link', { name: 'Näytä koko loki' }).click();
  await expect(page).toHaveURL('/log');
});
