import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { signIn, type SignedInApi } from './helpers/adminApi';
import { creditBalance, type OwnServer, startOwnServer } from './helpers/ownServer';
import { loginAsAdmin } from './helpers/session';
import { type SmtpSink, startSmtpSink } from './helpers/smtpSink';

// Announcements end to end, on a server of their own whose email goes to a local SMTP
// server (the shared e2e server writes mail to files other journeys read): an email to a
// filtered group, previewed, paid from the balance an operator credited, received by the
// SMTP server and followed on the announcement page; an SMS whose unsupported character is
// fixed before sending; a letter whose page images appear once the draft is saved.

const BASE_PORT = Number(process.env.SEURA_E2E_PORT ?? 3197);
const SERVER_PORT = BASE_PORT + 100;
const SMTP_PORT = BASE_PORT + 200;
const RUN = Date.now().toString(36);
const PHONE = { width: 390, height: 844 };

test.use({ baseURL: `http://127.0.0.1:${String(SERVER_PORT)}` });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let smtp: SmtpSink;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Addresses starting "jono." get a temporary refusal: their deliveries wait in the queue.
  smtp = await startSmtpSink(SMTP_PORT, (to) => to.startsWith('jono.'));
  server = await startOwnServer(SERVER_PORT, {
    SMTP_URL: `smtp://127.0.0.1:${String(SMTP_PORT)}`,
    BOUNCE_DOMAIN: 'bounces.example.fi',
    PUBLIC_URL: `http://127.0.0.1:${String(SERVER_PORT)}`,
  }, {
    // Email costs 5 c here (free by default), so the email journey has something to pay.
    prices: (p) => {
      p.announcement.email = { cents: 5 };
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** The email preview is a sandboxed frame without scripts, where axe cannot run; the email is the writer's content. */
const EMAIL_FRAME = { exclude: ['[data-testid="email-preview"]'] };

const notification = (page: Page, text: string): Locator => page.getByRole('alert').filter({ hasText: text }).last();
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** Sending needs a reply-to address (and letters a business id) in the organisation settings. */
async function readyToSend(api: SignedInApi): Promise<void> {
  await api.post('settings/save', { scope_: 'organisation', name_: 'Demoyhdistys ry', reply_to_email: 'hallitus@demoyhdistys.fi', business_id: '0112038-9' });
}

async function newMember(api: SignedInApi, body: Record<string, unknown>): Promise<number> {
  const m = await api.post<{ id: number }>('members/new', { bypass_required_fields: true, ...body });
  return m.id;
}

/** Adds "Sukunimi on {value}" as the first condition of the composer's filter. */
async function filterByLastname(page: Page, lastname: string): Promise<void> {
  await page.getByRole('button', { name: 'Lisää ehto' }).click();
  await page.getByLabel('Kenttä, ehto 1').selectOption({ label: 'Sukunimi' });
  await page.getByLabel('Vertailu, ehto 1').selectOption({ label: 'on' });
  await page.getByLabel('Arvo, ehto 1').fill(lastname);
}

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

test('sähköpostitiedote rajatulle ryhmälle: esikatselu, maksu saldolla, perillä SMTP-palvelimella', async ({ page, request }) => {
  const api = await signIn(request);
  await readyToSend(api);
  const lastname = `Tiedotus${RUN}`;
  const emails = ['aino', 'eino', 'tuula'].map((n) => `${n}.${RUN}@example.fi`);
  for (const [i, email] of emails.entries()) {
    await newMember(api, { firstname: ['Aino', 'Eino', 'Tuula'][i], lastname, email });
  }
  await newMember(api, { firstname: 'Ulkopuolinen', lastname: `Muu${RUN}`, email: `muu.${RUN}@example.fi` });

  await loginAsAdmin(page);
  // Messages sit under "Viestit" in the main menu.
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('button', { name: 'Viestit' }).click();
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Tiedotteet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tiedotteet' })).toBeVisible();
  await expect(page).toHaveTitle(/^Tiedotteet – /);
  await expect(page.getByTestId('announcements-empty')).toBeVisible();
  await expectAccessible(page, 'tiedotteet, tyhjä lista');

  await page.getByRole('link', { name: 'Uusi tiedote' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Uusi tiedote' })).toBeVisible();
  await expect(page.getByLabel('Sähköposti')).toBeChecked();

  // Keyboard only: subject, Tab into the toolbar, arrows to "Lihavointi", Tab into the text.
  const subject = `Kevätkokous ${RUN}`;
  // The editor is its own chunk: Tab goes into its toolbar only once it has loaded.
  await expect(page.getByRole('button', { name: 'Pääotsikko' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Otsikko', exact: true }).fill(subject);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Pääotsikko' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: 'Lihavointi' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Lihavointi' })).toHaveAttribute('aria-pressed', 'true');
  const editor = page.getByRole('textbox', { name: 'Teksti' });
  await expect(editor).toBeFocused();
  await page.keyboard.type('Tervetuloa');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' kevätkokoukseen torstaina.');
  await expect(editor.locator('strong')).toHaveText('Tervetuloa');
  // A link from the toolbar: with nothing selected the address becomes the link text.
  await page.keyboard.type(' Esityslista: ');
  await page.getByRole('button', { name: 'Lisää linkki' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Lisää linkki' });
  await linkDialog.getByRole('textbox', { name: 'Osoite' }).fill('demoyhdistys.fi/kokous');
  await linkDialog.getByRole('button', { name: 'Tallenna linkki' }).click();
  await expect(editor.locator('a')).toHaveAttribute('href', 'https://demoyhdistys.fi/kokous');

  await filterByLastname(page, lastname);
  await expect(page.getByTestId('recipient-count')).toHaveText('3 vastaanottajaa');

  // The preview: the email as it goes out, and its price.
  const frame = page.frameLocator('[data-testid="email-preview"]');
  await expect(frame.locator('body')).toContainText('Tervetuloa kevätkokoukseen torstaina.');
  await expect(frame.locator('strong').first()).toHaveText('Tervetuloa');
  await expect(frame.locator('a[href="https://demoyhdistys.fi/kokous"]')).toBeVisible();
  const price = page.getByTestId('price-table');
  await expect.poll(async () => plain(await price.textContent())).toContain('3 × 0,05 €');
  await expect.poll(async () => plain(await page.getByTestId('price-total').textContent())).toBe('0,15 €');
  await expect(page.getByTestId('send')).toBeEnabled();
  await expectAccessible(page, 'tiedotteen kirjoitus, sähköposti', EMAIL_FRAME);

  // Leaving with unsaved changes asks first.
  await page.getByRole('link', { name: 'Takaisin tiedotteisiin' }).click();
  await expect(page.getByRole('dialog', { name: 'Tallentamattomia muutoksia' })).toBeVisible();
  await page.getByRole('button', { name: 'Jää sivulle' }).click();

  await creditBalance(server.dataDir, '1,00');

  await page.getByTestId('send').click();
  const dialog = page.getByRole('dialog', { name: 'Lähetetäänkö tiedote?' });
  await expect(dialog).toContainText('3 vastaanottajalle');
  await expect.poll(async () => plain(await dialog.textContent())).toContain('Hinta yhteensä 0,15 €.');
  await expectAccessible(page, 'lähetyksen vahvistus', EMAIL_FRAME);
  // A double click sends once (the server would refuse a second send of the message anyway).
  await dialog.getByRole('button', { name: 'Lähetä ja siirry maksamaan' }).dblclick();

  await expect(page).toHaveURL(/\/m\/[0-9a-f-]+\/method\?goto=%2Fannouncements%2F\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Maksa' })).toBeVisible();
  await expect.poll(async () => plain(await page.getByTestId('mooney-amount').textContent())).toBe('0,15 €');
  await expect.poll(async () => plain(await page.getByTestId('mooney-balance').textContent())).toBe('1,00 €');
  await expect.poll(async () => plain(await page.getByTestId('mooney-rows').textContent())).toContain('3 × 0,05 €');
  await expectAccessible(page, 'maksutapa');
  const paymentUrl = page.url();
  await page.getByTestId('pay-balance').click();

  await expect(page).toHaveURL(/\/announcements\/\d+$/);
  await expect(notification(page, 'Maksettu saldolla.')).toBeVisible();
  const announcementUrl = page.url();
  // Paid already: the payment page sends straight on, saying so.
  await page.goto(paymentUrl);
  await expect(page).toHaveURL(announcementUrl);
  await expect(notification(page, 'Tämä on jo maksettu.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  // The worker delivers to the SMTP server; the page polls every 5 s until nothing is on its way.
  await expect(page.getByTestId('count-sent')).toHaveText('Lähetetty: 3', { timeout: 45_000 });
  await expect(page.getByTestId('deliveries-table').getByRole('row')).toHaveCount(4);
  await expect(page.getByTestId('deliveries-table')).toContainText(emails[0]!);
  await expectAccessible(page, 'lähetetty tiedote');

  expect([...smtp.recipients].filter((r) => emails.includes(r)).sort()).toEqual([...emails].sort());
  const mail = smtp.mails.find((m) => m.subject === subject);
  expect(mail?.html).toContain('kevätkokoukseen torstaina');
  expect(smtp.recipients).not.toContain(`muu.${RUN}@example.fi`);

  // The list shows it sent, with its delivery counts.
  await page.getByRole('link', { name: 'Takaisin tiedotteisiin' }).click();
  const row = page.getByTestId('announcement-row').filter({ hasText: subject });
  await expect(row).toContainText('Sähköposti');
  await expect(row).toContainText('Lähetetty 3');
  await expectAccessible(page, 'tiedotteet, lista');
  await page.setViewportSize(PHONE);
  await noSideways(page);
  await expectAccessible(page, 'tiedotteet, puhelin');
});

test('jonossa olevat viestit perutaan vahvistuksen jälkeen', async ({ page, request }) => {
  const api = await signIn(request);
  await readyToSend(api);
  const lastname = `Jonottaja${RUN}`;
  const emails = [`jono.a.${RUN}@example.fi`, `jono.b.${RUN}@example.fi`];
  for (const [i, email] of emails.entries()) await newMember(api, { firstname: ['Jaana', 'Jussi'][i], lastname, email });

  await loginAsAdmin(page, '/announcements/new');
  await page.getByRole('textbox', { name: 'Otsikko', exact: true }).fill(`Peruttava ${RUN}`);
  await page.getByRole('textbox', { name: 'Teksti' }).click();
  await page.keyboard.type('Tämä jää jonoon.');
  await filterByLastname(page, lastname);
  await expect(page.getByTestId('recipient-count')).toHaveText('2 vastaanottajaa');
  await expect(page.getByTestId('send')).toBeEnabled();
  await page.getByTestId('send').click();
  await page.getByRole('dialog', { name: 'Lähetetäänkö tiedote?' }).getByRole('button', { name: 'Lähetä ja siirry maksamaan' }).click();
  await page.getByTestId('pay-balance').click();
  await expect(page).toHaveURL(/\/announcements\/\d+$/);

  // Both were tried once and refused for now: they wait in the queue for the next attempt.
  await expect.poll(() => emails.every((e) => smtp.refused.includes(e)), { timeout: 30_000 }).toBe(true);
  await expect(page.getByTestId('count-queued')).toHaveText('Jonossa: 2', { timeout: 15_000 });
  await page.getByTestId('cancel-queued').click();
  const ask = page.getByRole('dialog', { name: 'Perutaanko lähettämättömät?' });
  await expect(ask).toContainText('2 jonossa olevaa viestiä perutaan.');
  await expectAccessible(page, 'jonossa olevien peruminen');
  await ask.getByRole('button', { name: 'Peru lähettämättömät' }).click();
  await expect(notification(page, 'Lähettämättömät viestit peruttu.')).toBeVisible();
  await expect(page.getByTestId('count-cancelled')).toHaveText('Peruttu: 2');
  await expect(page.getByTestId('cancel-queued')).toHaveCount(0);
  expect(smtp.recipients.filter((r) => emails.includes(r))).toEqual([]);
});

test('tekstiviesti: muotoilut pois vahvistuksella, tukematon merkki korjataan ennen lähetystä', async ({ page, request }) => {
  const api = await signIn(request);
  await readyToSend(api);
  const lastname = `Tekstari${RUN}`;
  await newMember(api, { firstname: 'Saara', lastname, email: `saara.${RUN}@example.fi`, phone: '040 765 4321' });
  await newMember(api, { firstname: 'Sakari', lastname, email: `sakari.${RUN}@example.fi`, phone: '050 765 4322' });
  await newMember(api, { firstname: 'Lanka', lastname, email: `lanka.${RUN}@example.fi` });
  await newMember(api, { firstname: 'Ulla', lastname: `Ulkopuoli${RUN}`, email: `ulla.${RUN}@example.fi`, phone: '040 765 4323' });

  await loginAsAdmin(page);
  await page.setViewportSize(PHONE);
  await page.goto('/announcements/new');
  await page.getByRole('textbox', { name: 'Otsikko', exact: true }).fill(`Talkoot ${RUN}`);
  const editor = page.getByRole('textbox', { name: 'Teksti' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('Talkoot lauantaina');
  await expect(editor.locator('strong')).toHaveText('Talkoot lauantaina');
  await noSideways(page);

  // To SMS: asked first, and the formatting goes.
  await page.getByRole('radio', { name: 'Tekstiviesti' }).click();
  const ask = page.getByRole('dialog', { name: 'Vaihdetaanko tekstiviestiksi?' });
  await expect(ask).toBeVisible();
  await expectAccessible(page, 'vaihto tekstiviestiksi', EMAIL_FRAME);
  await ask.getByRole('button', { name: 'Vaihda ja poista muotoilut' }).click();
  await expect(page.getByLabel('Tekstiviesti')).toBeChecked();
  const text = page.getByRole('textbox', { name: 'Teksti' });
  await expect(text).toHaveValue('Talkoot lauantaina');

  await text.fill('Talkoot lauantaina klo 10 ✓ tervetuloa!');
  await filterByLastname(page, lastname);
  await expect(page.getByTestId('recipient-count')).toHaveText('2 vastaanottajaa');
  await expect(page.getByTestId('unreachable')).toContainText('Lanka');
  // A member outside the filter, picked by name.
  await page.getByTestId('picked-search').fill(`Ulkopuoli${RUN}`);
  await page.getByRole('button', { name: `Lisää Ulla Ulkopuoli${RUN}` }).click();
  await expect(page.getByRole('list', { name: 'Lisätyt jäsenet' })).toContainText(`Ulla Ulkopuoli${RUN}`);
  await expect(page.getByTestId('recipient-count')).toHaveText('3 vastaanottajaa');
  await expect(page.getByTestId('sms-unsupported')).toContainText('✓');
  await expect(page.getByTestId('sms-preview').locator('mark')).toHaveText('✓');
  await expect(page.getByTestId('send')).toBeDisabled();
  await expect(page.getByTestId('send-why')).toHaveText('Korvaa korostetut merkit ennen lähettämistä.');
  await expectAccessible(page, 'tekstiviesti, tukematon merkki');

  await text.fill('Talkoot lauantaina klo 10, tervetuloa!');
  await expect(page.getByTestId('sms-unsupported')).toHaveCount(0);
  await expect(page.getByTestId('sms-parts')).toHaveText('1 tekstiviesti');
  await expect.poll(async () => plain(await page.getByTestId('price-table').textContent())).toContain('3 × 0,08 €');
  await expect(page.getByTestId('send')).toBeEnabled();

  await page.getByTestId('send').click();
  await page.getByRole('dialog', { name: 'Lähetetäänkö tiedote?' }).getByRole('button', { name: 'Lähetä ja siirry maksamaan' }).click();
  await expect(page).toHaveURL(/\/m\/[0-9a-f-]+\/method/);
  await expect.poll(async () => plain(await page.getByTestId('mooney-amount').textContent())).toBe('0,24 €');
  await page.getByTestId('pay-balance').click();
  await expect(page).toHaveURL(/\/announcements\/\d+$/);
  await expect(page.getByTestId('deliveries-table')).toContainText('+358407654321');
  await noSideways(page);
  await expectAccessible(page, 'lähetetty tekstiviesti, puhelin');
});

test('kirje: tallennetun luonnoksen sivut kuvina ja koko kirje PDF:nä', async ({ page, request }) => {
  const api = await signIn(request);
  await readyToSend(api);
  const lastname = `Kirjeenvaihtaja${RUN}`;
  await newMember(api, {
    firstname: 'Kaarina',
    lastname,
    email: `kaarina.${RUN}@example.fi`,
    address_street: 'Aleksanterinkatu 1',
    address_zip: '00100',
    address_city: 'Helsinki',
  });

  await loginAsAdmin(page, '/announcements/new');
  await page.getByLabel('Kirje').check({ force: true });
  await page.getByRole('textbox', { name: 'Otsikko', exact: true }).fill(`Jäsenkirje ${RUN}`);
  await page.getByRole('textbox', { name: 'Teksti' }).click();
  await page.keyboard.type('Hyvä jäsen ✓ tervetuloa syyskokoukseen.');
  await filterByLastname(page, lastname);
  await expect(page.getByTestId('recipient-count')).toHaveText('1 vastaanottaja');
  // A character the print service cannot print is named, and the letter cannot go until it is fixed.
  await expect(page.getByTestId('letter-unsupported')).toContainText('✓');
  await expect(page.getByTestId('send')).toBeDisabled();
  await expect(page.getByTestId('send-why')).toHaveText('Korjaa kirjeen ongelmat ennen lähettämistä.');
  await page.getByRole('textbox', { name: 'Teksti' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Hyvä jäsen, tervetuloa syyskokoukseen.');
  await expect(page.getByTestId('letter-unsupported')).toHaveCount(0);
  await expect(page.getByTestId('letter-preview')).toContainText('Kirjeessä on 1 sivu.');
  await expect.poll(async () => plain(await page.getByTestId('price-table').textContent())).toContain('1 × 1,50 €');

  // Page images are drawn from the saved draft.
  await page.getByTestId('letter-save').click();
  await expect(page).toHaveURL(/\/announcements\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tiedotteen luonnos' })).toBeVisible();
  const img = page.getByTestId('letter-page').first();
  await expect(img).toHaveAttribute('alt', 'Kirjeen sivu 1/1');
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0), { timeout: 20_000 }).toBe(true);
  const pdfHref = await page.getByRole('link', { name: 'Avaa koko kirje (PDF)' }).getAttribute('href');
  const pdf = await page.request.get(pdfHref ?? '');
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessible(page, 'kirjeen luonnos ja sivut');

  // 1,50 € is more than the balance left: the payment page says so and offers no dead button.
  await page.getByTestId('send').click();
  await page.getByRole('dialog', { name: 'Lähetetäänkö tiedote?' }).getByRole('button', { name: 'Lähetä ja siirry maksamaan' }).click();
  await expect(page).toHaveURL(/\/m\/[0-9a-f-]+\/method/);
  await expect(page.getByTestId('balance-short')).toContainText('Saldosi ei riitä tämän maksun maksamiseen.');
  await expect(page.getByTestId('pay-balance')).toHaveCount(0);
  await expectAccessible(page, 'saldo ei riitä');
  await page.getByRole('button', { name: 'Maksa myöhemmin' }).click();
  await expect(page).toHaveURL(/\/announcements\/\d+$/);
  await expect(page.getByTestId('announcement-status')).toHaveText('Odottaa maksua');
  await expect(page.getByRole('link', { name: 'Siirry maksamaan' })).toBeVisible();
  await expectAccessible(page, 'tiedote odottaa maksua');
  // Waiting for payment it can be cancelled whole.
  await page.getByTestId('cancel-unpaid').click();
  const ask = page.getByRole('dialog', { name: 'Perutaanko tiedote?' });
  await expect(ask).toContainText('Tiedotetta ei lähetetä, eikä siitä veloiteta.');
  await ask.getByRole('button', { name: 'Peru tiedote' }).click();
  await expect(notification(page, 'Tiedote peruttu.')).toBeVisible();
  await expect(page.getByTestId('announcement-status')).toHaveText('Peruttu');
  await expect(page.getByRole('link', { name: 'Siirry maksamaan' })).toHaveCount(0);
});

test('maksuton PDF-tiedote lähtee heti: ilmoitus ja tiedotteen sivu', async ({ page, request }) => {
  const api = await signIn(request);
  await readyToSend(api);
  const lastname = `Tulostaja${RUN}`;
  await newMember(api, { firstname: 'Paula', lastname, address_street: 'Kauppakatu 2', address_zip: '40100', address_city: 'Jyväskylä' });

  await loginAsAdmin(page, '/announcements/new');
  await page.getByLabel('PDF (tulosta itse)').check({ force: true });
  const subject = `Tulostettava ${RUN}`;
  await page.getByRole('textbox', { name: 'Otsikko', exact: true }).fill(subject);
  await page.getByRole('textbox', { name: 'Teksti' }).click();
  await page.keyboard.type('Jaetaan kokouksessa.');
  await filterByLastname(page, lastname);
  await expect(page.getByTestId('recipient-count')).toHaveText('1 vastaanottaja');
  await expect.poll(async () => plain(await page.getByTestId('price-total').textContent())).toBe('0,00 €');
  await page.getByTestId('send').click();
  await page.getByRole('dialog', { name: 'Lähetetäänkö tiedote?' }).getByRole('button', { name: 'Lähetä', exact: true }).click();
  await expect(page).toHaveURL(/\/announcements\/\d+$/);
  await expect(notification(page, 'Tiedote on lähetetty.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByTestId('announcement-status')).toHaveText('Lähetetty');
  await expect(page.getByTestId('deliveries-table')).toContainText(`Paula ${lastname}`);
});

// Last: it leaves this server's association blocked.
test('huijausviesti: esikatselu estää lähetyksen, ja estetty yhdistys näkee ilmoituksen', async ({ page, request }) => {
  const api = await signIn(request);
  await readyToSend(api);
  const lastname = `Huijattava${RUN}`;
  await newMember(api, { firstname: 'Hilkka', lastname, email: `hilkka.${RUN}@example.fi` });
  const scam = 'Tilisi suljetaan. Syötä pankkitunnuksesi ja tunnuslukusi heti.';

  await loginAsAdmin(page, '/announcements/new');
  await page.getByRole('textbox', { name: 'Otsikko', exact: true }).fill(`Tärkeä ${RUN}`);
  await page.getByRole('textbox', { name: 'Teksti' }).click();
  await page.keyboard.type(scam);
  await filterByLastname(page, lastname);
  await expect(page.getByTestId('fraud-alert')).toContainText('Tätä viestiä ei voi lähettää');
  await expect(page.getByTestId('send')).toBeDisabled();
  await expect(page.getByTestId('send-why')).toHaveText('Viestiä ei voi lähettää: se näyttää huijausviestiltä.');
  await expectAccessible(page, 'huijausviesti', EMAIL_FRAME);

  // Sent past the page anyway (straight to the API): refused, and the association is blocked.
  const filter = [{ field: 'lastname', verb: 'eq', value: lastname }];
  const res = await request.post('/api/1/announcements/save', {
    data: { msg_media: 'email', subject: 'Tärkeä', content: `<p>${scam}</p>`, filter, send: true },
    headers: { 'x-csrftoken': (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '' },
  });
  expect(res.status()).toBe(400);

  await page.reload();
  await page.getByRole('textbox', { name: 'Otsikko', exact: true }).fill(`Kevätjuhla ${RUN}`);
  await page.getByRole('textbox', { name: 'Teksti' }).click();
  await page.keyboard.type('Tervetuloa kevätjuhlaan.');
  await filterByLastname(page, lastname);
  await expect(page.getByTestId('blocked-notice')).toContainText('Viestien lähettäminen on estetty');
  await expect(page.getByTestId('recipient-count')).toHaveText('1 vastaanottaja');
  await expect(page.getByTestId('send')).toBeDisabled();
  await expect(page.getByTestId('send-why')).toHaveText('Viestien lähettäminen on estetty.');
  await expectAccessible(page, 'estetty yhdistys', EMAIL_FRAME);
});
