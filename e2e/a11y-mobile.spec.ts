import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { signIn, type SignedInApi } from './helpers/adminApi';
import { loginAsAdmin } from './helpers/session';

// A visible focus ring on every input (also one showing
// an error), input borders and the highlighted quick-search hit readable, accessible
// names that contain the visible text; a date typed on a phone's number pad
// (24121990) is saved; on a phone the member list is a list of cards and quick search
// is in the phone menu.

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const LASTNAME = 'Kortelainen';
const DATE_FIELD = { name: 'e2e_a11y_pvm', label: 'Liittymispäivä A11y' };
const PHONE = { width: 390, height: 844 };

let memberId = 0;

test.beforeAll(async ({ request }) => {
  const api: SignedInApi = await signIn(request);
  const fields = await api.get<{ name: string }[]>('fields/all').catch(() => [] as { name: string }[]);
  if (!fields.some((f) => f.name === DATE_FIELD.name)) {
    await api.post('fields/new', { ...DATE_FIELD, type: 'date', visibility: 2 });
  }
  const found = await api.post<{ results: { id: number }[] }>('members/get_results', { filter: [{ field: 'lastname', verb: 'eq', value: LASTNAME }] });
  if (found.results.length > 0) {
    memberId = found.results[0]!.id;
    return;
  }
  for (const [i, first] of ['Aino', 'Bertta', 'Cecilia'].entries()) {
    const m = await api.post<{ id: number }>('members/new', {
      firstname: first,
      lastname: LASTNAME,
      email: `${first.toLowerCase()}.kortelainen@example.fi`,
      phone: i === 1 ? '+46 70 123 45 67' : `040 555 000${String(i)}`,
      address_city: 'Kotka',
      bypass_required_fields: true,
    });
    if (i === 0) memberId = m.id;
  }
});

/** The outline and box shadow that draw a focus ring, as computed now. */
const ringOf = (input: Locator) =>
  input.evaluate((el) => {
    const s = getComputedStyle(el);
    return { outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`, style: s.outlineStyle, width: parseFloat(s.outlineWidth), shadow: s.boxShadow };
  });

/** WCAG contrast ratio of two computed rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const x = Number(v) / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

async function expectRingOnFocus(page: Page, input: Locator, what: string): Promise<void> {
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await expect(input).not.toBeFocused();
  const before = await ringOf(input);
  // Reached by keyboard, as the people who need the ring reach it.
  await input.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(input).toBeFocused();
  const after = await ringOf(input);
  expect(after.style, `${what}: focus ring`).toBe('solid');
  expect(after.width, `${what}: focus ring width`).toBeGreaterThanOrEqual(2);
  expect(`${after.outline} ${after.shadow}`, `${what}: focus changes the look`).not.toBe(`${before.outline} ${before.shadow}`);
}

test('näkyvä kohdistus virheellisessä ja kelvollisessa kentässä, päivämäärä numeronäppäimistöltä', async ({ page }) => {
  await loginAsAdmin(page, `/members/${String(memberId)}/edit`);
  const date = page.getByRole('textbox', { name: DATE_FIELD.label });
  await expect(date).toBeVisible();
  await expectAccessible(page, 'jäsenen muokkaus');

  // Input borders reach 3:1 against the white page.
  const firstname = page.getByRole('textbox', { name: 'Etunimi' });
  const border = await firstname.evaluate((el) => getComputedStyle(el).borderTopColor);
  expect(contrast(border, 'rgb(255, 255, 255)')).toBeGreaterThanOrEqual(3);

  // An impossible date shows an error; the field still shows focus clearly.
  await date.fill('31.2.2020');
  await page.getByRole('button', { name: 'Tallenna', exact: true }).click();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Anna päivämäärä muodossa p.k.vvvv (aikaisintaan 1.1.1901).')).toBeVisible();
  await expectAccessible(page, 'jäsenen muokkaus, virhe');
  await expectRingOnFocus(page, date, 'virheellinen päivämäärä');
  await expectRingOnFocus(page, firstname, 'kelvollinen etunimi');
  await expectRingOnFocus(page, page.getByRole('checkbox', { name: 'Aktiivinen jäsen' }), 'valintaruutu');

  // Typed without dots, as on an iPhone's number pad; shown as d.M.yyyy on leaving the field.
  await date.fill('24121990');
  await date.press('Tab');
  await expect(date).toHaveValue('24.12.1990');
  await date.fill('05 03 2001');
  await page.getByRole('button', { name: 'Tallenna', exact: true }).click();
  await expect(page.getByText('Jäsenen tiedot tallennettu.').last()).toBeVisible();
  const saved = await page.request.get(`/api/1/members/${String(memberId)}`);
  expect(((await saved.json()) as Record<string, unknown>)[DATE_FIELD.name]).toBe('2001-03-05');
  await page.reload();
  await expect(page.getByRole('textbox', { name: DATE_FIELD.label })).toHaveValue('5.3.2001');
});

test('käyttäjävalikon nimi alkaa näkyvällä tekstillä, pikahaun korostettu osuma on luettava', async ({ page }) => {
  await loginAsAdmin(page, '/members');
  // WCAG 2.5.3: the accessible name contains (here: starts with) the visible name.
  const userMenu = page.getByRole('button', { name: /, käyttäjävalikko$/ });
  const visible = (await userMenu.locator('p').innerText()).trim();
  expect(visible.length).toBeGreaterThan(0);
  await expect(userMenu).toHaveAccessibleName(`${visible}, käyttäjävalikko`);

  const supersearch = page.getByRole('combobox', { name: 'Hae rekisteristä' });
  await supersearch.fill(LASTNAME);
  await expect(page.getByRole('option', { name: /Aino Kortelainen/ })).toBeVisible();
  await supersearch.press('ArrowDown');
  const selected = page.locator('[data-combobox-selected]');
  await expect(selected).toContainText('aino.kortelainen@example.fi');
  await expectAccessible(page, 'pikahaku, osuma korostettuna');
  const colours = await selected.evaluate((el) => {
    const detail = [...el.querySelectorAll('p')].find((p) => p.textContent?.includes('@'))!;
    return { text: getComputedStyle(detail).color, bg: getComputedStyle(el).backgroundColor };
  });
  expect(contrast(colours.text, colours.bg), JSON.stringify(colours)).toBeGreaterThanOrEqual(4.5);
  // The focused search box has a ring too.
  await expect(supersearch).toBeFocused();
  expect((await ringOf(supersearch)).style).toBe('solid');
});

test('vaalean painikkeen teksti on luettava myös hiiren ollessa päällä', async ({ page }) => {
  await loginAsAdmin(page, '/members/applications');
  const back = page.getByRole('link', { name: 'Takaisin jäsenlistaan' });
  await back.hover();
  // The hover colour is a background transition: measure once it has settled.
  await expect
    .poll(async () => {
      const c = await back.evaluate((el) => ({ text: getComputedStyle(el).color, bg: getComputedStyle(el).backgroundColor }));
      return contrast(c.text, c.bg);
    })
    .toBeGreaterThanOrEqual(4.5);
  await expectAccessible(page, 'jäsenhakemukset, hiiri paluupainikkeen päällä');
});

test('puhelimella jäsenlista kortteina ja pikahaku valikossa', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginAsAdmin(page, `/members?filter=${encodeURIComponent(JSON.stringify([{ field: 'lastname', verb: 'eq', value: LASTNAME }]))}`);
  const cards = page.getByRole('list', { name: 'Jäsenlista' });
  await expect(cards.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByTestId('members-table')).toHaveCount(0);
  // Each card: the name as a link, the chosen columns' values, and the row menu.
  const bertta = cards.getByRole('listitem').filter({ hasText: 'Bertta Kortelainen' });
  await expect(bertta.getByRole('link', { name: 'Bertta Kortelainen' })).toBeVisible();
  await expect(bertta).toContainText('bertta.kortelainen@example.fi');
  await expect(bertta).toContainText('+46 70 123 45 67');
  await expectAccessible(page, 'jäsenlista puhelimella');

  // Keyboard: the name link, then its row menu.
  await bertta.getByRole('link', { name: 'Bertta Kortelainen' }).focus();
  await page.keyboard.press('Tab');
  const menuButton = bertta.getByRole('button', { name: 'Toiminnot: Bertta Kortelainen' });
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Muokkaa' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menuButton).toBeFocused();

  // Sorting without headers: reverse order puts Cecilia first.
  await page.getByRole('button', { name: 'Käänteinen järjestys' }).click();
  await expect(cards.getByRole('listitem').first()).toContainText('Cecilia Kortelainen');
  await page.getByRole('button', { name: 'Käänteinen järjestys' }).click();
  await expect(cards.getByRole('listitem').first()).toContainText('Aino Kortelainen');

  // "Kaikki" is a virtualised list of cards too.
  await page.getByLabel('Jäseniä sivulla').selectOption({ label: 'Kaikki' });
  const everyone = page.getByRole('region', { name: /kaikki jäsenet/ }).getByRole('list', { name: 'Jäsenlista' });
  await expect(everyone.getByRole('listitem')).toHaveCount(3);
  await expect(everyone.getByRole('listitem').first()).toContainText('Aino Kortelainen');
  await expect(page.getByTestId('members-table')).toHaveCount(0);
  await expectAccessible(page, 'jäsenlista puhelimella, kaikki');
  await page.getByLabel('Jäseniä sivulla').selectOption({ label: '20' });
  await expect(cards.getByRole('listitem')).toHaveCount(3);

  // Quick search is in the phone menu.
  await expect(page.getByRole('combobox', { name: 'Hae rekisteristä' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Näytä tai piilota valikko' }).click();
  const search = page.getByRole('combobox', { name: 'Hae rekisteristä' });
  await expect(search).toBeVisible();
  await search.fill('Bertta');
  await expect(page.getByRole('option', { name: /Bertta Kortelainen/ })).toBeVisible();
  await expectAccessible(page, 'puhelimen valikko, pikahaku auki');
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/members\/\d+\/edit$/);
  await expect(page.getByRole('textbox', { name: 'Etunimi' })).toHaveValue('Bertta');
  // Her Swedish mobile is shown internationally, with a note that SMS does not go there.
  const phoneInput = page.getByRole('textbox', { name: 'Matkapuhelin' });
  await expect(phoneInput).toHaveValue('+46 70 123 45 67');
  await expect(phoneInput).toHaveAccessibleDescription(/Ulkomaiseen numeroon ei lähetetä tekstiviestejä\./);
  // The menu closed on the way.
  await expect(page.getByRole('button', { name: 'Näytä tai piilota valikko' })).toHaveAttribute('aria-expanded', 'false');
  await expectAccessible(page, 'jäsenen muokkaus puhelimella');
});
