import { expect, request as playwrightRequest, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { signIn } from './helpers/adminApi';
import { creditBalance, type OwnServer, startOwnServer } from './helpers/ownServer';
import { loginAsAdmin, submitLogin } from './helpers/session';
import { saveEclaim, saveOrganisation } from './helpers/settings';

// Issue 19 acceptance: the dashboard with every panel filled from one association seeded
// through the API, on a server of its own so the figures are exactly the seeded ones. An
// invoice to two members (one pays through the test bank row), an announcement, member cards,
// one pending and one accepted expense claim and a credited balance; every panel shows its
// figures, the chart's table has this month's payment, the links lead to the areas, and the
// page passes axe on a desktop and on a phone. A board member sees only the member stats.

const BASE_PORT = Number(process.env.SEURA_E2E_PORT ?? 3311);
const SERVER_PORT = BASE_PORT + 100;
const RUN = Date.now().toString(36);
const PHONE = { width: 390, height: 844 };
const IBAN = 'FI21 1234 5600 0007 85';

test.use({ baseURL: `http://127.0.0.1:${String(SERVER_PORT)}` });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer(SERVER_PORT, {});
});

test.afterAll(async () => {
  await server?.stop();
});

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const helsinkiToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki' }).format(new Date());
const panel = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

async function expectText(locator: Locator, text: string): Promise<void> {
  await expect.poll(async () => plain(await locator.textContent())).toContain(text);
}

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

test('etusivun kaikki paneelit täytettynä: laskut ja maksukaavio, tiedotteet, jäsenkortit, kulukorvaukset ja saldo', async ({ page, request }) => {
  const api = await signIn(request);
  await saveOrganisation(api, { reply_to_email: 'hallitus@demoyhdistys.fi', bank_account: IBAN, business_id: '0112038-9' });
  await saveEclaim(api, { eclaim_enabled: true });
  const group = await api.post<{ id: number; name: string }>('groups/new', { name: `e2e_kojelauta_${RUN}`, label: `Kojelauta ${RUN}` });
  const lastname = `Kojelauta${RUN}`;
  const aino = await api.post<{ id: number }>('members/new', { firstname: 'Aino', lastname, email: `aino.${RUN}@example.fi`, [group.name]: true, bypass_required_fields: true });
  const eino = await api.post<{ id: number }>('members/new', { firstname: 'Eino', lastname, email: `eino.${RUN}@example.fi`, [group.name]: true, bypass_required_fields: true });
  const claimant = { email: `kaisa.${RUN}@example.fi`, password: 'Kulu-Salasana-2026' };
  await api.post('members/new', { firstname: 'Kaisa', lastname, email: claimant.email, newPassword_: claimant.password, confirmNewPassword_: claimant.password, bypass_required_fields: true });

  // An invoice of 30 € to Aino and Eino; Aino pays it through the test bank row today.
  const today = helsinkiToday();
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const invoiceSubject = `Jäsenmaksu ${RUN}`;
  const saved = await api.post<{ id: number }>('invoices/save', {
    msg_media: 'email',
    subject: invoiceSubject,
    description: '<p>Vuoden jäsenmaksu.</p>',
    invoice_rows_: [{ title: 'Jäsenmaksu', amount_with_vat: '30', vat_percent: 0 }],
    date_due: due,
    addrecips: [aino.id, eino.id],
    send: true,
    confirmed: true,
  });
  const invoice = await api.get<{ instances: { id: number; person_id: number }[] }>(`invoices/${String(saved.id)}`);
  const ainoInstance = invoice.instances.find((i) => i.person_id === aino.id)!;
  await api.post('invoices/add_fake_bank_row', { instance_id: ainoInstance.id, amount: '30', pay_date: today, payer_name: 'Aino' });

  // An announcement by email to both (free to send).
  const announcementSubject = `Kevätkokous ${RUN}`;
  await api.post('announcements/save', { msg_media: 'email', subject: announcementSubject, content: '<p>Tervetuloa kokoukseen.</p>', addrecips: [aino.id, eino.id], send: true });

  // Member cards by email to the group (the design names the group); the worker issues them.
  await api.post('settings/save', { scope_: 'membercard', membercard_groups: [group.id] });
  await api.post('membercard/save', { msg_media: 'email', send: true });

  // Kaisa's two kilometre claims: one stays pending, the treasurer accepts the other.
  const memberRequest = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${String(SERVER_PORT)}` });
  const member = await signIn(memberRequest, claimant);
  await member.post('expenseclaim/save', { description: `Ajot ${RUN}`, account_number: IBAN, items: [{ type: 'km', date: '2026-10-02', location: 'Helsinki–Tampere', vehicle: 'Oma auto', km: '100', description: '' }] });
  const second = await member.post<{ id: number }>('expenseclaim/save', { description: `Ajot 2 ${RUN}`, account_number: IBAN, items: [{ type: 'km', date: '2026-10-03', location: 'Tampere–Helsinki', vehicle: 'Oma auto', km: '50', description: '' }] });
  await memberRequest.dispose();
  await api.post('expenseclaim/update_status', { id: second.id, status: 'accepted', comment: '' });

  await creditBalance(server.dataDir, '12,50');
  await expect.poll(async () => (await api.get<{ sent: number }>('membercard/dashboard')).sent, { timeout: 45_000 }).toBe(2);

  await loginAsAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Demoyhdistys ry' })).toBeVisible();
  await expect(page).toHaveTitle(/^Demoyhdistys ry/);
  // Order as in the spec: member stats, invoices, log, announcements, update requests, member cards, expense claims, balance.
  const titles = page.locator('main section h2');
  await expect(titles).toHaveText(['Jäsenrekisteri', 'Laskut', 'Viimeisimmät tapahtumat', 'Tiedotteet', 'Päivityspyynnöt', 'Jäsenkortit', 'Kulukorvaukset', 'Saldo']);

  const invoices = panel(page, 'Laskut');
  await expectText(invoices.getByTestId('invoices-open'), '30,00 € (1 lasku)');
  await expectText(invoices.getByTestId('invoices-overdue'), '0,00 € (0 laskua)');
  await expectText(invoices.getByTestId('invoices-paid'), '30,00 € (1 lasku)');
  // The chart is decoration; its table (behind "Näytä taulukkona") has this month's payment and 12 months.
  await expect(invoices.getByTestId('payments-chart')).toHaveAttribute('aria-hidden', 'true');
  await expect(invoices.locator('.recharts-bar-rectangle').first()).toBeAttached();
  await invoices.getByText('Näytä taulukkona').click();
  const table = invoices.getByTestId('payments-table');
  await expect(table.locator('tbody tr')).toHaveCount(12);
  await expectText(table.locator(`tr[data-month="${today.slice(0, 7)}"]`), '30,00 €');
  await expect(invoices.getByRole('link', { name: 'Kaikki laskut' })).toHaveAttribute('href', '/invoices');

  const announcements = panel(page, 'Tiedotteet');
  const latest = announcements.getByTestId('announcement-latest');
  await expect(latest).toHaveCount(1);
  await expect(latest.getByRole('link', { name: announcementSubject })).toHaveAttribute('href', /^\/announcements\/\d+$/);
  // Delivery counts by status: both emails, whatever their state now (queued, or sent by the worker).
  await expect.poll(async () => plain(await latest.textContent())).toMatch(/(Jonossa|Lähetetty|Lähetetään) 2/);
  await expect(announcements.getByRole('link', { name: 'Uusi tiedote' })).toHaveAttribute('href', '/announcements/new');

  const cards = panel(page, 'Jäsenkortit');
  await expectText(cards.getByTestId('membercards-sent'), '2');
  await expectText(cards.getByTestId('membercards-valid'), '2');

  const claims = panel(page, 'Kulukorvaukset');
  await expectText(claims.getByTestId('claims-pending'), '55,00 € (1 kpl)');
  await expectText(claims.getByTestId('claims-accepted'), '27,50 € (1 kpl)');

  const balance = panel(page, 'Saldo');
  await expectText(balance.getByTestId('balance-total'), '12,50 €');
  await expect(balance.getByRole('link', { name: 'Osta saldoa' })).toHaveAttribute('href', '/balance/buy');

  await expectAccessible(page, 'etusivu, kaikki paneelit');

  // The links lead to the areas.
  await cards.getByRole('link', { name: 'Kaikki jäsenkortit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jäsenkortit' })).toBeVisible();
  await page.goBack();
  await panel(page, 'Kulukorvaukset').getByRole('link', { name: 'Käsittele kulukorvauksia' }).click();
  await expect(page).toHaveURL('/expenseclaim');
  await expect(page.getByRole('heading', { level: 1, name: 'Kulukorvaukset' })).toBeVisible();
  await page.goBack();
  await panel(page, 'Laskut').getByRole('link', { name: 'Kaikki laskut' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Laskut' })).toBeVisible();
  await page.goBack();
  await panel(page, 'Saldo').getByRole('link', { name: 'Osta saldoa' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Osta saldoa' })).toBeVisible();
  await page.goBack();

  // A phone: one column, nothing sideways, still accessible.
  await page.setViewportSize(PHONE);
  await expect(panel(page, 'Saldo')).toBeVisible();
  await panel(page, 'Saldo').scrollIntoViewIfNeeded();
  await noSideways(page);
  await expectAccessible(page, 'etusivu puhelimessa');
});

test('hallituksen jäsen näkee etusivulla vain jäsenrekisterin: muut alueet eivät ole hänen', async ({ page, request }) => {
  const api = await signIn(request);
  const board = { email: `hilla.${RUN}@example.fi`, password: 'Hallitus-Salasana-2026' };
  await api.post('members/new', { firstname: 'Hilla', lastname: `Hallitus${RUN}`, email: board.email, board: true, newPassword_: board.password, confirmNewPassword_: board.password, bypass_required_fields: true });
  await page.goto('/@login');
  await submitLogin(page, board.email, board.password);
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('member-count')).toBeVisible();
  await expect(page.locator('main section h2')).toHaveText(['Jäsenrekisteri']);
  await expectAccessible(page, 'etusivu hallituksen jäsenelle');
});
