import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { normalizeFilter } from '../../../shared/filter/normalize';
import { unreachableReason } from '../../../shared/messages/reach';
import { getAll as getSettings } from '../settings/repo';
import { loadModel } from '../members/model';
import { pageIds } from '../members/list-repo';
import { createDocument, toBuffer } from '../pdf/document';
import { pageToPng } from '../pdf/poppler';
import { addressLines, letterDate, planLetter, renderLetter } from '../letters/letter';
import { htmlToBlocks } from '../pdf/html-blocks';
import * as repo from './repo';

// Letter previews for site admins: a draft shows the letter to its first recipient (a sample
// address when there is none yet); a sent letter or PDF message is the whole file of every
// recipient's letter, streamed as it is drawn. Page images come from pdftoppm, cached per
// message version.

type MessageRow = NonNullable<Awaited<ReturnType<typeof repo.findMessage>>>;

const SAMPLE_ADDRESS = ['Maija Esimerkki', 'Esimerkkikatu 1 A 2', '00100 Helsinki'];
/** Candidates looked at for a draft's first reachable recipient before falling back to the sample. */
const FIRST_CANDIDATES = 50;
/** Letters drawn between turns of the event loop when streaming a whole file. */
const STREAM_CHUNK = 25;
/** Page images: the longer side in pixels (about 150 dpi on A4) and the cache's bounds. */
export const PNG_MAX_PX = 1240;
const CACHE_MAX_ENTRIES = 200;
const CACHE_MAX_BYTES = 64 * 1024 * 1024;

async function letterMessage(deps: Deps, tenant: Tenant, id: number): Promise<MessageRow> {
  const m = await repo.findMessage(deps.db, tenant.id, id);
  // Another association's id, or a message that is not a letter: the same 404.
  if (!m || (m.msg_media !== 'letter' && m.msg_media !== 'pdf')) throw new NotFound();
  return m;
}

const isDraft = (m: MessageRow): boolean => m.status === 'draft' || m.status === 'paying';

function memberAddress(m: Member): string[] {
  return [`${m.firstname} ${m.lastname}`.trim(), (m.address_street ?? '').trim(), `${(m.address_zip ?? '').trim()} ${(m.address_city ?? '').trim()}`];
}

function parseJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}

/** The address of the draft's first recipient a letter can reach: hand-picked ones first, then the filter's A–Ö. */
async function firstRecipientAddress(deps: Deps, tenant: Tenant, m: MessageRow): Promise<string[]> {
  const picked = parseJson(m.addrecips);
  const ids = Array.isArray(picked) ? picked.filter((x): x is number => Number.isSafeInteger(x)).slice(0, FIRST_CANDIDATES) : [];
  const filter = normalizeFilter(parseJson(m.filter));
  if (filter.length > 0 && ids.length < FIRST_CANDIDATES) {
    const model = await loadModel(deps.db, tenant.id);
    const page = await pageIds(
      { db: deps.db, dialect: deps.dialect, tenantId: tenant.id, model },
      { filter, deleted: false, pending: false },
      { sort: { field: 'lastname', dir: 'asc' }, offset: 0, limit: FIRST_CANDIDATES - ids.length },
    );
    ids.push(...page.ids.filter((id) => !ids.includes(id)));
  }
  const byId = new Map((await repo.membersByIds(deps.db, tenant.id, ids)).map((x) => [x.id, x]));
  for (const id of ids) {
    const member = byId.get(id);
    if (member && unreachableReason(member, 'letter') === null) return memberAddress(member);
  }
  return SAMPLE_ADDRESS;
}

async function senderOf(deps: Deps, tenant: Tenant): Promise<string[]> {
  const s = await getSettings(deps.db, tenant.id);
  const replyTo = typeof s.reply_to_email === 'string' ? s.reply_to_email : '';
  return [tenant.name, replyTo].filter(Boolean);
}

function title(m: MessageRow): string {
  return m.subject || `Kirje ${String(m.id)}`;
}

/** A draft's letter to its first recipient, whole (small: one letter). */
async function draftLetter(deps: Deps, tenant: Tenant, m: MessageRow): Promise<Buffer> {
  const doc = createDocument({ title: title(m), author: tenant.name });
  renderLetter(doc, { sender: await senderOf(deps, tenant), address: await firstRecipientAddress(deps, tenant, m), html: m.content, date: letterDate(deps.clock.now()) });
  return toBuffer(doc);
}

/** The PDF the preview URL answers with: a buffer for a draft, a stream of every letter for a sent message. */
export async function letterPreviewPdf(deps: Deps, tenant: Tenant, id: number): Promise<Buffer | Readable> {
  const m = await letterMessage(deps, tenant, id);
  const first = await repo.letterDeliveries(deps.db, tenant.id, m.id, 0, 1);
  if (isDraft(m) || first.length === 0) return draftLetter(deps, tenant, m);
  const doc = createDocument({ title: title(m), author: tenant.name });
  const sender = await senderOf(deps, tenant);
  const date = letterDate(m.sent_at ? new Date(m.sent_at) : deps.clock.now());
  // Drawn in pieces after the reply has started: pdfkit streams pages as they are added.
  void (async () => {
    try {
      let after = 0;
      // A client that went away destroys the stream: stop drawing for nobody.
      while (!doc.destroyed) {
        const rows = await repo.letterDeliveries(deps.db, tenant.id, m.id, after, STREAM_CHUNK);
        // Each letter starts on its own sheet when the file is printed double-sided.
        for (const r of rows) renderLetter(doc, { sender, address: addressLines(r.address), html: m.content, date }, { evenPages: true });
        if (rows.length < STREAM_CHUNK) break;
        after = rows.at(-1)!.id;
        await yieldToLoop();
      }
      if (!doc.destroyed) doc.end();
    } catch (e) {
      doc.emit('error', e);
    }
  })();
  return doc as unknown as Readable;
}

// Page images by (tenant, message, version, page): a version is the message's updated_at
// and status, so an edited draft or a sent message never shows an older image.
const cache = new Map<string, Buffer>();
let cacheBytes = 0;

function remember(key: string, png: Buffer): void {
  cache.set(key, png);
  cacheBytes += png.length;
  for (const [k, v] of cache) {
    if (cache.size <= CACHE_MAX_ENTRIES && cacheBytes <= CACHE_MAX_BYTES) break;
    cache.delete(k);
    cacheBytes -= v.length;
  }
}

/** Page `page` (from 1) of the message's letter as a PNG; for a sent message, of its first letter. */
export async function letterPreviewPng(deps: Deps, tenant: Tenant, id: number, page: number): Promise<Buffer> {
  const m = await letterMessage(deps, tenant, id);
  const pages = planLetter(htmlToBlocks(m.content)).pages.length;
  if (page < 1 || page > pages) throw new NotFound();
  const key = `${String(tenant.id)}:${String(m.id)}:${m.updated_at}:${m.status}:${String(page)}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit); // most recently used last
    return hit;
  }
  let pdf: Buffer;
  const first = await repo.letterDeliveries(deps.db, tenant.id, m.id, 0, 1);
  if (isDraft(m) || first.length === 0) pdf = await draftLetter(deps, tenant, m);
  else {
    const doc = createDocument({ title: title(m), author: tenant.name });
    renderLetter(doc, { sender: await senderOf(deps, tenant), address: addressLines(first[0]!.address), html: m.content, date: letterDate(m.sent_at ? new Date(m.sent_at) : deps.clock.now()) });
    pdf = await toBuffer(doc);
  }
  const png = await pageToPng(pdf, page, PNG_MAX_PX);
  remember(key, png);
  return png;
}

/** For tests: forget cached page images. */
export function clearPreviewCache(): void {
  cache.clear();
  cacheBytes = 0;
}
