import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type ApiField, requiredCustomValues, signIn } from './helpers/adminApi';
import { expectAccessible } from './helpers/axe';
import { editLinkFromOutbox } from './helpers/outbox';
import { loginAsAdmin, submitLogin } from './helpers/session';
import { e2eDataDir } from './helpers/server';

// A person's data export (GDPR Art. 15): the admin downloads one member's data as JSON and
// PDF from the member's page and opens both; the member asks for their own copy on their
// edit page and it is mailed to them (the outbox) with both files attached.

const RUN = Date.now().toString(36);
const OUTBOX = path.join(e2eDataDir(), 'outbox');
const PASSWORD = 'Tietopyyntö-Salasana-2026';

test('ylläpitäjä lataa henkilön tiedot JSON- ja PDF-tiedostona, jäsen pyytää kopion omista tiedoistaan', async ({ page, request, browser }) => {
  const api = await signIn(request);
  const fields = await api.get<ApiField[]>('fields/all?all_headings=1');
  const email = `tietopyynto.${RUN}@example.fi`;
  const lastname = `Tietopyyntö${RUN}`;
  const created = await api.post<{ id: number }>('members/new', {
    ...Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value])),
    firstname: 'Tiina',
    lastname,
    email,
    address_city: 'Oulu',
    newPassword_: PASSWORD,
    confirmNewPassword_: PASSWORD,
  });
  // A change, so the history has an entry beyond the creation.
  await api.post(`members/${String(created.id)}`, { address_city: 'Kuopio' });

  // The admin on the member's page.
  await loginAsAdmin(page, `/members/${String(created.id)}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: `Tiina ${lastname}` })).toBeVisible();
  await page.getByRole('button', { name: 'Lataa henkilön tiedot' }).click();
  await expect(page.getByRole('link', { name: 'JSON-tiedosto (koneluettava)' })).toBeVisible();
  await expectAccessible(page, 'jäsenen muokkaus, tietojen lataus');
  const jsonDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'JSON-tiedosto (koneluettava)' }).click();
  const json = await jsonDownload;
  expect(json.suggestedFilename()).toMatch(new RegExp(`^jasentiedot-${String(created.id)}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const data = JSON.parse(fs.readFileSync(await json.path(), 'utf8')) as {
    format_version: number;
    member: { name: string };
    history: { entries: { changes: { field: string; old: unknown; new: unknown }[] }[] };
  };
  expect(data.format_version).toBe(1);
  expect(data.member.name).toBe(`Tiina ${lastname}`);
  expect(data.history.entries.some((h) => h.changes.some((c) => c.field === 'address_city' && c.old === 'Oulu' && c.new === 'Kuopio'))).toBe(true);

  // The choices stay open after a download.
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'PDF-tiedosto (luettava)' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const text = execFileSync('pdftotext', ['-layout', (await pdf.path())!, '-']).toString('utf8');
  for (const s of [`Henkilön tiedot: Tiina ${lastname}`, 'Jäsentiedot', 'Muutoshistoria', 'Kuopio', 'Tapahtumaloki', 'sivu 1']) expect(text).toContain(s);

  // The history page offers the same download.
  await page.goto(`/members/${String(created.id)}/history`);
  await expect(page.getByRole('button', { name: 'Lataa henkilön tiedot' })).toBeVisible();
  await expectAccessible(page, 'jäsenen muutoshistoria, tietojen lataus');

  // The member asks for their own copy on their own page.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto('/@login');
  await submitLogin(member, email, PASSWORD);
  await expect(member).toHaveURL('/edit_me_s');
  await expect(member.getByRole('heading', { level: 2, name: 'Omat tietosi' })).toBeVisible();
  await member.getByRole('button', { name: 'Pyydä kopio tiedoistani' }).click();
  await expect(member.getByRole('status').filter({ hasText: 'Tiedot lähetetään sähköpostiisi' })).toBeVisible();
  await expectAccessible(member, 'omat tiedot, kopio pyydetty');

  // The mail in the outbox, with the PDF and the JSON attached.
  await expect
    .poll(() => {
      const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((f) => f.endsWith('.eml')) : [];
      return files.map((f) => fs.readFileSync(path.join(OUTBOX, f), 'utf8')).find((raw) => new RegExp(`^To: ${email.replace(/\./g, '\\.')}$`, 'm').test(raw)) ?? '';
    })
    .toMatch(/jasentiedot-\d+-\d{4}-\d{2}-\d{2}\.pdf[\s\S]*jasentiedot-\d+-\d{4}-\d{2}-\d{2}\.json/);

  // A second request the same day is refused with the message under the section.
  await member.reload();
  await member.getByRole('button', { name: 'Pyydä kopio tiedoistani' }).click();
  await expect(member.getByText('Olet jo pyytänyt kopion tiedoistasi viimeisen vuorokauden aikana.', { exact: false })).toBeVisible();
  await memberContext.close();
});

test('jäsen pyytää kopion tiedoistaan henkilökohtaisella muokkauslinkillä', async ({ page, request }) => {
  const api = await signIn(request);
  const fields = await api.get<ApiField[]>('fields/all?all_headings=1');
  const email = `linkkipyynto.${RUN}@example.fi`;
  await api.post('members/new', {
    ...Object.fromEntries(requiredCustomValues(fields).map(({ field, api: value }) => [field.name, value])),
    firstname: 'Lauri',
    lastname: `Linkki${RUN}`,
    email,
  });
  await api.post('updreqs/send_edit_links', { email });
  await page.goto(await editLinkFromOutbox(email));
  await expect(page.getByRole('heading', { level: 2, name: 'Omat tietosi' })).toBeVisible();
  await page.getByRole('button', { name: 'Pyydä kopio tiedoistani' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Tiedot lähetetään sähköpostiisi' })).toBeVisible();
  await expectAccessible(page, 'omat tiedot linkillä, kopio pyydetty');
});
