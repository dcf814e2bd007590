import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './helpers/axe';
import { signIn } from './helpers/adminApi';
import { loginAsAdmin } from './helpers/session';

// The member card design (issue 17): choose the group and the fields, upload a logo and see it
// on the live preview of a sample member, save, reload and find it all kept. An SVG is refused
// with an alert and the reason under the input; a window too low for the preview gets a notice.

const RUN = Date.now().toString(36);
const GROUP = `Korttiryhmä ${RUN}`;

test('jäsenkortin ulkoasu: ryhmä, kentät, logo esikatselussa, tallennus ja SVG:n hylkäys', async ({ page, request }) => {
  const api = await signIn(request);
  await api.post('groups/new', { name: `e2e_kortti_${RUN}`, label: GROUP });
  const logo = await sharp({ create: { width: 120, height: 60, channels: 4, background: { r: 10, g: 90, b: 160, alpha: 1 } } }).png().toBuffer();

  await loginAsAdmin(page, '/config/settings');
  await page.getByRole('navigation', { name: 'Asetusten osiot' }).getByRole('link', { name: 'Jäsenkortti' }).click();
  await expect(page).toHaveURL(/\/config\/settings_membercard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jäsenkortin asetukset' })).toBeVisible();
  await expect(page).toHaveTitle(/^Jäsenkortin asetukset – /);
  const preview = page.getByRole('region', { name: 'Jäsenkortin esikatselu' });
  await expect(preview.getByTestId('card-name')).toHaveText('Maija Meikäläinen');
  await expect(preview).toContainText('Jäsennumero');
  await expect(preview).toContainText('123');
  await expectAccessible(page, 'jäsenkortin asetukset');

  // Without a group the card cannot be saved: said under the field, which takes focus.
  const groups = page.getByRole('combobox', { name: 'Ryhmät, joiden jäsenet saavat kortin' });
  while ((await page.getByTestId('card-groups').locator('..').locator('.mantine-Pill-root').count()) > 0) {
    await groups.focus();
    await page.keyboard.press('Backspace');
  }
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByText('Valitse vähintään yksi ryhmä, jonka jäsenet saavat jäsenkortin.')).toBeVisible();
  await expect(groups).toBeFocused();

  await groups.fill(GROUP);
  await page.getByRole('option', { name: GROUP }).click();
  await page.keyboard.press('Escape');

  // The name is always on the card; phone is chosen besides the defaults.
  await expect(page.getByRole('checkbox', { name: 'Etunimi' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Etunimi' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Jäsen alkaen' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Matkapuhelin' }).check();
  await expect(preview).toContainText('040 123 4567');
  await page.getByRole('radio', { name: 'Pysty' }).check();
  await page.getByRole('textbox', { name: 'Lisäteksti' }).fill('Näytä kortti ovella.');
  await expect(preview).toContainText('Näytä kortti ovella.');

  // The logo goes up at once and shows on the preview card (re-encoded by the server).
  await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByTestId('logo-thumbnail')).toBeVisible();
  const cardLogo = preview.locator('img');
  await expect(cardLogo).toHaveAttribute('src', /^\/api\/1\/membercard\/image\/\d+$/);
  await expect.poll(() => cardLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);

  // An SVG is not an image the card takes: an alert, and the reason under the input.
  await page.getByLabel('Taustakuva', { exact: true }).setInputFiles({
    name: 'tausta.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
  });
  const alert = page.getByTestId('bgimage-alert');
  await expect(alert).toBeVisible();
  await expect(alert).toHaveAttribute('role', 'alert');
  await expect(alert).toContainText('Kuvaa ei voitu lukea. Tallenna se PNG-, JPEG- tai WebP-muodossa ja yritä uudelleen.');
  await expect(page.getByTestId('bgimage-error')).toHaveText('Kuvaa ei voitu lukea. Tallenna se PNG-, JPEG- tai WebP-muodossa ja yritä uudelleen.');
  await expect(page.getByLabel('Taustakuva', { exact: true })).toBeFocused();
  await expectAccessible(page, 'jäsenkortin asetukset, kuva hylätty');

  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Asetukset tallennettu.' }).last()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Jäsenkortin asetukset' })).toBeVisible();
  await expect(page.getByTestId('card-groups').locator('..')).toContainText(GROUP);
  await expect(page.getByRole('checkbox', { name: 'Matkapuhelin' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Pysty' })).toBeChecked();
  await expect(page.getByTestId('logo-thumbnail')).toBeVisible();
  await expect(preview.locator('img')).toHaveAttribute('src', /^\/api\/1\/membercard\/image\/\d+$/);
  await expect(preview).toContainText('040 123 4567');

  // A window lower than 557 px: a notice instead of the card, back when there is room again.
  await page.setViewportSize({ width: 1280, height: 500 });
  await expect(page.getByText('Esikatselu näkyy, kun ikkuna on vähintään 557 pikseliä korkea.')).toBeVisible();
  await expect(preview).toHaveCount(0);
  await expectAccessible(page, 'jäsenkortin asetukset, matala ikkuna');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(preview).toBeVisible();

  // On a phone the form and the preview stack, without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(preview).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
  await expectAccessible(page, 'jäsenkortin asetukset, puhelin');
});
