import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { signIn } from './helpers/adminApi';
import { loginAsAdmin } from './helpers/session';

// Every page is a lazy chunk (src/web/routes.tsx). Moving between pages by clicking loads
// each chunk once, inside the signed-in frame: the header is never remounted, each page
// renders its heading and gets focus, and no loader stays behind. A switch of language loads
// its catalogue on demand.

const RUN = Date.now().toString(36);
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('sivujen välillä linkeistä: jäsenlista, jäsenen muokkaus, takaisin ja asetukset; yläpalkki pysyy', async ({ page, request }) => {
  const api = await signIn(request);
  await api.post('members/new', { firstname: 'Lauri', lastname: `Laiska ${RUN}`, email: `laiska.${RUN}@example.fi`, bypass_required_fields: true });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });

  await loginAsAdmin(page);
  // The frame's header element: still the same node after every move below.
  const banner = await page.getByRole('banner').elementHandle();
  const bannerKept = () => banner!.evaluate((el) => el.isConnected);
  const nav = page.getByRole('navigation', { name: 'Päävalikko' });

  const beforeList = scripts.length;
  await nav.getByRole('link', { name: 'Jäsenet' }).click();
  await expect(page).toHaveURL('/members');
  await expect(heading(page, 'Jäsenet')).toBeFocused();
  // The list's own chunk arrived on the way, after the first load.
  expect(scripts.slice(beforeList).some((p) => /\/assets\/MembersListPage-[\w-]+\.js$/.test(p))).toBe(true);
  await page.getByLabel('Pikahaku').fill(`Laiska ${RUN}`);
  const member = page.getByRole('table', { name: 'Hakutulokset' }).getByRole('link', { name: `Lauri Laiska ${RUN}` });
  await expect(member).toBeVisible();
  expect(await bannerKept()).toBe(true);
  // The chunk's loader is gone: the page's own status regions (the counts) are the only ones.
  await expect(page.getByRole('status').filter({ hasText: 'Ladataan' })).toHaveCount(0);
  await expect(page.getByTestId('search-count')).toHaveText('Löytyi 1 jäsen');
  await expectAccessible(page, 'jäsenlista ladattuna');

  await member.click();
  await expect(page).toHaveURL(/\/members\/\d+\/edit$/);
  await expect(heading(page, `Lauri Laiska ${RUN}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Sukunimi' })).toHaveValue(`Laiska ${RUN}`);
  expect(await bannerKept()).toBe(true);
  await expectAccessible(page, 'jäsenen muokkaus ladattuna');

  await page.goBack();
  await expect(page).toHaveURL('/members');
  await expect(heading(page, 'Jäsenet')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Jäsenlista' })).toBeVisible();

  await nav.getByRole('link', { name: 'Asetukset' }).click();
  await expect(page).toHaveURL('/config/settings');
  // Its heading is shown (focus went to the heading of its loading state, as before lazy pages).
  await expect(heading(page, 'Asetukset')).toBeVisible();
  expect(await bannerKept()).toBe(true);
  await expectAccessible(page, 'asetukset ladattuna');

  // Back to a page already loaded: no second request for its chunk.
  const listLoads = scripts.filter((p) => p.includes('/MembersListPage-')).length;
  await nav.getByRole('link', { name: 'Jäsenet' }).click();
  await expect(heading(page, 'Jäsenet')).toBeFocused();
  expect(scripts.filter((p) => p.includes('/MembersListPage-')).length).toBe(listLoads);
});

test('kielen vaihto lataa ruotsin käännökset vasta valittaessa', async ({ page }) => {
  const catalogues: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/(sv|en)-[\w-]+\.js$/.test(new URL(r.url()).pathname)) catalogues.push(new URL(r.url()).pathname);
  });
  await loginAsAdmin(page);
  await expect(page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Jäsenet' })).toBeVisible();
  expect(catalogues).toEqual([]);

  await page.getByRole('button', { name: /, käyttäjävalikko$/ }).click();
  await page.getByRole('menuitem', { name: 'Svenska' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await expect(page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Medlemmar' })).toBeVisible();
  expect(catalogues.map((p) => p.replace(/-[\w-]+\.js$/, ''))).toEqual(['/assets/sv']);
  await expectAccessible(page, 'ruotsiksi');

  // Back to Finnish (the next journeys expect it): no catalogue to load.
  await page.getByRole('button', { name: /, användarmeny$/ }).click();
  await page.getByRole('menuitem', { name: 'Suomi' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
  await expect(page.getByRole('navigation', { name: 'Päävalikko' })).toBeVisible();
  expect(catalogues).toHaveLength(1);
});

test('hitaasti latautuva sivu ei vie kohdistusta yläpalkin hausta, johon käyttäjä jo kirjoittaa', async ({ page, request }) => {
  const api = await signIn(request);
  await api.post('members/new', { firstname: 'Hilja', lastname: `Hidas ${RUN}`, email: `hidas.${RUN}@example.fi`, bypass_required_fields: true });
  await loginAsAdmin(page);
  // The member's page chunk is held back until the user has typed the next search.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/MemberEditPage-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  const supersearch = page.getByRole('combobox', { name: 'Hae rekisteristä' });
  await supersearch.fill(`Hidas ${RUN}`);
  await expect(page.getByRole('option', { name: new RegExp(`Hilja Hidas ${RUN}`) })).toBeVisible();
  await supersearch.press('ArrowDown');
  await supersearch.press('Enter');
  await expect(page).toHaveURL(/\/members\/\d+\/edit$/);
  // While the page is still loading, the next search.
  await supersearch.fill('Hilja');
  await expect(supersearch).toHaveAttribute('aria-expanded', 'true');
  release();
  await expect(heading(page, `Hilja Hidas ${RUN}`)).toBeVisible();
  await expect(supersearch).toBeFocused();
  await expect(supersearch).toHaveAttribute('aria-expanded', 'true');

  // A page reached without acting meanwhile still takes focus to its heading.
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Jäsenet' }).click();
  await expect(heading(page, 'Jäsenet')).toBeFocused();
});

/**
 * Opens `url` with the chunk matching `chunk` held back, on a clock that moves only when told
 * (20 ms at a time, until `waiting` shows), then lets the chunk come and stops moving the
 * clock. What React reveals in a "retry" render it holds back on a timer until 300 ms after the
 * loader appeared; ChunkSuspense shows the page in a render of its own as soon as the chunk is
 * there, which needs no timer.
 */
async function chunkArrivesWithTimersStopped(page: Page, url: string, chunk: RegExp, waiting: Locator): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(chunk, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'commit' });
  const deadline = Date.now() + 10_000;
  while (!(await waiting.isVisible())) {
    if (Date.now() > deadline) throw new Error(`${url}: no loader while its chunk was held`);
    await page.clock.runFor(20);
  }
  release();
}

test('sivu näkyy heti, kun sen koodi saapuu, eikä odota ajastinta: jäsenlista kehyksen sisällä', async ({ page }) => {
  await signIn(page.request);
  const loader = page.getByRole('main').getByRole('status').filter({ hasText: 'Ladataan' });
  await chunkArrivesWithTimersStopped(page, '/members', /\/assets\/MembersListPage-[\w-]+\.js$/, loader);
  await expect(heading(page, 'Jäsenet')).toBeVisible();
});

test('sivu näkyy heti, kun sen koodi saapuu, eikä odota ajastinta: kirjautumissivu kehyksen ulkopuolella', async ({ page }) => {
  const loader = page.getByRole('status').filter({ hasText: 'Ladataan' });
  await chunkArrivesWithTimersStopped(page, '/@login', /\/assets\/LoginPage-[\w-]+\.js$/, loader);
  await expect(page.getByRole('textbox', { name: 'Salasana', exact: true })).toBeVisible();
  await expect(loader).toHaveCount(0);
});

test('jäsenlistan ensilataus kysyy istunnon, asetukset, kentät ja ryhmät yhtä aikaa', async ({ page }) => {
  // App.tsx asks for the session and the settings before the first render, and the member
  // list's fields and groups with them (routes.tsx); the layout had asked for the settings
  // only once the session had come, and the page for its fields once it rendered.
  const sent = new Map<string, number>();
  const done = new Map<string, number>();
  const which = (url: string) => new URL(url).pathname.replace('/api/1/', '');
  // When each was first asked for and first answered (a page may ask again as it mounts).
  page.on('request', (r) => {
    if (r.url().includes('/api/1/') && !sent.has(which(r.url()))) sent.set(which(r.url()), Date.now());
  });
  page.on('requestfinished', (r) => {
    if (r.url().includes('/api/1/') && !done.has(which(r.url()))) done.set(which(r.url()), Date.now());
  });
  // The session's reply is held back until the rest have been asked for.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/1\/session\/get/, async (route) => {
    await held;
    await route.continue();
  });
  const waitingFor = new Set(['settings', 'fields/all', 'groups/all']);
  page.on('request', (r) => {
    if (!r.url().includes('/api/1/')) return;
    waitingFor.delete(which(r.url()));
    if (waitingFor.size === 0) release();
  });
  await loginAsAdmin(page, '/members');
  await expect(heading(page, 'Jäsenet')).toBeVisible();
  for (const asked of ['settings', 'fields/all', 'groups/all']) expect(sent.get(asked), asked).toBeLessThanOrEqual(done.get('session/get')!);
  await expect(page.getByRole('table', { name: 'Jäsenlista' })).toBeVisible();
  await expectAccessible(page, 'jäsenlista suoraan osoitteesta');
});

test('jäsenlistan ensilataus kysyy ensimmäisen sivun jäseniä jo sivun koodin latautuessa, ja kerran', async ({ page, request }) => {
  // listModelData.ts asks for the page of members the list will show as soon as the session,
  // fields and groups have come; the list had asked only once its own chunk had come and
  // rendered. The list's own query then takes that answer (api/membersList.ts refetchOnMount).
  const api = await signIn(request);
  await api.post('members/new', { firstname: 'Eino', lastname: `Ennakko ${RUN}`, email: `ennakko.${RUN}@example.fi`, bypass_required_fields: true });
  const bodies: unknown[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/1/members/get_results') bodies.push(r.postDataJSON());
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/MembersListPage-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await loginAsAdmin(page, '/members?page=1');
  await expect.poll(() => bodies.length).toBe(1);
  expect(bodies[0]).toMatchObject({ filter: [], deleted: false, page: 0, pending: false });
  release();
  const table = page.getByRole('table', { name: 'Jäsenlista' });
  await expect(table.locator('tbody tr[data-member-id]').first()).toBeVisible();
  await expect(heading(page, 'Jäsenet')).toBeVisible();
  // Sorting asks for another page, as ever.
  await table.getByRole('columnheader').first().getByRole('button').click();
  await expect.poll(() => bodies.length).toBe(2);
  expect(bodies).toHaveLength(2);
});

test('jäsenlistan ensilataus: kentät ja ryhmät kysytään kerran, yläpalkin haku ladataan jäsenten jälkeen, rivien valikot vasta avattaessa', async ({ page }) => {
  // The list takes the fields and groups asked for with the session instead of asking again as
  // it mounts (useListModel.ts), without the groups' member counts, which it does not show
  // (api/groups.ts), and before the chunk that reads them; quick search's chunk (with the phone number library) is loaded only once
  // the page's rows are there (useAfterFirstData.ts).
  const events: string[] = [];
  const groupsAsked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    const path = url.pathname;
    if (path === '/api/1/groups/all') groupsAsked.push(url.search);
    if (path.startsWith('/api/1/')) events.push(`ask ${path.slice('/api/1/'.length)}`);
    else if (/\/assets\/SuperSearch-[\w-]+\.js$/.test(path)) events.push('search chunk');
    else if (/\/assets\/listModelData-[\w-]+\.js$/.test(path)) events.push('model chunk');
  });
  page.on('requestfinished', (r) => {
    if (new URL(r.url()).pathname === '/api/1/members/get_results') events.push('rows');
  });
  // Nothing reads localStorage on the way (theme.ts colorSchemeManager): a page's first read
  // waits on the browser to open the origin's storage. (React Router reads sessionStorage.)
  await page.addInitScript(() => {
    const read = Storage.prototype.getItem;
    Object.assign(window, { storageReads: 0 });
    Storage.prototype.getItem = function (this: Storage, key: string) {
      if (this === window.localStorage) Object.assign(window, { storageReads: (window as unknown as { storageReads: number }).storageReads + 1 });
      return read.call(this, key);
    };
  });
  await loginAsAdmin(page, '/members');
  await expect(page.getByRole('table', { name: 'Jäsenlista' })).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Hae rekisteristä' });
  await expect(search).toBeVisible();
  expect(events.filter((e) => e === 'ask fields/all')).toHaveLength(1);
  expect(events.filter((e) => e === 'ask groups/all')).toHaveLength(1);
  expect(groupsAsked[0]).not.toContain('get_details');
  // Both go out before the module that reads them has even been asked for (client.ts getEarly).
  expect(events.indexOf('ask fields/all')).toBeLessThan(events.indexOf('model chunk'));
  expect(events.indexOf('ask groups/all')).toBeLessThan(events.indexOf('model chunk'));
  expect(events.indexOf('rows')).toBeGreaterThan(-1);
  expect(events.indexOf('search chunk')).toBeGreaterThan(events.indexOf('rows'));
  await expect(search).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { storageReads: number }).storageReads)).toBe(0);
  await expectAccessible(page, 'jäsenlista ja haku');

  // The rows' menus are only their buttons until one is opened (MemberRowMenu.tsx): no Mantine
  // menu was set up for them (its button would carry the menu's id).
  const table = page.getByRole('table', { name: 'Jäsenlista' });
  const menuButton = table.getByRole('button', { name: /^Toiminnot: / }).first();
  await expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  expect(await table.locator('button[aria-haspopup="menu"][id]').count()).toBe(0);
  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: 'Muokkaa' })).toBeFocused();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await menuButton.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Muokkaa' })).toBeFocused();
});
