import fs from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import { systemFrom } from '../mail/from';
import { readSheets } from '../importer/parse';
import { cleanupUploads, removeUploadFiles, storedKey } from '../importer/cleanup';
import { fileStore, getBuffer } from '../../storage/index';
import { mentions, type Terms } from './erase-terms';
import { compactSqlite, deleteImport, pendingImports, type ErasedDelivery } from './erase-repo';
import { letterFileName, manifestFileName } from '../letters/provider';

// The erase's second half, after the commit: files under DATA_DIR that name the
// erased people, and on SQLite the places where deleted text can outlive its rows.

/** Decodes what a reader of an .eml would see: quoted-printable, base64 parts, encoded words. */
export function emlText(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/gi, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
  const words = raw.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
  const b64 = (raw.match(/(?:^[A-Za-z0-9+/=]{16,}\r?\n)+/gm) ?? []).map((block) => Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8'));
  return [raw, qp, words, ...b64].join('\n');
}

/** Outbox mails of this association addressed to or naming the people. */
async function eraseOutbox(deps: Deps, tenant: Tenant, terms: Terms): Promise<void> {
  const dir = path.join(deps.config.dataDir, 'outbox');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  // The outbox is shared by every association on the server: only this one's mails go.
  const sender = (/<([^>]+)>/.exec(systemFrom(deps.config, tenant))?.[1] ?? '').toLowerCase();
  for (const n of names) {
    if (!n.endsWith('.eml')) continue;
    const p = path.join(dir, n);
    const raw = await fs.readFile(p, 'utf8').catch(() => null);
    if (raw === null) continue;
    const from = /^From:.*$/im.exec(raw)?.[0].toLowerCase() ?? '';
    if (sender && !from.includes(sender)) continue;
    if (mentions(emlText(raw), terms, true)) await fs.rm(p, { force: true });
  }
}

/** Unimported uploads that list the people (finished imports' files are gone already). */
async function eraseUploads(deps: Deps, tenant: Tenant, terms: Terms): Promise<void> {
  await cleanupUploads(deps);
  const pending = await pendingImports(deps.db, tenant.id);
  for (const imp of pending) {
    const key = storedKey(deps.config.dataDir, imp.stored_path);
    const bytes = key ? await getBuffer(fileStore(deps.config), key).catch(() => null) : null;
    let named = bytes === null;
    if (bytes !== null) {
      try {
        const sheets = await readSheets(imp.filename, bytes);
        named = mentions(sheets.map((s) => [s.header.join('\t'), ...s.rows.map((r) => r.cells.map((c) => c.text).join('\t'))].join('\n')).join('\n'), terms, true);
      } catch {
        // A file that cannot be read cannot be imported either.
        named = true;
      }
    }
    if (!named) continue;
    await removeUploadFiles(deps.config, tenant.id, imp.id, imp.stored_path);
    await deleteImport(deps.db, tenant.id, imp.id);
  }
}

/**
 * The outbox files of deliveries to the erased people: SMS requests written as files, and
 * letters not yet taken by the print service, with their rows in the batch manifests.
 */
export async function eraseDeliveryFiles(deps: Deps, deliveries: readonly ErasedDelivery[]): Promise<void> {
  const smsDir = path.join(deps.config.dataDir, 'outbox', 'sms');
  const letterDir = deps.config.outbox.letterDir;
  const manifests = new Map<string, Set<string>>();
  for (const d of deliveries) {
    if (d.medium === 'sms') await fs.rm(path.join(smsDir, `${String(d.id)}.json`), { force: true });
    if (d.medium !== 'letter' && d.medium !== 'pdf') continue;
    await fs.rm(path.join(letterDir, letterFileName(d.medium, { messageId: d.message_id, deliveryId: d.id })), { force: true });
    const m = manifestFileName(d.medium, d.message_id);
    manifests.set(m, (manifests.get(m) ?? new Set()).add(`"${String(d.id)}",`));
  }
  for (const [name, rows] of manifests) {
    const file = path.join(letterDir, name);
    const text = await fs.readFile(file, 'utf8').catch(() => null);
    if (text === null) continue;
    // Each row starts with its quoted delivery id.
    const kept = text.split('\n').filter((line) => ![...rows].some((start) => line.startsWith(start)));
    await fs.writeFile(file, kept.join('\n'), { mode: 0o600 });
  }
}

/** Best effort after the commit: a failure is logged, the rows are gone either way. */
export async function eraseFiles(deps: Deps, tenant: Tenant, terms: Terms, deliveries: readonly ErasedDelivery[] = [], log: (msg: string) => void = (m) => console.warn(m)): Promise<void> {
  for (const [what, step] of [
    ['outbox', () => eraseOutbox(deps, tenant, terms)],
    ['deliveries', () => eraseDeliveryFiles(deps, deliveries)],
    ['uploads', () => eraseUploads(deps, tenant, terms)],
    ['sqlite', () => compactSqlite(deps.db, deps.dialect)],
  ] as const) {
    try {
      await step();
    } catch (e) {
      log(`[poisto] ${what}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
