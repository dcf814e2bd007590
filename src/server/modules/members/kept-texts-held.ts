import type { Db, Dialect } from '../../db/kysely';
import { inBackground, isClosing } from '../../db/background';
import { listVersions } from '../../db/listVersions';
import { KeptTexts, TEXT_BLOCK, type Pause } from './kept-texts';
import { ranksOf } from './name-ranks';
import * as repo from './repo';

// Each association's quick-search texts kept in memory (kept-texts.ts), per database handle,
// in step with the list version (db/listVersions.ts). A search at a newer version brings them
// up to it by reading again only the members written since; when those cannot be told (a write
// to the field model, many members, a log overrun, another process's SQLite commits) the texts
// are built anew in the background, and searches meanwhile ask the database as before. A
// process holds them for the associations it has searched lately, within a memory limit; a
// process that never searches holds none.

/**
 * `bytes`: memory held in all, over every association of one database handle; `perTenant`: the
 * largest association kept; `written`: members written since a build held beside it before it
 * is built anew (each is matched on every search); `gapMs`: least time between two builds of
 * one association; `chunk`: texts read a query while building. An object so tests can change
 * them.
 */
export const KEPT_TEXT_LIMITS = { bytes: 128 * 1024 * 1024, perTenant: 500_000, written: 2_000, gapMs: 5_000, chunk: 5_000 };

interface Slot {
  kept: KeptTexts | null;
  /** A build of the association is running or waiting. */
  building: boolean;
  /** When its last build started (Date.now()). */
  startedAt: number;
  /** Until when it is too large to keep (Date.now()); 0: not known to be. */
  largeUntil: number;
  /** Bringing the texts up to a version, one search at a time. */
  turn: Promise<unknown>;
}

const held = new WeakMap<object, Map<number, Slot>>();
/** One build at a time per database handle: they read the whole association. */
const builds = new WeakMap<object, Promise<void>>();

/**
 * Lets other work run between steps of a build, idling twice as long as the step took (at most
 * 50 ms), so a build takes about a third of a core. Three processes building at once as they
 * started under load, at full speed, had held requests up to 0.8 s in the build's first second
 * (`npm run bench:load`'s slowest calls).
 */
function pacer(): Pause {
  let last = performance.now();
  return async () => {
    const worked = performance.now() - last;
    await new Promise((resolve) => setTimeout(resolve, Math.min(50, 2 * worked)));
    last = performance.now();
  };
}

/** The version a search is answered at, with the members written since an older one. */
export interface AtVersion {
  version: string | null;
  changedSince(from: string): readonly number[] | null;
}

function slotOf(db: Db, tenantId: number): Slot {
  let byTenant = held.get(db);
  if (!byTenant) held.set(db, (byTenant = new Map()));
  let slot = byTenant.get(tenantId);
  if (slot) byTenant.delete(tenantId);
  else slot = { kept: null, building: false, startedAt: 0, largeUntil: 0, turn: Promise.resolve() };
  // Most recently searched last: the first ones are let go when memory runs short.
  byTenant.set(tenantId, slot);
  return slot;
}

/**
 * The association's texts at `at.version`, or null when they are not at hand: then a build is
 * started (the caller does not wait for it) and the caller searches the database.
 */
export async function keptTexts(db: Db, dialect: Dialect, tenantId: number, at: AtVersion): Promise<KeptTexts | null> {
  if (at.version === null || isClosing(db)) return null;
  const slot = slotOf(db, tenantId);
  const run = slot.turn.then(() => bringUp(db, tenantId, slot, at));
  slot.turn = run.catch(() => undefined);
  // A failed read leaves the search to the database, which reports its own failure.
  const kept = await run.catch(() => null);
  if (kept === null || kept.writtenCount > KEPT_TEXT_LIMITS.written) startBuild(db, dialect, tenantId, slot);
  return kept;
}

/** The slot's texts brought to `at.version`; null when they cannot be. */
async function bringUp(db: Db, tenantId: number, slot: Slot, at: AtVersion): Promise<KeptTexts | null> {
  const kept = slot.kept;
  if (!kept || at.version === null) return null;
  if (kept.version === at.version) return kept;
  const changed = at.changedSince(kept.version);
  // Unknown (or asked at an older version than the texts are at, by a search that read its
  // version before another one brought them on): the database answers this one.
  if (changed === null) return null;
  // Past four times the limit they are no longer worth matching one by one on every search.
  if (kept.writtenCount + changed.length > 4 * KEPT_TEXT_LIMITS.written) return null;
  const now = new Map((await repo.searchTextsOf(db, tenantId, changed)).map((r) => [r.id, r]));
  kept.apply(
    at.version,
    changed.map((id) => {
      const r = now.get(id);
      return { id, text: r?.listed ? r.text : null };
    }),
  );
  letGo(db, slot);
  return kept;
}

function startBuild(db: Db, dialect: Dialect, tenantId: number, slot: Slot): void {
  const now = Date.now();
  if (slot.building || now - slot.startedAt < KEPT_TEXT_LIMITS.gapMs || now < slot.largeUntil) return;
  slot.startedAt = now;
  slot.building = true;
  const run = (builds.get(db) ?? Promise.resolve())
    .then(() => build(db, dialect, tenantId, slot))
    .catch((e: unknown) => console.warn(`[haku] hakutekstien luku muistiin keskeytyi: ${e instanceof Error ? e.message : String(e)}`))
    .finally(() => {
      slot.building = false;
    });
  builds.set(db, inBackground(db, run));
}

/** Reads the association's texts A–Ö and builds them, labelled with the version read first. */
async function build(db: Db, dialect: Dialect, tenantId: number, slot: Slot): Promise<void> {
  if (isClosing(db)) return;
  const pause = pacer();
  // The version before the texts: each text read after it is as it was at some moment after it.
  const versions = await listVersions(db, dialect, tenantId);
  if (!versions) return;
  const limit = Math.min(KEPT_TEXT_LIMITS.perTenant, TEXT_BLOCK * 65535);
  const ids = await idsByName(db, dialect, tenantId, limit + 1, pause);
  if (ids === null) return;
  if (ids.length > limit) {
    slot.kept = null;
    slot.largeUntil = Date.now() + 60_000;
    return;
  }
  const places = ranksOf(ids);
  const texts = new Array<string>(ids.length).fill('');
  // A member written (deleted, renamed, added) since the version was read is told by its log.
  for (let after = 0; ; ) {
    await pause();
    if (isClosing(db)) return;
    const some = await repo.listedTextsAfter(db, tenantId, after, KEPT_TEXT_LIMITS.chunk);
    for (const r of some) {
      const at = places.rankOf(r.id);
      if (at >= 0) texts[at] = r.search_text;
      if (r.id > after) after = r.id;
    }
    if (some.length < KEPT_TEXT_LIMITS.chunk) break;
  }
  const kept = await KeptTexts.build(versions.list, places, texts, pause);
  if (kept.bytes > KEPT_TEXT_LIMITS.bytes) {
    slot.kept = null;
    slot.largeUntil = Date.now() + 60_000;
    return;
  }
  slot.kept = kept;
  letGo(db, slot);
}

/**
 * The association's listed ids A–Ö, at most `limit`; null when the database is closing.
 * SQLite reads them at once (13 ms at 100 000, as one JSON text), PostgreSQL a page at a time.
 */
async function idsByName(db: Db, dialect: Dialect, tenantId: number, limit: number, pause: Pause): Promise<number[] | null> {
  if (dialect === 'sqlite') return repo.listedIdsByName(db, tenantId, limit);
  const ids: number[] = [];
  // A member renamed between two pages may come twice (or not at all): it was written after the
  // version, so the first search reads it again; kept once, its place is left out then.
  const seen = new Set<number>();
  let after: repo.NamePlace | null = null;
  while (ids.length < limit) {
    const page = await repo.listedNamesAfter(db, tenantId, after, Math.min(KEPT_TEXT_LIMITS.chunk, limit - ids.length));
    for (const p of page) {
      if (seen.has(p.id)) continue;
      seen.add(p.id);
      ids.push(p.id);
    }
    if (page.length < KEPT_TEXT_LIMITS.chunk) break;
    after = page[page.length - 1]!;
    await pause();
    if (isClosing(db)) return null;
  }
  return ids;
}

/** Lets go of the least recently searched associations' texts, other than `keep`'s, while over the memory limit. */
function letGo(db: Db, keep: Slot): void {
  const byTenant = held.get(db);
  if (!byTenant) return;
  let total = 0;
  for (const s of byTenant.values()) total += s.kept?.bytes ?? 0;
  for (const s of byTenant.values()) {
    if (total <= KEPT_TEXT_LIMITS.bytes) break;
    if (s === keep) continue;
    total -= s.kept?.bytes ?? 0;
    s.kept = null;
  }
}

/** Waits for the builds started on this database handle (tests). */
export async function keptTextsBuilt(db: Db): Promise<void> {
  await builds.get(db);
}
