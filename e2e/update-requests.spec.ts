import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { type ApiField, requiredCustomValues, signIn, type SignedInApi } from './helpers/adminApi';
import { creditBalance, type OwnServer, startOwnServer } from './helpers/ownServer';
import { loginAsAdmin } from './helpers/session';
import { type SmtpSink, startSmtpSink } from './helpers/smtpSink';

// An update request end to end, on a server of its own whose email goes to a local SMTP
// server: composed with the default text, previewed with a sample link, paid from the
// balance (email costs in the Free tier), received with the member's own link; the member
// opens it, changes their address, and the admin sees the instance "Päivitetty" and the
// change in the member's history as PersonUpdateme. By SMS the link ends the message, and a
// member who confirms their data as it is counts as "Vahvistettu".

const BASE_PORT = Number(process.env.SEURA_E2E_PORT ?? 3212);
const SERVER_PORT = BASE_PORT + 100;
const SMTP_PORT = BASE_PORT + 200;
const RUN = Date.now().toString(36);

test.use({ baseURL: `http://127.0.0.1:${String(SERVER_PORT)}` });
test.describe.configure({ mode: 'serial', timeout: 150_000 });

let smtp: SmtpSink;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpSink(SMTP_PORT);
  server = await startOwnServer(SERVER_PORT, {
    SMTP_URL: `smtp://127.0.0.1:${String(SMTP_PORT)}`,
    BOUNCE_DOMAIN: 'bounces.example.fi',
    PUBLIC_URL: `http://127.0.0.1:${String(SERVER_PORT)}`,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** The email preview is a sandboxed frame without scripts, where axe cannot run. */
const EMAIL_FRAME = { exclude: ['[data-testid="email-preview"]'] };
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function readyToSend(api: SignedInApi): Promise<void> {
  await api.post('settings/save', { scope_: 'organisation', name_: 'Demoyhdistys ry', reply_to_email: 'hallitus@demoyhdistys.fi' });
}

async function filterByLastname(page: Page, lastname: string): Promise<void> {
  await page.getByRole('button', { name: 'Lisää ehto' }).click();
  await page.getByLabel('Kenttä, ehto 1').selectOption({ label: 'Sukunimi' });
  await page.getByLabel('Vertailu, ehto 1').selectOption({ label: 'on' });
  await page.getByLabel('Arvo, ehto 1').fill(lastname);
}

test('päivityspyyntö sähköpostilla: linkki postista, osoitteen muutos, tila Päivitetty ja historia', async ({ page, request, browser }) => {
  const api = await signIn(request);
  await readyToSend(api);
  const fields = await api.get<ApiField[]>('fields/all?all_headings=1');
  const required = Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value]));
  const lastname = `Pyydetty${RUN}`;
  const email = `paivi.${RUN}@example.fi`;
  const member = await api.post<{ id: number }>('members/new', {
    ...required,
    firstname: 'Päivi',
    lastname,
    email,
    address_street: 'Vanhatie 1',
    address_zip: '90100',
    address_city: 'Oulu',
  });

  await loginAsAdmin(page);
  // Messages sit under "Viestit" in the main menu.
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('button', { name: 'Viestit' }).click();
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Päivityspyynnöt' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Päivityspyynnöt' })).toBeVisible();
  await expect(page).toHaveTitle(/^Päivityspyynnöt – /);
  await expect(page.getByTestId('updreqs-empty')).toBeVisible();
  await expectAccessible(page, 'päivityspyynnöt, tyhjä lista');

  await page.getByRole('link', { name: 'Uusi päivityspyyntö' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Uusi päivityspyyntö' })).toBeVisible();
  // Email or SMS only, email chosen; the usual subject and a short text to start from.
  await expect(page.getByLabel('Sähköposti')).toBeChecked();
  await expect(page.getByLabel('Kirje')).toHaveCount(0);
  const subject = page.getByRole('textbox', { name: 'Otsikko', exact: true });
  await expect(subject).toHaveValue('Tarkistathan jäsentietosi');
  const title = `Tarkistathan jäsentietosi ${RUN}`;
  await subject.fill(title);
  await expect(page.getByRole('textbox', { name: 'Teksti' })).toContainText('Tarkistathan, että tietosi ovat oikein');
  await filterByLastname(page, lastname);
  await expect(page.getByTestId('recipient-count')).toHaveText('1 vastaanottaja');

  // The preview carries a sample link as long as the real one, and the price (Free tier: 0,10 € an email).
  const frame = page.frameLocator('[data-testid="email-preview"]');
  await expect(frame.getByRole('link', { name: 'Tarkista ja päivitä tietosi' })).toHaveAttribute('href', new RegExp(`/edit_me_h/esimerkki0{34}$`));
  await expect(frame.locator('body')).toContainText('Linkki on voimassa 30 päivää.');
  await expect.poll(async () => plain(await page.getByTestId('price-total').textContent())).toBe('0,10 €');
  await expect(page.getByTestId('send')).toBeEnabled();
  await expectAccessible(page, 'päivityspyynnön kirjoitus', EMAIL_FRAME);

  await creditBalance(server.dataDir, '1,00');
  await page.getByTestId('send').click();
  const dialog = page.getByRole('dialog', { name: 'Lähetetäänkö päivityspyyntö?' });
  await expect(dialog).toContainText('1 vastaanottajalle');
  await dialog.getByRole('button', { name: 'Lähetä ja siirry maksamaan' }).click();
  await expect(page).toHaveURL(/\/m\/[0-9a-f-]+\/method\?goto=%2Fupdreqs%2F\d+$/);
  await page.getByTestId('pay-balance').click();
  await expect(page).toHaveURL(/\/updreqs\/\d+$/);
  const updreqUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The worker sends it; the page polls every 5 s while anything is on its way.
  await expect(page.getByTestId('count-pending')).toContainText('Odottaa vastausta: 1', { timeout: 45_000 });
  await expect(page.getByTestId('instances-table')).toContainText(email);
  await expectAccessible(page, 'lähetetty päivityspyyntö');

  // The member's mail carries their own link.
  await expect.poll(() => smtp.mails.some((m) => m.subject === title), { timeout: 30_000 }).toBe(true);
  const mail = smtp.mails.find((m) => m.subject === title)!;
  expect(smtp.recipients).toContain(email);
  const link = /https?:\/\/[^\s"/]+(\/edit_me_h\/[A-Za-z0-9_-]{43})/.exec(String(mail.html))?.[1];
  expect(link).toBeTruthy();
  expect(mail.text).toContain(link!);

  // The member, in a browser of their own, opens the link and changes their address.
  const own = await browser.newContext({ baseURL: `http://127.0.0.1:${String(SERVER_PORT)}` });
  const memberPage = await own.newPage();
  await memberPage.goto(link!);
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Omat tiedot' })).toBeVisible();
  await memberPage.getByRole('textbox', { name: 'Katuosoite', exact: true }).fill('Uusikatu 5');
  await memberPage.getByRole('textbox', { name: 'Postitoimipaikka', exact: true }).fill('Kajaani');
  await memberPage.getByRole('button', { name: 'Tallenna' }).click();
  await expect(memberPage).toHaveURL(/\/edit_me_thanks\/h/);
  await own.close();

  // Back on the request: the instance is updated, and the response rate says so.
  await page.goto(updreqUrl);
  await expect(page.getByTestId('count-updated')).toContainText('Päivitetty: 1');
  await expect(page.getByTestId('instance-status')).toHaveText('Päivitetty');
  await expect.poll(async () => plain(await page.getByTestId('response-rate').textContent())).toBe('100 %');
  await expectAccessible(page, 'päivityspyyntö, vastattu');

  // The list shows the request with its counts and rate.
  await page.getByRole('link', { name: 'Takaisin päivityspyyntöihin' }).click();
  const row = page.getByTestId('updreq-row').filter({ hasText: title });
  await expect(row).toContainText('Päivitetty 1');
  await expect(row).toContainText('100 %');
  await expectAccessible(page, 'päivityspyynnöt, lista');

  // The dashboard's panel shows the latest request and its response rate.
  await page.goto('/');
  const panel = page.getByRole('region', { name: 'Päivityspyynnöt' });
  await expect(panel.getByRole('link', { name: title })).toBeVisible();
  await expect.poll(async () => plain(await panel.textContent())).toContain('Vastausprosentti: 100 %');
  await expectAccessible(page, 'etusivu, päivityspyynnöt');

  // The member's history shows their own change.
  await page.goto(`/members/${String(member.id)}/history`);
  await expect(page.getByText('Jäsen muokkasi itse').first()).toBeVisible();
  await expect(page.getByText('Kajaani').first()).toBeVisible();
  const history = await api.post<{ context: string; data: { field: string; new: unknown }[] }[]>('members/get_history', { id: member.id });
  const change = history.find((h) => h.context === 'PersonUpdateme');
  expect(change?.data).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'address_city', new: 'Kajaani' })]));
});

test('päivityspyyntö tekstiviestinä puhelimella: linkki viestin lopussa, jäsen vahvistaa tiedot, tila Vahvistettu', async ({ page, request, browser }) => {
  const api = await signIn(request);
  await readyToSend(api);
  const fields = await api.get<ApiField[]>('fields/all?all_headings=1');
  const required = Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value]));
  const lastname = `Tekstattu${RUN}`;
  await api.post('members/new', { ...required, firstname: 'Teemu', lastname, email: `teemu.${RUN}@example.fi`, phone: '040 765 9911' });

  await loginAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/updreqs/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Uusi päivityspyyntö' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Teksti' })).toContainText('Tarkistathan');
  // To SMS: the default text loses its formatting after asking.
  await page.getByRole('radio', { name: 'Tekstiviesti' }).click();
  await page.getByRole('dialog', { name: 'Vaihdetaanko tekstiviestiksi?' }).getByRole('button', { name: 'Vaihda ja poista muotoilut' }).click();
  const text = page.getByRole('textbox', { name: 'Teksti' });
  await text.fill('Tarkistathan jäsentietosi:');
  const title = `Tekstiviestipyyntö ${RUN}`;
  await page.getByRole('textbox', { name: 'Otsikko', exact: true }).fill(title);
  await filterByLastname(page, lastname);
  await expect(page.getByTestId('recipient-count')).toHaveText('1 vastaanottaja');
  // The SMS as sent: the text, a line break and a sample of the personal link.
  await expect(page.getByTestId('sms-preview')).toContainText(/Tarkistathan jäsentietosi:\s*http:\/\/127\.0\.0\.1:\d+\/edit_me_h\/esimerkki0{34}/);
  await expect(page.getByTestId('sms-parts')).toHaveText('1 tekstiviesti');
  await expect.poll(async () => plain(await page.getByTestId('price-total').textContent())).toBe('0,08 €');
  await expectAccessible(page, 'päivityspyyntö tekstiviestinä, puhelin');

  await creditBalance(server.dataDir, '1,00');
  await page.getByTestId('send').click();
  await page.getByRole('dialog', { name: 'Lähetetäänkö päivityspyyntö?' }).getByRole('button', { name: 'Lähetä ja siirry maksamaan' }).click();
  await page.getByTestId('pay-balance').click();
  await expect(page).toHaveURL(/\/updreqs\/\d+$/);
  const updreqUrl = page.url();
  await expect(page.getByTestId('count-pending')).toContainText('Odottaa vastausta: 1', { timeout: 45_000 });

  // Without a gateway each SMS is a JSON file in DATA_DIR/outbox/sms/.
  const smsDir = path.join(server.dataDir, 'outbox', 'sms');
  let message = '';
  await expect
    .poll(() => {
      const files = fs.existsSync(smsDir) ? fs.readdirSync(smsDir) : [];
      for (const f of files) {
        const sms = JSON.parse(fs.readFileSync(path.join(smsDir, f), 'utf8')) as { to: string; message: string };
        if (sms.to === '+358407659911') message = sms.message;
      }
      return message;
    })
    .not.toBe('');
  const match = /^Tarkistathan jäsentietosi:\nhttp:\/\/127\.0\.0\.1:\d+(\/edit_me_h\/[A-Za-z0-9_-]{43})$/.exec(message);
  expect(match, message).not.toBeNull();

  // The member opens the link and confirms their data as it is.
  const own = await browser.newContext({ baseURL: `http://127.0.0.1:${String(SERVER_PORT)}` });
  const memberPage = await own.newPage();
  await memberPage.goto(match![1]!);
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Omat tiedot' })).toBeVisible();
  await memberPage.getByRole('button', { name: 'Tiedot ovat ajan tasalla' }).click();
  await expect(memberPage).toHaveURL(/\/edit_me_thanks\/h/);
  await own.close();

  await page.goto(updreqUrl);
  await expect(page.getByTestId('count-confirmed')).toContainText('Vahvistettu: 1');
  await expect(page.getByTestId('instance-status')).toHaveText('Vahvistettu');
  await expect(page.getByTestId('instances-table')).toContainText('+358407659911');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await expectAccessible(page, 'päivityspyyntö vahvistettu, puhelin');
});
