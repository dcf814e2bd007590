import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { e2eDataDir } from './helpers/server';
import { loginAsAdmin } from './helpers/session';
import { ASSOCIATION_NAME } from './helpers/admin';
import { deliveryToken } from '../src/server/modules/outbox/tokens';

// A recipient opens the web view of a message from its link, without logging in; a site admin
// opens a letter's preview (PDF and page image). The messages are written straight into the
// server's database, as the composer and the outbox would leave them (they have their own journeys).

const dataDir = e2eDataDir();

function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'seura.sqlite'));
  db.pragma('busy_timeout = 5000');
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

function insertMessage(media: string, status: string, subject: string, content: string, delivery?: { address: string; status: string }): { messageId: number; deliveryId: number | null } {
  return withDb((db) => {
    const tenant = db.prepare(`select id from tenants where name = ?`).get(ASSOCIATION_NAME) as { id: number };
    const at = new Date().toISOString();
    const m = db
      .prepare(`insert into messages (tenant_id, kind, msg_media, subject, content, status, recipient_count, created_at, updated_at, sent_at) values (?, 'announcement', ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(tenant.id, media, subject, content, status, delivery ? 1 : 0, at, at, status === 'sent' ? at : null);
    const messageId = Number(m.lastInsertRowid);
    if (!delivery) return { messageId, deliveryId: null };
    const d = db
      .prepare(`insert into deliveries (tenant_id, message_id, member_id, medium, address, status, next_attempt_at, created_at, status_at) values (?, ?, null, ?, ?, ?, ?, ?, ?)`)
      .run(tenant.id, messageId, media, delivery.address, delivery.status, at, at, at);
    return { messageId, deliveryId: Number(d.lastInsertRowid) };
  });
}

const secret = () => fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim();
const statusOf = (deliveryId: number) => withDb((db) => (db.prepare('select status from deliveries where id = ?').get(deliveryId) as { status: string }).status);

test('a recipient reads a message in the browser from its link, and it counts as read', async ({ page }) => {
  const { deliveryId } = insertMessage('email', 'sent', 'Syyskokous 2026', '<h2>Tervetuloa</h2><p>Kokous pidetään <strong>torstaina</strong>. Lue <a href="https://example.fi/kokous">esityslista</a>.</p><script>document.title="x"</script>', {
    address: 'lukija@example.fi',
    status: 'sent',
  });
  await page.goto(`/msg/show/email/${deliveryToken(secret(), 'show', deliveryId!)}`);
  await expect(page).toHaveTitle(`Syyskokous 2026 – ${ASSOCIATION_NAME}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Syyskokous 2026' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Tervetuloa' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'esityslista' })).toHaveAttribute('href', 'https://example.fi/kokous');
  expect(await page.locator('html').getAttribute('lang')).toBe('fi');
  await expectAccessible(page, 'message web view');
  expect(statusOf(deliveryId!)).toBe('read');
  // The link works from the keyboard.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'esityslista' })).toBeFocused();
});

test('a broken link gets a Finnish page, not the app', async ({ page }) => {
  const res = await page.goto('/msg/show/email/123.rikki');
  expect(res?.status()).toBe(404);
  await expect(page).toHaveTitle('Viestiä ei löytynyt');
  await expect(page.getByRole('heading', { level: 1, name: 'Viestiä ei löytynyt' })).toBeVisible();
  await expectAccessible(page, 'message web view not found');
});

test('a site admin opens a letter draft as a PDF and as page images', async ({ page }) => {
  const { messageId } = insertMessage('letter', 'draft', 'Kirje jäsenille', '<h1>Hei jäsen</h1><p>Åsa och Östen hälsar – tervetuloa!</p>');
  const anonymous = await page.request.get(`/msg/letter-preview/${String(messageId)}.pdf`);
  expect(anonymous.status()).toBe(401);
  await loginAsAdmin(page);
  const pdf = await page.request.get(`/msg/letter-preview/${String(messageId)}.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const res = await page.goto(`/msg/letter-preview/${String(messageId)}/1.png`);
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-type']).toBe('image/png');
  const size = await page.locator('img').evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight }));
  expect(size.h).toBe(1240);
  expect(size.w).toBeGreaterThan(800);
});
