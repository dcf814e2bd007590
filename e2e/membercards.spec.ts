import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './helpers/axe';
import { signIn } from './helpers/adminApi';
import { creditBalance, type OwnServer, startOwnServer } from './helpers/ownServer';
import { loginAsAdmin } from './helpers/session';
import { type SmsGateway, startSmsGateway } from './helpers/smsGateway';

// Member cards end to end on a server of their own whose SMS go to a fake GatewayAPI: the
// card designed for a group with a logo on the settings page, cards sent by SMS to its members (paid from the balance), the
// card address read from the gateway's SMS, the card opened on a phone-sized screen, its QR
// code decoded from a screenshot with zbarimg, and the decoded address checked on /c/verify.

const BASE_PORT = Number(process.env.SEURA_E2E_PORT ?? 3197);
const SERVER_PORT = BASE_PORT + 150;
const SMS_PORT = BASE_PORT + 250;
const RUN = Date.now().toString(36);
const BASE = `http://127.0.0.1:${String(SERVER_PORT)}`;

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial', timeout: 150_000 });

let gateway: SmsGateway;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  gateway = await startSmsGateway(SMS_PORT);
  server = await startOwnServer(SERVER_PORT, { SMS_URL: gateway.url, SMS_TOKEN: 'e2e', PUBLIC_URL: BASE });
});

test.afterAll(async () => {
  await server?.stop();
  await gateway?.close();
});

/** The text of a QR code in a PNG, by zbarimg (zbar-tools). */
function decodeQr(png: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'seura-qr-')), 'qr.png');
  fs.writeFileSync(file, png);
  return execFileSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8' }).trim();
}

test('jäsenkortit tekstiviestillä ryhmälle, kortti puhelimessa, QR-koodi skannattuna ja tarkistettuna', async ({ page, request, browser }) => {
  const api = await signIn(request);
  await api.post('settings/save', { scope_: 'organisation', name_: 'Demoyhdistys ry', reply_to_email: 'hallitus@demoyhdistys.fi' });
  const group = await api.post<{ id: number; name: string }>('groups/new', { name: `e2e_kortti_${RUN}`, label: `Kortilliset ${RUN}` });
  const lastname = `Kortillinen${RUN}`;
  const aino = await api.post<{ id: number }>('members/new', { firstname: 'Aino', lastname, phone: '+358401110001', [group.name]: true, bypass_required_fields: true });
  await api.post('members/new', { firstname: 'Eino', lastname, phone: '+358401110002', [group.name]: true, bypass_required_fields: true });
  await api.post('members/new', { firstname: 'Ulla', lastname, email: `ulla.${RUN}@example.fi`, [group.name]: true, bypass_required_fields: true });
  await creditBalance(server.dataDir, '1,00');

  // The card designed in the browser: the group, and a logo (re-encoded by the server).
  await loginAsAdmin(page, '/config/settings_membercard');
  await expect(page.getByRole('heading', { level: 1, name: 'Jäsenkortin asetukset' })).toBeVisible();
  const groups = page.getByRole('combobox', { name: 'Ryhmät, joiden jäsenet saavat kortin' });
  await groups.fill(`Kortilliset ${RUN}`);
  await page.getByRole('option', { name: `Kortilliset ${RUN}` }).click();
  await page.keyboard.press('Escape');
  const logo = await sharp({ create: { width: 120, height: 60, channels: 4, background: { r: 10, g: 90, b: 160, alpha: 1 } } }).png().toBuffer();
  await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByTestId('logo-thumbnail')).toBeVisible();
  await expectAccessible(page, 'jäsenkortin ulkoasu');
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Asetukset tallennettu.' }).last()).toBeVisible();

  // The admin: the menu entry, the (empty) list, sending by SMS (the default).
  // Messages sit under "Viestit" in the main menu.
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('button', { name: 'Viestit' }).click();
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Jäsenkortit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jäsenkortit' })).toBeVisible();
  await expect(page).toHaveTitle(/^Jäsenkortit – /);
  await expectAccessible(page, 'jäsenkortit, lista');
  await page.getByRole('link', { name: 'Lähetä jäsenkortit' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lähetä jäsenkortit' })).toBeVisible();
  await expect(page.getByLabel('Tekstiviesti')).toBeChecked();
  // Two members with a mobile number; Ulla has none and is listed unreachable with the reason.
  await expect(page.getByTestId('recipient-count')).toContainText('2');
  await expect(page.getByTestId('unreachable')).toContainText('Ulla');
  await expect(page.getByTestId('price-total')).toBeVisible();
  await expectAccessible(page, 'jäsenkorttien lähetys');

  await page.getByTestId('send').click();
  const dialog = page.getByRole('dialog', { name: 'Lähetetäänkö jäsenkortit?' });
  await expect(dialog).toContainText('2 vastaanottajalle');
  await dialog.getByRole('button', { name: 'Lähetä ja siirry maksamaan' }).click();
  await expect(page).toHaveURL(/\/m\/[0-9a-f-]+\/method\?goto=%2Fmembercard%2F\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Maksa' })).toBeVisible();
  await page.getByTestId('pay-balance').click();
  await expect(page).toHaveURL(/\/membercard\/\d+$/);
  const messageUrl = page.url();

  // The worker sends both SMS to the gateway; the page follows.
  await expect.poll(() => gateway.received.length, { timeout: 45_000 }).toBe(2);
  await expect(page.getByTestId('card-row')).toHaveCount(2);
  await expectAccessible(page, 'lähetetyt jäsenkortit');
  const sms = gateway.received.find((b) => b.recipients[0]?.msisdn === 358401110001)!;
  expect(sms.message).toMatch(/^Demoyhdistys ry: jäsenkorttisi, voimassa \d+\.\d+\.\d{4} asti:\n/);
  const cardUrl = /(http:\/\/\S+\/c\/[A-Za-z0-9_-]{43})$/.exec(sms.message)?.[1];
  expect(cardUrl, sms.message).toBeTruthy();

  // The member's phone: the live card fits the screen, the QR code is an image with its text.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 3, locale: 'fi-FI', timezoneId: 'Europe/Helsinki', reducedMotion: 'reduce' });
  const card = await phone.newPage();
  await card.goto(cardUrl!);
  await expect(card).toHaveTitle('Jäsenkortti – Demoyhdistys ry');
  await expect(card.getByTestId('card-name')).toHaveText(`Aino ${lastname}`);
  await expect(card.getByTestId('member-card')).toContainText(`Jäsennumero${String(aino.id)}`);
  await expect(card.getByTestId('card-clock')).toBeVisible();
  const cardLogo = card.getByTestId('member-card').locator('img[src^="/api/1/membercard/image/"]');
  await expect.poll(() => cardLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
  await expect(card.getByTestId('card-banner')).toHaveCount(0);
  const overflow = await card.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await expectAccessible(card, 'jäsenkortti puhelimessa');
  const qr = card.getByRole('img', { name: 'QR-koodi jäsenkortin tarkistukseen' });
  await expect(qr).toBeVisible();
  const decoded = decodeQr(await qr.screenshot());
  expect(decoded).toMatch(new RegExp(`^${BASE}/c/verify#SC1\\.`));

  // The door volunteer's phone opens the scanned address: valid, with the member's name.
  const door = await phone.newPage();
  await door.goto(decoded);
  await expect(door).toHaveTitle('Jäsenkortin tarkistus');
  await expect(door.getByTestId('verify-verdict')).toHaveText('Voimassa');
  await expect(door.getByTestId('verify-name')).toHaveText(`Aino ${lastname}`);
  await expect(door.getByRole('status')).toContainText(`Jäsennumero ${String(aino.id)}`);
  await expectAccessible(door, 'jäsenkortin tarkistus, voimassa');
  // The key is kept: a tampered code is refused without asking the server again.
  await door.getByLabel('Skannattu koodi').fill(decoded.replace(/\.([A-Za-z0-9_-])([A-Za-z0-9_-]*)$/, (_, c: string, rest: string) => `.${c === 'A' ? 'B' : 'A'}${rest}`));
  await door.getByRole('button', { name: 'Tarkista' }).click();
  await expect(door.getByTestId('verify-verdict')).toHaveText('Ei kelpaa');
  await expectAccessible(door, 'jäsenkortin tarkistus, ei kelpaa');

  // A new card for Aino (sent and paid through the API): the old card page says it is replaced.
  const again = await api.post<{ id: number; mooney_id: string }>('membercard/save', { addrecips: [aino.id] });
  await api.post('mooney/set_method', { mid: again.mooney_id, method: 'balance' });
  await api.post('mooney/balance_pay', { balance_mid: again.mooney_id });
  await expect.poll(() => gateway.received.length, { timeout: 45_000 }).toBe(3);
  await card.reload();
  await expect(card.getByTestId('card-banner')).toContainText('Tämän kortin tilalle on lähetetty uusi kortti.');
  await expectAccessible(card, 'jäsenkortti korvattu');
  await phone.close();

  // Back at the admin's page: Aino's card has been opened.
  await page.goto(messageUrl);
  await expect(page.getByTestId('opened-count')).toHaveText('1');
  await expect(page.getByTestId('card-row').filter({ hasText: 'Aino' }).getByTestId('card-status')).toHaveText('Avattu');
});
