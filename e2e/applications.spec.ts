import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type ApiField, requiredCustomValues, signIn } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';
import { loginAsAdmin } from './helpers/session';
import { e2eDataDir } from './helpers/server';

// Applications in the browser: with no applications, the admin finds the
// applications page and the form's public address from the members area; an internal
// field stays off the public form until its "Näytetään jäsenhakemuslomakkeella" setting
// is on; an application is corrected (recorded in the member history) and approved, and
// the applicant's two emails land in the outbox.

/** Unique per run, so the journey finds its own applicant whatever else the database holds. */
const RUN = Date.now().toString(36);
/** The server drops applications sent faster than this after the form was shown (bot check). */
const MIN_FILL_MS = 3000;

const notification = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Rejects applications other journeys may have left, so the queue starts empty. */
async function emptyQueue(request: APIRequestContext, api: Awaited<ReturnType<typeof signIn>>): Promise<void> {
  const pending = await api.post<{ results: { id: number }[] }>('members/get_results', { pending: true, page_size: 100 });
  const csrf = (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  for (const { id } of pending.results) {
    const r = await request.delete(`/api/1/members/${String(id)}`, { headers: { 'x-csrftoken': csrf } });
    expect(r.ok()).toBe(true);
  }
}

test('jäsenhakemukset: lomakkeen osoite jäsenalueelta, sisäinen kenttä pois lomakkeelta, korjaus ja hyväksyntä', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await signIn(request);
  const honorary = `Kunniajäsen ${RUN}`;
  const paid = `Jäsenmaksu maksettu ${RUN}`;
  const honoraryField = await api.post<{ id: number }>('fields/new', { name: `kunniajasen_${RUN}`, label: honorary, type: 'checkbox', visibility: 2 });
  await api.post('fields/new', { name: `jasenmaksu_${RUN}`, label: paid, type: 'checkbox', visibility: 2 });
  await emptyQueue(request, api);

  // --- Point 7: from the members area, with no applications ---
  await loginAsAdmin(page, '/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Jäsenet' })).toBeVisible();
  await expect(page.getByTestId('application-count')).toHaveCount(0);
  await expectAccessible(page, 'jäsenet');
  await page.getByRole('link', { name: 'Jäsenhakemukset ja hakulomake' }).click();
  await expect(page).toHaveURL('/members/applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Jäsenhakemukset' })).toBeVisible();
  const empty = page.getByTestId('applications-empty');
  await expect(empty).toContainText('Ei käsittelemättömiä hakemuksia.');
  await expect(empty).toContainText('Näin saat ensimmäiset hakemukset:');
  const address = empty.getByRole('textbox', { name: 'Hakulomakkeen osoite' });
  const origin = new URL(page.url()).origin;
  await expect(address).toHaveValue(`${origin}/@apply`);
  await expect(empty.getByTestId('apply-embed-snippet')).toHaveValue(new RegExp(`^<iframe src="${origin.replace(/[.]/g, '\\.')}/@apply\\?embed=1"`));
  await expect(empty.getByRole('link', { name: 'Valitse lomakkeen kentät' })).toHaveAttribute('href', '/config/fields');
  await expect(empty.getByTestId('apply-form-fields')).toContainText('Lomakkeella kysytään: Etunimi, Sukunimi, Sähköposti');
  await expect(empty.getByTestId('apply-form-fields')).not.toContainText(honorary);
  // The pointer stays where the link was, over "Takaisin jäsenlistaan" (its hover colours are point 9's).
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'jäsenhakemukset, ei hakemuksia');
  await empty.getByRole('button', { name: 'Kopioi osoite' }).click();
  await expect(empty.getByText('Osoite kopioitu leikepöydälle.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/@apply`);
  await empty.getByRole('button', { name: 'Kopioi koodi' }).click();
  await expect(empty.getByText('Koodi kopioitu leikepöydälle.')).toBeVisible();

  // --- Point 8: an internal field is not on the public form until its setting is on ---
  await page.goto('/@apply');
  await expect(page.getByRole('heading', { level: 1, name: /^Liity jäseneksi/ })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: honorary })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: paid })).toHaveCount(0);
  await expectAccessible(page, 'jäsenhakemus ilman sisäisiä kenttiä');

  await page.goto(`/config/fields/${String(honoraryField.id)}`);
  const setting = page.getByRole('checkbox', { name: 'Näytetään jäsenhakemuslomakkeella' });
  await expect(setting).not.toBeChecked();
  await setting.check();
  await expectAccessible(page, 'kentän muokkaus, hakulomakeasetus');
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page).toHaveURL('/config/fields');

  const form = await api.get<{ fields: ApiField[] }>('members/apply_form');
  await page.goto('/@apply');
  await expect(page.getByRole('checkbox', { name: honorary })).toBeVisible();
  // The form's clock starts when it mounts, after its page's lazy chunk: time it from on screen.
  const shownAt = Date.now();
  await expect(page.getByRole('checkbox', { name: paid })).toHaveCount(0);
  const email = `hakija.${RUN}@example.fi`;
  await page.getByRole('textbox', { name: 'Etunimi', exact: true }).fill('Hanna');
  await page.getByRole('textbox', { name: 'Sukunimi', exact: true }).fill(`Hakia${RUN}`);
  await page.getByRole('textbox', { name: 'Sähköposti', exact: true }).fill(email);
  for (const { field, typed } of requiredCustomValues(form.fields)) {
    if (field.type === 'checkbox') await page.getByRole('checkbox', { name: field.label, exact: true }).check();
    else if (field.type === 'dropdown') await page.getByRole('combobox', { name: field.label, exact: true }).selectOption(String(typed));
    else await page.getByRole('textbox', { name: field.label, exact: true }).fill(String(typed));
  }
  await page.getByRole('checkbox', { name: honorary }).check();
  await page.waitForTimeout(Math.max(0, MIN_FILL_MS + 500 - (Date.now() - shownAt)));
  await page.getByRole('button', { name: 'Lähetä hakemus' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Kiitos hakemuksestasi!' })).toBeVisible();
  await expect(page.getByTestId('apply-thanks')).toContainText('Lähetimme vahvistuksen antamaasi sähköpostiosoitteeseen.');
  await expectAccessible(page, 'jäsenhakemus lähetetty');

  // --- The admin corrects the application, then approves it ---
  await page.goto('/members');
  await expect(page.getByTestId('application-count')).toHaveText('1 käsittelemätön jäsenhakemus');
  await page.getByRole('link', { name: 'Jäsenhakemukset ja hakulomake' }).click();
  const row = page.getByTestId('applications-table').getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: `Käsittele hakemus: Hanna Hakia${RUN}` }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('application-values')).toContainText(`Hakia${RUN}`);
  await drawer.getByRole('button', { name: 'Korjaa tietoja' }).click();
  const correction = drawer.getByTestId('application-correction');
  await expect(correction.getByRole('heading', { name: 'Korjaa hakemuksen tietoja' })).toBeFocused();
  await correction.getByRole('textbox', { name: 'Sähköposti', exact: true }).fill('ei-osoite');
  await correction.getByRole('button', { name: 'Tallenna korjaukset' }).click();
  await expect(correction.getByText('Sähköpostiosoite on virheellinen.')).toBeVisible();
  await expect(correction.getByRole('textbox', { name: 'Sähköposti', exact: true })).toBeFocused();
  await correction.getByRole('textbox', { name: 'Sähköposti', exact: true }).fill(email);
  await correction.getByRole('textbox', { name: 'Sukunimi', exact: true }).fill(`Hakija${RUN}`);
  await correction.getByRole('checkbox', { name: paid }).check();
  await expectAccessible(page, 'jäsenhakemuksen korjaus');
  await correction.getByRole('button', { name: 'Tallenna korjaukset' }).click();
  await expect(notification(page, 'Korjaukset tallennettu.')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Korjaa tietoja' })).toBeFocused();
  const values = drawer.getByTestId('application-values');
  await expect(values).toContainText(`Hakija${RUN}`);
  await expect(values.locator('div').filter({ hasText: paid })).toContainText('Kyllä');
  await expectAccessible(page, 'korjattu jäsenhakemus');

  await drawer.getByRole('button', { name: 'Hyväksy' }).click();
  const approved = notification(page, `Hakemus hyväksytty. Hanna Hakija${RUN} on nyt jäsen.`);
  await expect(approved).toContainText('Hakijalle lähetettiin sähköposti hyväksymisestä.');
  await expect(page.getByTestId('applications-empty')).toBeVisible();
  await expect(page.getByTestId('apply-form-fields')).toContainText(honorary);
  await expect(page.getByTestId('apply-form-fields')).not.toContainText(paid);

  // The correction is in the member history before the approval.
  const found = await api.post<{ results: { id: number }[] }>('members/get_results', { filter: [{ field: 'email', verb: 'eq', value: email }] });
  const id = found.results[0]?.id ?? 0;
  const history = await api.post<{ context: string; data: { field: string; old: unknown; new: unknown }[] }[]>('members/get_history', { id });
  expect(history.map((h) => h.context).sort()).toEqual(['PersonInsert', 'PersonUpdate']);
  expect(history.find((h) => h.context === 'PersonUpdate')?.data).toContainEqual(expect.objectContaining({ field: 'lastname', old: `Hakia${RUN}`, new: `Hakija${RUN}` }));
  await page.goto(`/members/${String(id)}/history`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'jäsenen historia korjauksen jälkeen');

  // Without SMTP the server writes mail to DATA_DIR/outbox: the confirmation and the approval.
  const outbox = path.join(e2eDataDir(), 'outbox');
  const mine = fs
    .readdirSync(outbox)
    // Only mails: the outbox also holds sms/ and letters/ directories once messages go out.
    .filter((f) => f.endsWith('.eml'))
    .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
    .filter((raw) => raw.includes(`To: ${email}`));
  expect(mine).toHaveLength(2);
  expect(mine.some((raw) => raw.includes('Subject: =?UTF-8?Q?J=C3=A4senhakemuksesi_on_vastaanotettu'))).toBe(true);
  expect(mine.some((raw) => raw.includes('Subject: =?UTF-8?Q?J=C3=A4senhakemuksesi_on_hyv=C3=A4ksytty'))).toBe(true);

  // Back off the form, so the other journeys meet the form they expect.
  const saved = await api.get<ApiField & { help_text: string; maxlength: number }>(`fields/${String(honoraryField.id)}`);
  await api.post(`fields/${String(honoraryField.id)}`, { name: saved.name, label: saved.label, type: saved.type, visibility: saved.visibility, on_apply_form: false });
});
